"""The ``graft`` command through its real entry point: the happy paths."""

from __future__ import annotations

import datetime
import os
from pathlib import Path

import pytest

from graft_client import Client
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE, PAGE_SIZE
from tests.cli.runner import GRAFT, clean_env, graft, ok, ok_json


def page_of(byte: int) -> bytes:
    return bytes([byte]) * PAGE_SIZE


def patterned_page(seed: int) -> bytes:
    return bytes((i * 7 + seed) % 256 for i in range(PAGE_SIZE))


def make_volume(data_dir: Path, *pages: tuple[int, bytes], sync: str = "both") -> VolumeId:
    """A volume made in-process with one commit per (pageidx, data)."""
    with Client(data_dir) as client:
        vol = client.create_volume(sync=sync)
        for idx, data in pages:
            with vol.writer() as w:
                w.write(idx, data)
        return vol.vid


def read_in_process(
    data_dir: Path, vid: str | VolumeId, pageidx: int, lsn: int | None = None
) -> bytes:
    with Client(data_dir) as client, client.open_volume(vid).reader(lsn) as reader:
        return reader.read(pageidx)


def parse_hexdump(text: str) -> bytes:
    """Rebuild the bytes of an ``xxd``-style dump where ``*`` repeats the previous line."""
    lines = text.splitlines()
    total = int(lines[-1], 16)
    out = bytearray()
    previous = b""
    pending_repeat = False
    for line in lines[:-1]:
        if line == "*":
            pending_repeat = True
            continue
        offset = int(line[:8], 16)
        if pending_repeat:
            while len(out) < offset:
                out += previous
            pending_repeat = False
        assert offset == len(out), line
        previous = bytes.fromhex(line[10 : 10 + 16 * 3])
        out += previous
    while pending_repeat and len(out) < total:
        out += previous
    assert len(out) == total
    return bytes(out)


# --- volume create / list / status -----------------------------------------------------------


def test_volume_create_prints_a_new_volume_id(tmp_path: Path) -> None:
    out = ok("volume", "create", data_dir=tmp_path).decode()
    assert out.endswith("\n") and out.count("\n") == 1
    vid = VolumeId.parse(out.strip())
    with Client(tmp_path) as client:
        vol = client.open_volume(vid)
        assert vol.snapshot() is None
        assert vol.sync_mode.value == "both"


def test_volume_create_json(tmp_path: Path) -> None:
    info = ok_json("volume", "create", "--sync", "disabled", data_dir=tmp_path)
    vid = VolumeId.parse(info["vid"])
    assert info["snapshot"] is None
    assert info["status"] == "ok"
    assert info["sync"] == "disabled"
    with Client(tmp_path) as client:
        assert client.open_volume(vid).sync_mode.value == "disabled"


def test_volume_list_text_and_json(tmp_path: Path) -> None:
    assert ok("volume", "list", data_dir=tmp_path).decode().strip() == "no volumes"
    assert ok_json("volume", "list", data_dir=tmp_path) == []
    a = make_volume(tmp_path, (5, page_of(1)), (2, page_of(2)))
    b = make_volume(tmp_path, sync="pull")

    listed = {row["vid"]: row for row in ok_json("volume", "list", data_dir=tmp_path)}
    assert set(listed) == {str(a), str(b)}
    assert listed[str(a)]["snapshot"] == {"lsn": 2, "page_count": 5, "remote_lsn": None}
    assert listed[str(b)]["snapshot"] is None
    assert listed[str(b)]["sync"] == "pull"

    lines = ok("volume", "list", data_dir=tmp_path).decode().splitlines()
    assert len(lines) == 2
    line_a = next(line for line in lines if line.startswith(str(a)))
    assert "lsn=2" in line_a and "pages=5" in line_a
    line_b = next(line for line in lines if line.startswith(str(b)))
    assert "lsn=-" in line_b and "sync=pull" in line_b


