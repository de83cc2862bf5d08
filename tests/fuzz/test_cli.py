"""``graft`` with random argv, in process: exit 0, 1 or 2 only, never a traceback; a failure is
one ``error:`` line (or click's usage text for malformed argv) and changes nothing stored.

Commands that serve, run Spark, open a shell or run forever are not fuzzed; no server URL is
ever given, so the sync commands fail before any connection."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import example, given
from hypothesis import strategies as st

from graft_client import Client
from graft_client.cli import cli
from graft_client.volume import VolumeInfo
from graft_core.ids import SegmentId, VolumeId
from graft_core.types import PAGE_SIZE
from tests.fuzz.budget import share_of_profile

COMMANDS: dict[tuple[str, ...], list[str]] = {
    ("volume", "create"): ["--sync", "--json"],
    ("volume", "list"): ["--json"],
    ("volume", "status"): ["--json"],
    ("write",): ["--file", "--fill", "--json"],
    ("read",): ["--lsn", "--out", "--hex", "--remote"],
    ("log",): ["--limit", "--json"],
    ("compact",): ["--json"],
    ("segment", "inspect"): ["--json"],
    ("push",): ["--json"],
    ("pull",): ["--wait-ms", "--json"],
    ("sync",): ["--json"],
    ("reset",): ["--json"],
    ("status",): ["--json"],
    ("clone",): ["--json"],
    ("volume",): [],
    ("segment",): [],
    (): ["--version"],
}
NUMBERS = ["0", "1", "2", "-1", "255", "256", "4096", str(2**32 - 1), str(2**32), str(2**64), "1e3"]
WORDS = ["", "-", "--", "-h", "--help", "both", "push", "pull", "disabled", "bogus", "x" * 300]
FILES = ["page", "short", "missing", "subdir", "subdir/nested"]  # relative to the run's cwd


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A data dir with one volume of one commit, and that volume's id."""
    path = tmp_path_factory.mktemp("cli-fuzz") / "data"
    with Client(path) as client:
        volume = client.create_volume()
        with volume.writer() as writer:
            writer.write(1, b"A" * PAGE_SIZE)
        return path, str(volume.vid)


def _state(data_dir: Path) -> list[VolumeInfo]:
    with Client(data_dir) as client:
        return client.volumes()


VID = "{vid}"  # the stored volume's id, filled in when the command runs
IDS = [VID, VID + "1", str(VolumeId.random()), str(SegmentId.random()), "1" * 22, "0" * 22]


def tokens() -> st.SearchStrategy[str]:
    free_text = st.text(st.characters(blacklist_characters="/:\\\0"), max_size=12)
    return st.sampled_from(IDS + NUMBERS + WORDS + FILES) | free_text


@st.composite
def argvs(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(sorted(COMMANDS)))
    options = COMMANDS[command] + ["--data-dir", "--metastore", "--token"]
    rest = draw(st.lists(st.sampled_from(options) | tokens(), max_size=6))
    return [*command, *rest]


@pytest.fixture
def run(stored: tuple[Path, str], tmp_path: Path) -> Iterator[Callable[[list[str]], Result]]:
    (tmp_path / "page").write_bytes(b"P" * PAGE_SIZE)
    (tmp_path / "short").write_bytes(b"s" * 100)
    (tmp_path / "subdir").mkdir()
    cwd = Path.cwd()
    os.chdir(tmp_path)  # relative paths in argv land here
    try:
        yield lambda argv: CliRunner().invoke(
            cli, ["--data-dir", str(stored[0]), *argv], env=_no_graft_env(), prog_name="graft"
        )
    finally:
        os.chdir(cwd)


def _no_graft_env() -> dict[str, str | None]:
    return {name: None for name in os.environ if name.startswith("GRAFT_")}


def assert_well_behaved(result: Result) -> None:
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"uncaught {result.exception!r}") from result.exception
    assert result.exit_code in (0, 1, 2), (result.exit_code, result.stderr)
    assert "Traceback" not in result.stderr
    if result.exit_code == 0:
        return
    lines = result.stderr.splitlines()
    if lines and lines[0].startswith("Usage: "):
        assert result.exit_code == 2
        # One "Error:" line, or none when a group got no command and shows its help.
        assert sum(line.startswith("Error: ") for line in lines) <= 1, result.stderr
    else:
        # Ours ("error: ...", exit 1 or 2) or click's one-line usage error ("Error: ...", exit 2).
        assert len(lines) == 1, result.stderr
        assert lines[0].startswith("error: ") or (
            result.exit_code == 2 and lines[0].startswith("Error: ")
        ), result.stderr


@share_of_profile(0.4)
@given(argv=argvs())
@example(argv=["read", VID, "1", "--lsn", str(2**64)])
@example(argv=["--data-dir"])  # click's one-line usage error
@example(argv=["volume"])  # a group without a command shows its help
@example(argv=["segment", "inspect", "\ud800"])  # not valid text: no path can encode it
def test_random_argv_exits_0_1_or_2_and_failures_change_nothing(
    stored: tuple[Path, str], run: Callable[[list[str]], Result], argv: list[str]
) -> None:
    data_dir, vid = stored
    before = _state(data_dir)
    result = run([token.replace(VID, vid) for token in argv])
    assert_well_behaved(result)
    if result.exit_code != 0:
        assert _state(data_dir) == before, argv
