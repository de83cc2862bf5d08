"""``graft volume create --encrypt``, ``graft key generate|rotate``, and how the key is given:
--key-file, --passphrase (asked), GRAFT_KEY_FILE, GRAFT_PASSPHRASE; bad or missing keys exit 2."""

from __future__ import annotations

import signal
import stat
from pathlib import Path

from tests.cli.runner import graft, ok, ok_json, servers_env, stderr_lines
from tests.pagestore.cluster import Cluster


def _env(cluster: Cluster, **extra: str) -> dict[str, str]:
    return servers_env(cluster.metastore.url, cluster.pagestore.url, **extra)


def test_encrypted_volume_through_the_cli(cluster: Cluster, tmp_path: Path) -> None:
    key = tmp_path / "volume.key"
    assert ok("key", "generate", key, data_dir=None).decode().strip() == str(key)
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert len(key.read_text().strip()) == 64
    again = graft("key", "generate", key, data_dir=None)
    assert again.returncode == 2 and len(stderr_lines(again)) == 1

    env = _env(cluster, GRAFT_KEY_FILE=str(key))
    a = tmp_path / "a"
    vid = ok("volume", "create", "--encrypt", data_dir=a, env=env).decode().strip()
    ok("write", vid, "1", "--fill", "0x41", data_dir=a, env=env)
    ok("push", vid, data_dir=a, env=env)
    assert ok("key", "rotate", vid, data_dir=a, env=env).decode().strip() == "2"
    ok("write", vid, "2", "--fill", "0x42", data_dir=a, env=env)
    ok("push", vid, data_dir=a, env=env)

    b = tmp_path / "b"
    plain = _env(cluster)
    ok("--key-file", key, "clone", vid, data_dir=b, env=plain)
    assert ok("--key-file", key, "read", vid, "2", data_dir=b, env=plain) == b"B" * 4096
    remote = ok("--key-file", key, "read", "--remote", vid, "1", data_dir=b, env=plain)
    assert remote == b"A" * 4096

    # A passphrase volume, its passphrase asked for on the terminal or taken from the env.
    c = tmp_path / "c"
    asked = graft(
        "--passphrase", "volume", "create", "--encrypt", data_dir=c, env=plain, stdin=b"pw\n"
    )
    assert asked.returncode == 0, asked.stderr
    pvid = asked.stdout.decode().strip()
    ok("write", pvid, "1", "--fill", "0x43", data_dir=c, env=_env(cluster, GRAFT_PASSPHRASE="pw"))
    ok("push", pvid, data_dir=c, env=_env(cluster, GRAFT_PASSPHRASE="pw"))
    d = tmp_path / "d"
    wrong = graft("clone", pvid, data_dir=d, env=_env(cluster, GRAFT_PASSPHRASE="nope"))
    assert wrong.returncode == 2, wrong.stderr
    assert len(stderr_lines(wrong)) == 1 and "does not open" in wrong.stderr.decode()


def test_missing_and_bad_keys_exit_2_with_one_line(cluster: Cluster, tmp_path: Path) -> None:
    env = _env(cluster)
    for args in (
        ("volume", "create", "--encrypt"),
        ("--key-file", tmp_path / "missing.key", "volume", "create"),
        ("--key-file", tmp_path / "k", "--passphrase", "volume", "list"),
    ):
        proc = graft(*args, data_dir=tmp_path / "x", env=env)
        assert proc.returncode == 2, (args, proc.stderr)
        assert len(stderr_lines(proc)) == 1 and b"Traceback" not in proc.stderr
        # In the words of the command line, not of the Python API (it said "pass encryption=").
        assert b"encryption=" not in proc.stderr and b"key=" not in proc.stderr
    (tmp_path / "bad.key").write_text("short")
    proc = graft(
        "--key-file", tmp_path / "bad.key", "volume", "list", data_dir=tmp_path / "x", env=env
    )
    assert proc.returncode == 2 and len(stderr_lines(proc)) == 1
    key = tmp_path / "k"
    ok("key", "generate", key, data_dir=None)
    vid = (
        ok(
            "volume",
            "create",
            "--encrypt",
            data_dir=tmp_path / "a",
            env=_env(cluster, GRAFT_KEY_FILE=str(key)),
        )
        .decode()
        .strip()
    )
    ok(
        "write",
        vid,
        "1",
        "--fill",
        "1",
        data_dir=tmp_path / "a",
        env=_env(cluster, GRAFT_KEY_FILE=str(key)),
    )
    ok("push", vid, data_dir=tmp_path / "a", env=_env(cluster, GRAFT_KEY_FILE=str(key)))
    keyless = graft("clone", vid, data_dir=tmp_path / "y", env=env)
    assert keyless.returncode == 2 and len(stderr_lines(keyless)) == 1
    assert "end-to-end encrypted" in keyless.stderr.decode()
    plain_vid = ok("volume", "create", data_dir=tmp_path / "x", env=env).decode().strip()
    rotate = graft("key", "rotate", plain_vid, data_dir=tmp_path / "x", env=env)
    assert rotate.returncode == 2 and "not encrypted" in rotate.stderr.decode()