def test_volume_status_text_and_json(tmp_path: Path) -> None:
    vid = make_volume(tmp_path, (3, page_of(1)), (7, page_of(2)), (1, page_of(3)))
    status = ok_json("volume", "status", str(vid), data_dir=tmp_path)
    assert status == {
        "vid": str(vid),
        "snapshot": {"lsn": 3, "page_count": 7, "remote_lsn": None},
        "status": "ok",
        "sync": "both",
        "pushing": False,
        "retained_lsns": [1, 3],
        "origin": None,
    }
    text = ok("volume", "status", str(vid), data_dir=tmp_path).decode()
    rows = {line[:12].strip(): line[12:].strip() for line in text.splitlines()}
    assert rows == {
        "volume": str(vid),
        "local lsn": "3",
        "remote lsn": "-",
        "page count": "7",
        "status": "ok",
        "sync": "both",
        "log": "LSN 1..3",
    }


def test_volume_status_of_a_volume_without_commits(tmp_path: Path) -> None:
    vid = make_volume(tmp_path)
    status = ok_json("volume", "status", str(vid), data_dir=tmp_path)
    assert status["snapshot"] is None
    assert status["retained_lsns"] is None


# --- write -------------------------------------------------------------------------------------


def test_write_fill_commits_a_page(tmp_path: Path) -> None:
    vid = make_volume(tmp_path)
    out = ok("write", str(vid), "3", "--fill", "0x41", data_dir=tmp_path).decode()
    assert "LSN 1" in out and "page count 3" in out
    assert read_in_process(tmp_path, vid, 3) == b"A" * PAGE_SIZE
    assert read_in_process(tmp_path, vid, 1) == EMPTY_PAGE

    snap = ok_json("write", str(vid), "2", "--fill", "66", data_dir=tmp_path)
    assert snap == {"lsn": 2, "page_count": 3, "remote_lsn": None}
    assert read_in_process(tmp_path, vid, 2) == b"B" * PAGE_SIZE
    assert read_in_process(tmp_path, vid, 3) == b"A" * PAGE_SIZE


def test_write_file_commits_its_bytes(tmp_path: Path) -> None:
    vid = make_volume(tmp_path)
    data = patterned_page(3)
    src = tmp_path / "page.bin"
    src.write_bytes(data)
    snap = ok_json("write", str(vid), "9", "--file", src, data_dir=tmp_path)
    assert snap == {"lsn": 1, "page_count": 9, "remote_lsn": None}
    assert read_in_process(tmp_path, vid, 9) == data


def test_write_file_from_stdin(tmp_path: Path) -> None:
    vid = make_volume(tmp_path, (1, page_of(1)))
    data = patterned_page(11)
    snap = ok_json("write", str(vid), "1", "--file", "-", data_dir=tmp_path, stdin=data)
    assert snap["lsn"] == 2
    assert read_in_process(tmp_path, vid, 1) == data
    assert read_in_process(tmp_path, vid, 1, lsn=1) == page_of(1)


# --- read --------------------------------------------------------------------------------------


def test_read_to_a_pipe_is_the_raw_page(tmp_path: Path) -> None:
    data = patterned_page(5)
    vid = make_volume(tmp_path, (4, data))
    assert ok("read", str(vid), "4", data_dir=tmp_path) == data
    # Never written, and beyond the page count: zeros.
    assert ok("read", str(vid), "2", data_dir=tmp_path) == EMPTY_PAGE
    assert ok("read", str(vid), "5000", data_dir=tmp_path) == EMPTY_PAGE


def test_read_out_file(tmp_path: Path) -> None:
    data = patterned_page(9)
    vid = make_volume(tmp_path, (1, data))
    dest = tmp_path / "out.bin"
    assert ok("read", str(vid), "1", "--out", dest, data_dir=tmp_path) == b""
    assert dest.read_bytes() == data


