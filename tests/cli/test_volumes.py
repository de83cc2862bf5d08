"""``graft log --remote``, ``graft volume delete``, the counts push and fetch print and the
last sync ``graft status`` shows, through the installed entry point."""

from __future__ import annotations

import datetime
from pathlib import Path

from tests.cli.runner import graft, ok, ok_json, servers_env, stderr_lines
from tests.pagestore.cluster import Cluster


def test_remote_log_is_the_servers_history_newest_first(cluster: Cluster, tmp_path: Path) -> None:
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    vid = ok("volume", "create", data_dir=tmp_path, env=env).decode().strip()
    for pageidx in (1, 2, 3):
        ok("write", vid, str(pageidx), "--fill", "1", data_dir=tmp_path, env=env)
        ok("push", vid, data_dir=tmp_path, env=env)
    ok("write", vid, "4", "--fill", "1", data_dir=tmp_path, env=env)  # not pushed

    remote = ok_json("log", vid, "--remote", data_dir=tmp_path, env=env)
    assert [c["lsn"] for c in remote] == [3, 2, 1]
    assert [c["page_count"] for c in remote] == [3, 2, 1]
    assert remote[0]["ts_ms"] >= remote[2]["ts_ms"] > 0
    newest = ok_json("log", vid, "--remote", "--limit", "2", data_dir=tmp_path, env=env)
    assert [c["lsn"] for c in newest] == [3, 2]
    assert [c["lsn"] for c in ok_json("log", vid, data_dir=tmp_path, env=env)] == [4, 3, 2, 1]

    lines = ok("log", vid, "--remote", data_dir=tmp_path, env=env).decode().splitlines()
    assert lines[0].split() == ["LSN", "TIME", "PAGES", "SEGMENTS", "HASH"]
    lsn, day, clock, pages, _, _ = lines[1].split()
    assert (lsn, pages) == ("3", "3")
    stamp = datetime.datetime.fromisoformat(f"{day}T{clock}")
    assert abs(stamp.timestamp() * 1000 - remote[0]["ts_ms"]) < 1000


def test_delete_asks_refuses_unpushed_and_removes_only_local_state(
    cluster: Cluster, tmp_path: Path
) -> None:
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    vid = ok("volume", "create", data_dir=tmp_path, env=env).decode().strip()
    keep = ok("volume", "create", data_dir=tmp_path, env=env).decode().strip()
    ok("write", vid, "1", "--fill", "0x41", data_dir=tmp_path, env=env)
    ok("write", keep, "1", "--fill", "0x42", data_dir=tmp_path, env=env)

    def listed() -> set[str]:
        return {row["vid"] for row in ok_json("volume", "list", data_dir=tmp_path, env=env)}

    unpushed = graft("volume", "delete", vid, "--yes", data_dir=tmp_path, env=env)
    assert unpushed.returncode == 1
    [line] = stderr_lines(unpushed)
    assert line.startswith("error: ") and "1 unpushed" in line and f"`graft push {vid}`" in line
    assert "--force" in line
    assert listed() == {vid, keep}

    ok("push", vid, data_dir=tmp_path, env=env)
    declined = graft("volume", "delete", vid, data_dir=tmp_path, env=env, stdin=b"n\n")
    assert declined.returncode == 1
    assert "Delete the local copy of volume" in declined.stderr.decode()
    assert stderr_lines(declined)[-1] == "error: not deleted (answer y, or pass --yes)"
    no_answer = graft("volume", "delete", vid, data_dir=tmp_path, env=env, stdin=b"")
    assert no_answer.returncode == 1
    assert listed() == {vid, keep}

    remote = graft("volume", "delete", vid, "--remote", "--yes", data_dir=tmp_path, env=env)
    assert remote.returncode == 1
    assert stderr_lines(remote)[0].startswith("error: deleting a volume on the servers is not")
    assert listed() == {vid, keep}

    out = ok("volume", "delete", vid, data_dir=tmp_path, env=env, stdin=b"y\n").decode()
    assert (
        out.strip()
        == f"deleted the local copy of volume {vid}; the servers keep LSN 1: `graft clone {vid}`"
    )
    assert listed() == {keep}
    gone = graft("log", vid, data_dir=tmp_path, env=env)
    assert gone.returncode == 2 and vid in gone.stderr.decode()
    assert ok("read", keep, "1", data_dir=tmp_path, env=env) == b"B" * 4096

    # The servers' copy comes back, with no trace of the old local state.
    cloned = ok_json("clone", vid, data_dir=tmp_path, env=env)
    assert cloned["cloned"] is True
    # As `graft status` says whose process owns the data dir, so does the status clone prints.
    assert cloned["owner"] == "this process (nothing else had it open)" and cloned["owner_pid"]
    assert ok("read", vid, "1", data_dir=tmp_path, env=env) == b"A" * 4096
    assert [c["lsn"] for c in ok_json("log", vid, data_dir=tmp_path, env=env)] == [1]


