"""Bad input to ``graft``: exit code 2, one clear error line, and nothing stored changes."""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from graft_client import Client
from graft_core.ids import SegmentId, VolumeId
from graft_core.types import PAGE_SIZE
from tests.cli.runner import clean_env, graft, ok, ok_json, stderr_lines


@dataclass(frozen=True)
class Stored:
    """A data dir with one volume of two commits, and its state as the CLI reports it."""

    data_dir: Path
    vid: str
    files: Path
    state: dict[str, Any]


def cli_state(data_dir: Path, vid: str) -> dict[str, Any]:
    return {
        "status": ok_json("volume", "status", vid, data_dir=data_dir),
        "log": ok_json("log", vid, data_dir=data_dir),
    }


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Stored:
    root = tmp_path_factory.mktemp("cli-bad-input")
    data_dir = root / "data"
    with Client(data_dir) as client:
        vol = client.create_volume()
        with vol.writer() as w:
            w.write(1, b"A" * PAGE_SIZE)
        with vol.writer() as w:
            w.write(2, b"B" * PAGE_SIZE)
        vid = str(vol.vid)
    files = root / "files"
    files.mkdir()
    (files / "short").write_bytes(b"x" * (PAGE_SIZE - 1))
    (files / "long").write_bytes(b"x" * (PAGE_SIZE + 1))
    (files / "empty").write_bytes(b"")
    (files / "page").write_bytes(b"P" * PAGE_SIZE)
    state = cli_state(data_dir, vid)
    assert state["status"]["snapshot"]["lsn"] == 2
    assert [e["lsn"] for e in state["log"]] == [2, 1]  # newest first
    return Stored(data_dir, vid, files, state)


def assert_error_line(proc: subprocess.CompletedProcess[bytes], *mentions: str) -> str:
    """Exactly one stderr line, ``error: ...``, mentioning each of ``mentions``."""
    lines = stderr_lines(proc)
    assert len(lines) == 1, proc.stderr.decode()
    line = lines[0]
    assert line.startswith("error: ")
    for word in mentions:
        assert word in line, (word, line)
    return line


def assert_usage_error(proc: subprocess.CompletedProcess[bytes], *mentions: str) -> None:
    """A malformed command line: one ``error:`` line that names the help to read."""
    line = assert_error_line(proc, *mentions)
    assert line.endswith(" --help`)"), line
    assert "Usage:" not in line


@dataclass(frozen=True)
class Case:
    args: tuple[str, ...]
    kind: str  # "error" (our one-line message) or "usage" (click's usage error)
    mentions: tuple[str, ...]
    stdin: bytes | None = None


SID = str(SegmentId.random())
CID_TEXT = "2" * 22  # well-formed base58, but not a valid id of any kind
UNKNOWN_VID = str(VolumeId.random())

CASES: dict[str, Case] = {
    "file too short": Case(
        ("write", "{vid}", "1", "--file", "{files}/short"), "error", ("4096", "4095")
    ),
    "file too long": Case(
        ("write", "{vid}", "1", "--file", "{files}/long"), "error", ("4096", "4097")
    ),
    "file empty": Case(("write", "{vid}", "3", "--file", "{files}/empty"), "error", ("4096",)),
    "stdin too short": Case(
        ("write", "{vid}", "1", "--file", "-"), "error", ("4096", "100"), stdin=b"z" * 100
    ),
    "missing file": Case(("write", "{vid}", "1", "--file", "{files}/nope"), "usage", ("--file",)),
    "bad vid text (write)": Case(
        ("write", "not-a-volume", "1", "--fill", "1"), "error", ("VolumeId",)
    ),
    "bad vid text (read)": Case(("read", "0OIl" * 5 + "11", "1"), "error", ("base58",)),
    "bad vid text (status)": Case(("volume", "status", "abc"), "error", ("VolumeId", "22")),
    "bad vid text (log)": Case(("log", CID_TEXT), "error", ("VolumeId",)),
    "segment id as vid (write)": Case(
        ("write", SID, "1", "--fill", "1"), "error", ("VolumeId", "0xA0", "it is a SegmentId")
    ),
    "segment id as vid (read)": Case(("read", SID, "1"), "error", ("VolumeId", "a SegmentId")),
    # Which text it was (it said only "not a VolumeId: prefix byte 0x00", an outside tester).
    "id of no kind as vid (read)": Case(
        ("read", "1" * 22, "1"), "error", ("invalid VolumeId '1111111111111111111111'",)
    ),
    "unknown volume (write)": Case(
        ("write", UNKNOWN_VID, "1", "--fill", "1"), "error", (UNKNOWN_VID,)
    ),
    "unknown volume (read)": Case(
        ("read", UNKNOWN_VID, "1"), "error", (UNKNOWN_VID, "does not exist")
    ),
    "unknown volume (status)": Case(("volume", "status", UNKNOWN_VID), "error", (UNKNOWN_VID,)),
    "unknown volume (log)": Case(("log", UNKNOWN_VID), "error", (UNKNOWN_VID,)),
    "negative pageidx as option": Case(("write", "{vid}", "-1", "--fill", "1"), "usage", ("-1",)),
    "negative pageidx (write)": Case(
        ("write", "--fill", "1", "{vid}", "--", "-1"), "error", ("page index -1",)
    ),
    "negative pageidx (read)": Case(("read", "{vid}", "--", "-1"), "error", ("page index -1",)),
    "pageidx 0 (write)": Case(("write", "{vid}", "0", "--fill", "1"), "error", ("page index 0",)),
    "pageidx 0 (read)": Case(
        ("read", "{vid}", "0", "--out", "{files}/out0"), "error", ("page index 0",)
    ),
    "pageidx 2**32 (write)": Case(
        ("write", "{vid}", str(2**32), "--fill", "1"), "error", (str(2**32), str(2**32 - 1))
    ),
    "pageidx 2**32 (read)": Case(("read", "{vid}", str(2**32)), "error", (str(2**32),)),
    "pageidx not a number": Case(("write", "{vid}", "one", "--fill", "1"), "usage", ("PAGEIDX",)),
    "fill 256": Case(("write", "{vid}", "1", "--fill", "256"), "usage", ("--fill", "256")),
    "fill -1": Case(("write", "{vid}", "1", "--fill", "-1"), "usage", ("--fill",)),
    "fill xyz": Case(("write", "{vid}", "1", "--fill", "xyz"), "usage", ("--fill", "xyz")),
    "both file and fill": Case(
        ("write", "{vid}", "1", "--fill", "1", "--file", "{files}/page"),
        "usage",
        ("--file", "--fill"),
    ),
    "neither file nor fill": Case(("write", "{vid}", "1"), "usage", ("--file", "--fill")),
    "read lsn beyond latest": Case(
        ("read", "{vid}", "1", "--lsn", "3"), "error", ("3", "latest: 2")
    ),
    "read lsn 0": Case(("read", "{vid}", "1", "--lsn", "0"), "error", ("LSN",)),
    "log limit 0": Case(("log", "{vid}", "--limit", "0"), "usage", ("--limit",)),
    "create sync bogus": Case(
        ("volume", "create", "--sync", "bogus"), "usage", ("--sync", "bogus")
    ),
}