def test_read_hex_is_a_faithful_dump(tmp_path: Path) -> None:
    data = b"hello, graft!" + bytes(PAGE_SIZE - 13 - 16) + bytes(range(16))
    vid = make_volume(tmp_path, (1, data))
    text = ok("read", str(vid), "1", "--hex", data_dir=tmp_path).decode()
    first = text.splitlines()[0]
    assert first.startswith("00000000  68 65 6c 6c 6f")
    assert first.endswith("hello, graft!...")
    assert "*" in text.splitlines()  # the run of zero lines is collapsed
    assert len(text.splitlines()) < 10
    assert parse_hexdump(text) == data

    busy = patterned_page(1)
    vid2 = make_volume(tmp_path, (1, busy))
    assert parse_hexdump(ok("read", str(vid2), "1", "--hex", data_dir=tmp_path).decode()) == busy


def test_read_older_snapshots_with_lsn(tmp_path: Path) -> None:
    vid = make_volume(tmp_path, (1, page_of(0x41)), (1, page_of(0x42)), (2, page_of(0x43)))
    v = str(vid)
    assert ok("read", v, "1", "--lsn", "1", data_dir=tmp_path) == page_of(0x41)
    assert ok("read", v, "1", "--lsn", "2", data_dir=tmp_path) == page_of(0x42)
    assert ok("read", v, "1", data_dir=tmp_path) == page_of(0x42)
    assert ok("read", v, "2", "--lsn", "2", data_dir=tmp_path) == EMPTY_PAGE
    assert ok("read", v, "2", "--lsn", "3", data_dir=tmp_path) == page_of(0x43)


# --- log and compact ---------------------------------------------------------------------------


def test_log_lists_commits_and_changed_pages(tmp_path: Path) -> None:
    assert ok("log", str(make_volume(tmp_path)), data_dir=tmp_path).decode().strip() == "no commits"

    with Client(tmp_path) as client:
        vol = client.create_volume()
        with vol.writer() as w:
            w.write(1, page_of(1))
            w.write(4, page_of(1))
        with vol.writer() as w:
            w.write(2, page_of(2))
        with vol.writer() as w:
            w.truncate(2)
        vid = str(vol.vid)

    entries = ok_json("log", vid, data_dir=tmp_path)  # newest first
    assert [e["lsn"] for e in entries] == [3, 2, 1]
    assert [e["pages"] for e in entries] == [[4], [2], [1, 4]]
    assert [e["pages_changed"] for e in entries] == [1, 1, 2]
    assert [e["page_count"] for e in entries] == [2, 4, 4]
    assert all(e["remote_lsn"] is None for e in entries)
    assert entries[0]["created_ms"] >= entries[2]["created_ms"]

    # --limit keeps the newest.
    assert [e["lsn"] for e in ok_json("log", vid, "--limit", "2", data_dir=tmp_path)] == [3, 2]

    lines = ok("log", vid, data_dir=tmp_path).decode().splitlines()
    assert len(lines) == 4
    assert lines[0].split() == ["LSN", "TIME", "PAGES", "CHANGED", "REMOTE"]
    lsn, day, clock, pages, changed, remote = lines[3].split()
    assert (lsn, pages, changed, remote) == ("1", "4", "2", "-")
    # Local time, ISO style, with the offset: the time of the commit to the second.
    stamp = datetime.datetime.fromisoformat(f"{day}T{clock}")
    assert stamp.utcoffset() is not None
    assert abs(stamp.timestamp() * 1000 - entries[2]["created_ms"]) < 1000