def test_force_deletes_unpushed_commits(tmp_path: Path) -> None:
    vid = ok("volume", "create", data_dir=tmp_path).decode().strip()
    for pageidx in (1, 2):
        ok("write", vid, str(pageidx), "--fill", "1", data_dir=tmp_path)
    ok("volume", "delete", vid, "--force", "--yes", data_dir=tmp_path)
    assert ok_json("volume", "list", data_dir=tmp_path) == []
    # A new volume of the same data dir starts clean.
    other = ok("volume", "create", data_dir=tmp_path).decode().strip()
    assert ok_json("log", other, data_dir=tmp_path) == []


def test_push_and_fetch_count_pages_in_the_right_number(cluster: Cluster, tmp_path: Path) -> None:
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    a, b = tmp_path / "a", tmp_path / "b"
    vid = ok("volume", "create", data_dir=a, env=env).decode().strip()
    ok("write", vid, "1", "--fill", "1", data_dir=a, env=env)
    assert ok("push", vid, data_dir=a, env=env).decode().strip() == (
        "pushed local LSN 1 (1 page) as remote LSN 1"
    )
    ok("clone", vid, data_dir=b, env=env)
    assert ok("fetch", vid, data_dir=b, env=env).decode().strip() == "fetched 1 page"
    for pageidx in ("2", "3"):
        ok("write", vid, pageidx, "--fill", "1", data_dir=a, env=env)
    assert ok("push", vid, data_dir=a, env=env).decode().strip() == (
        "pushed local LSN 3 (2 pages) as remote LSN 2"
    )
    ok("pull", vid, data_dir=b, env=env)
    assert ok("fetch", vid, data_dir=b, env=env).decode().strip() == "fetched 2 pages"


def test_remote_delete_of_a_volume_not_here_does_not_offer_a_local_delete(
    cluster: Cluster, tmp_path: Path
) -> None:
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    vid = ok("volume", "create", data_dir=tmp_path / "a", env=env).decode().strip()
    ok("write", vid, "1", "--fill", "1", data_dir=tmp_path / "a", env=env)
    ok("push", vid, data_dir=tmp_path / "a", env=env)
    proc = graft("volume", "delete", vid, "--remote", "--yes", data_dir=tmp_path / "b", env=env)
    assert proc.returncode == 1
    [line] = stderr_lines(proc)
    assert line.startswith("error: deleting a volume on the servers is not supported"), line
    assert f"{tmp_path / 'b'} has no copy of {vid}" in line
    assert "without --remote" not in line


def test_status_in_a_new_process_shows_the_last_sync(cluster: Cluster, tmp_path: Path) -> None:
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    a, b = tmp_path / "a", tmp_path / "b"
    vid = ok("volume", "create", data_dir=a, env=env).decode().strip()
    ok("write", vid, "1", "--fill", "1", data_dir=a, env=env)
    assert ok_json("status", vid, data_dir=a, env=env)["last_sync_age_s"] is None
    ok("push", vid, data_dir=a, env=env)
    pushed = ok_json("status", vid, data_dir=a, env=env)["last_sync_age_s"]
    assert isinstance(pushed, float) and 0 <= pushed < 60
    ok("clone", vid, data_dir=b, env=env)  # an applied pull
    assert isinstance(ok_json("status", vid, data_dir=b, env=env)["last_sync_age_s"], float)
    fresh = ok("volume", "create", data_dir=b, env=env).decode().strip()
    ok("pull", fresh, data_dir=b, env=env)  # up to date: the servers have none of it
    assert isinstance(ok_json("status", fresh, data_dir=b, env=env)["last_sync_age_s"], float)


def test_status_shows_object_store_requests_only_in_direct_mode(
    cluster: Cluster, tmp_path: Path
) -> None:
    """Through servers the client makes no object-store request: ``store_puts 0`` and the like
    were rows that meant nothing. A direct client's are counts, zero included."""
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    vid = ok("volume", "create", data_dir=tmp_path / "a", env=env).decode().strip()
    ok("write", vid, "1", "--fill", "1", data_dir=tmp_path / "a", env=env)
    ok("push", vid, data_dir=tmp_path / "a", env=env)
    for args in (("status", vid), ("status",)):
        text = ok(*args, data_dir=tmp_path / "a", env=env).decode()
        assert "store_" not in text and "pages_fetched" in text, text
        found = ok_json(*args, data_dir=tmp_path / "a", env=env)
        for report in found if isinstance(found, list) else [found]:
            assert "remote_lsn" in report and not any(k.startswith("store_") for k in report)
    direct = ("--remote", f"file://{tmp_path / 'store'}")
    fresh = ok(*direct, "volume", "create", data_dir=tmp_path / "d").decode().strip()
    report = ok_json(*direct, "status", fresh, data_dir=tmp_path / "d")
    assert (report["store_puts"], report["store_gets"], report["store_lists"]) == (0, 0, 0)
    assert "store_puts       0" in ok(*direct, "status", fresh, data_dir=tmp_path / "d").decode()