def test_encrypt_local_through_the_cli(cluster: Cluster, tmp_path: Path) -> None:
    key = tmp_path / "volume.key"
    ok("key", "generate", key, data_dir=None)
    env = _env(cluster, GRAFT_KEY_FILE=str(key))
    a, b = tmp_path / "a", tmp_path / "b"
    create = ("volume", "create", "--encrypt", "--encrypt-local")
    vid = ok(*create, data_dir=a, env=env).decode().strip()
    ok("write", vid, "1", "--fill", "0x41", data_dir=a, env=env)
    ok("push", vid, data_dir=a, env=env)
    ok("clone", "--encrypt-local", vid, data_dir=b, env=env)
    assert ok("read", vid, "1", data_dir=b, env=env) == b"A" * 4096
    for data_dir in (a, b):
        keyless = graft("read", vid, "1", data_dir=data_dir, env=_env(cluster))
        assert keyless.returncode == 2 and len(stderr_lines(keyless)) == 1, keyless.stderr
    plain = graft("volume", "create", "--encrypt-local", data_dir=a, env=env)
    assert plain.returncode == 2 and len(stderr_lines(plain)) == 1
    # A copy already here keeps how it came: --encrypt-local cannot seal it now, and says so
    # (it was dropped without a word: "already cloned" as if its pages were sealed here).
    c = tmp_path / "c"
    ok("clone", vid, data_dir=c, env=env)
    late = graft("clone", "--encrypt-local", vid, data_dir=c, env=env)
    assert late.returncode == 2, late.stderr
    assert stderr_lines(late) == [
        f"error: volume {vid} is already here with its pages not sealed at rest: "
        f"--encrypt-local is chosen when a volume comes here (`graft volume delete {vid}`, "
        f"then clone it again)"
    ]
    assert "already cloned" in ok("clone", "--encrypt-local", vid, data_dir=b, env=env).decode()


def test_a_push_killed_after_its_commit_then_a_rotation_lands_through_the_cli(
    cluster: Cluster, tmp_path: Path
) -> None:
    """The installed ``graft``, SIGKILLed (a fail point) once the metastore took its commit
    and before it recorded the answer; then ``graft key rotate``; then ``graft push`` resends
    the cut-off commit sealed as the first try was (the metastore answers it as the stored
    one) and the commit made since, sealed with the new key. A clone elsewhere reads both."""
    key = tmp_path / "volume.key"
    ok("key", "generate", key, data_dir=None)
    env = _env(cluster, GRAFT_KEY_FILE=str(key))
    a, b = tmp_path / "a", tmp_path / "b"
    vid = ok("volume", "create", "--encrypt", data_dir=a, env=env).decode().strip()
    ok("write", vid, "1", "--fill", "0x41", data_dir=a, env=env)
    killed = graft(
        "push", vid, data_dir=a, env={**env, "GRAFT_FAILPOINTS": "push.after_commit=crash"}
    )
    assert killed.returncode == -signal.SIGKILL, killed.stderr
    assert ok("key", "rotate", vid, data_dir=a, env=env).decode().strip() == "2"
    ok("write", vid, "2", "--fill", "0x42", data_dir=a, env=env)
    pushed = ok_json("push", vid, data_dir=a, env=env)
    assert (pushed["remote_lsn"], pushed["resumed"]) == (2, True), pushed
    status = ok_json("status", vid, data_dir=a, env=env)
    assert (status["status"], status["unpushed_commits"]) == ("ok", 0)
    ok("clone", vid, data_dir=b, env=env)
    assert ok("read", vid, "1", data_dir=b, env=env) == b"A" * 4096
    assert ok("read", vid, "2", data_dir=b, env=env) == b"B" * 4096