def test_compact_reclaims_only_outside_the_retention_policy(tmp_path: Path) -> None:
    vid = make_volume(
        tmp_path, (1, page_of(0x41)), (1, page_of(0x42)), (1, page_of(0x43)), sync="disabled"
    )
    v = str(vid)
    # The default policy keeps the last 64 snapshots: nothing to reclaim.
    assert ok_json("compact", data_dir=tmp_path) == {"pages": 0, "commits": 0}
    assert [e["lsn"] for e in ok_json("log", v, data_dir=tmp_path)] == [3, 2, 1]
    assert ok("read", v, "1", "--lsn", "1", data_dir=tmp_path) == page_of(0x41)

    keep_one = clean_env(GRAFT_KEEP_COMMITS="1")
    out = ok("compact", data_dir=tmp_path, env=keep_one).decode()
    assert out.strip() == "reclaimed old versions of 1 page and 2 commit records"
    assert [e["lsn"] for e in ok_json("log", v, data_dir=tmp_path)] == [3]
    old = graft("read", v, "1", "--lsn", "1", data_dir=tmp_path)
    assert old.returncode == 2
    assert b"no longer retained" in old.stderr
    assert ok("read", v, "1", data_dir=tmp_path) == page_of(0x43)
    assert ok_json("compact", data_dir=tmp_path, env=keep_one) == {"pages": 0, "commits": 0}


# --- help and data dir -------------------------------------------------------------------------

HELP: list[tuple[list[str], list[str]]] = [
    ([], ["--data-dir", "--quiet", "volume", "write", "read", "log", "compact", "Examples:"]),
    (["volume"], ["create", "list", "status", "delete", "Examples:"]),
    (["volume", "delete"], ["VID", "--yes", "--force", "--remote"]),
    (["fetch"], ["VID", "--json"]),
    (["daemon"], ["--verbose", "--wait-ms"]),
    (["volume", "create"], ["--sync", "--json", "disabled", "push", "pull", "both"]),
    (["volume", "list"], ["--json"]),
    (["volume", "status"], ["VID", "--json"]),
    (["write"], ["VID", "PAGEIDX", "--file", "--fill", "--json"]),
    (["read"], ["VID", "PAGEIDX", "--lsn", "--out", "--hex"]),
    (["log"], ["VID", "--limit", "--remote", "--json", "newest first"]),
    (["compact"], ["--json"]),
    (["demo"], []),
]


@pytest.mark.parametrize(("command", "mentions"), HELP, ids=lambda x: " ".join(x) or "graft")
def test_help(tmp_path: Path, command: list[str], mentions: list[str]) -> None:
    data_dir = tmp_path / "never-created"
    out = ok(*command, "--help", data_dir=data_dir).decode()
    assert out.startswith(f"Usage: graft {' '.join(command)}".rstrip())
    for word in [*mentions, "--help"]:
        assert word in out, (command, word)
    assert not data_dir.exists()


def test_short_help_alias(tmp_path: Path) -> None:
    assert ok("write", "-h", data_dir=tmp_path) == ok("write", "--help", data_dir=tmp_path)


def test_graft_dir_env_is_the_default_data_dir(tmp_path: Path) -> None:
    env_dir = tmp_path / "from-env"
    xdg = tmp_path / "xdg"
    env = clean_env(GRAFT_DIR=str(env_dir), XDG_DATA_HOME=str(xdg))
    vid = ok("volume", "create", data_dir=None, env=env).decode().strip()
    ok("write", vid, "1", "--fill", "7", data_dir=None, env=env)

    assert [r["vid"] for r in ok_json("volume", "list", data_dir=None, env=env)] == [vid]
    assert read_in_process(env_dir, vid, 1) == page_of(7)
    assert not xdg.exists()
    # An explicit --data-dir wins over the environment.
    other = tmp_path / "explicit"
    elsewhere = ok("volume", "create", data_dir=other, env=env).decode().strip()
    assert [r["vid"] for r in ok_json("volume", "list", data_dir=other, env=env)] == [elsewhere]
    assert [r["vid"] for r in ok_json("volume", "list", data_dir=None, env=env)] == [vid]


def test_console_script_is_the_installed_entry_point() -> None:
    assert GRAFT.exists() and os.access(GRAFT, os.X_OK)
