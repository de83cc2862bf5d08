"""ScratchDir: a killed process's scratch directories go with the next one of their kind, and
nothing else does (a live process's, one being made, a link, a file, another kind)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from graft_core.scratch import ScratchDir


@pytest.fixture
def temp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    return tmp_path


def test_what_dead_processes_left_goes_and_nothing_else(temp: Path) -> None:
    dead = temp / "graft-x-dead"  # as a killed process leaves it: unlocked
    (dead / "deep").mkdir(parents=True)
    (dead / "deep" / "page").write_bytes(b"p" * 100)
    making = temp / "graft-x-new.making"
    making.mkdir()
    elsewhere = temp / "target"
    elsewhere.mkdir()
    (elsewhere / "keep").write_text("keep")
    (temp / "graft-x-link").symlink_to(elsewhere, target_is_directory=True)
    (temp / "graft-x-file").write_text("a file")
    (temp / "graft-y-dead").mkdir()
    with ScratchDir("graft-x-") as live:
        (live / "data").write_text("live")
        with ScratchDir("graft-x-") as second:  # sweeps again: the live one is locked
            assert (live / "data").read_text() == "live"
            assert second != live
        assert not second.exists()
        assert not dead.exists()
        assert {p.name for p in temp.iterdir()} == {
            live.name,
            making.name,
            "target",
            "graft-x-link",
            "graft-x-file",
            "graft-y-dead",
        }
        assert (elsewhere / "keep").read_text() == "keep"
    assert not live.exists()


def test_cleanup_is_once(temp: Path) -> None:
    scratch = ScratchDir("graft-x-")
    scratch.cleanup()
    scratch.cleanup()
    assert list(temp.iterdir()) == []