@pytest.mark.parametrize("case", CASES.values(), ids=list(CASES))
def test_bad_input_exits_2_with_one_clear_message_and_changes_nothing(
    stored: Stored, case: Case
) -> None:
    args = [a.format(vid=stored.vid, files=stored.files) for a in case.args]
    proc = graft(*args, data_dir=stored.data_dir, stdin=case.stdin)
    assert proc.returncode == 2, (proc.returncode, proc.stderr.decode())
    assert b"Traceback" not in proc.stderr
    assert proc.stdout == b""
    if case.kind == "error":
        assert_error_line(proc, *case.mentions)
    else:
        assert_usage_error(proc, *case.mentions)
    assert cli_state(stored.data_dir, stored.vid) == stored.state
    assert not (stored.files / "out0").exists()


def test_bad_sync_mode_creates_no_volume(stored: Stored) -> None:
    before = ok_json("volume", "list", data_dir=stored.data_dir)
    proc = graft("volume", "create", "--sync", "bogus", "--json", data_dir=stored.data_dir)
    assert proc.returncode == 2
    assert ok_json("volume", "list", data_dir=stored.data_dir) == before
    assert [row["vid"] for row in before] == [stored.vid]


def test_unwritable_out_path_is_one_line_not_a_traceback(stored: Stored) -> None:
    dest = stored.files / "no-such-dir" / "page.bin"
    proc = graft("read", stored.vid, "1", "--out", dest, data_dir=stored.data_dir)
    assert proc.returncode == 1
    assert_error_line(proc, str(dest))
    assert not dest.exists()


def test_commands_attach_to_another_client_of_the_data_dir(tmp_path: Path) -> None:
    with Client(tmp_path) as client:
        vol = client.create_volume()
        vid = str(vol.vid)
        listed = json.loads(ok("volume", "list", "--json", data_dir=tmp_path))
        assert [row["vid"] for row in listed] == [vid]
        ok("write", vid, "1", "--fill", "1", data_dir=tmp_path)
        snapshot = vol.snapshot()
        assert snapshot is not None and snapshot.lsn == 1
        created = ok("volume", "create", data_dir=tmp_path).decode().strip()
        assert sorted(str(info.vid) for info in client.volumes()) == sorted([vid, created])


def test_pipeline_without_pyspark_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    # Python imports sitecustomize at start-up: this one makes pyspark absent, in `graft` and in
    # the `python -m graft_pipeline` it would start.
    (tmp_path / "sitecustomize.py").write_text("import sys\nsys.modules['pyspark'] = None\n")
    path = os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")])
    proc = graft(
        "pipeline", "verify", "--data-dir", tmp_path, data_dir=None, env=clean_env(PYTHONPATH=path)
    )
    assert proc.returncode == 1, proc.stderr.decode()
    assert_error_line(proc, "PySpark", "[pipeline]")


@pytest.mark.parametrize(
    "args",
    [
        ("push", "{vid}"),
        ("pull", "{vid}"),
        ("fork", "{vid}"),
        ("log", "--remote", "{vid}"),
        ("read", "--remote", "{vid}", "1"),
    ],
)
def test_a_command_that_needs_servers_without_any_is_a_usage_error(
    stored: Stored, args: tuple[str, ...]
) -> None:
    """Every command that needs the servers says how to name them, with the same exit code
    (push and fork said it with 1, read --remote with 2), and changes nothing."""
    proc = graft(*(arg.format(vid=stored.vid) for arg in args), data_dir=stored.data_dir)
    assert proc.returncode == 2, proc.stderr.decode()
    assert_error_line(proc, "GRAFT_METASTORE/GRAFT_PAGESTORE")
    assert cli_state(stored.data_dir, stored.vid) == stored.state
