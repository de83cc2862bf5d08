"""Two processes giving one tag to different volumes without moving it (``move=False``, as
``graft import --tag`` and ``graft fork --tag`` do): one gets it, the other ``TagInUseError``;
neither overwrites the other's tag."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from pathlib import Path

from graft_client import Client
from graft_core.failpoints import armed
from tests.cli.runner import clean_env
from tests.multiproc.conftest import ROOT
from tests.support.polling import wait_until

TAGGER = """
import sys
from graft_client import Client
from graft_core.errors import TagInUseError
with Client(sys.argv[1]) as client:
    try:
        client.tag("shared", sys.argv[2], move=False)
        print("tagged")
    except TagInUseError:
        print("in use")
"""
# How long the second tagger gets to finish while the first is paused after its check: it
# finishes if the check and the write are apart; it waits for the first one if they are one.
RACE_WINDOW_S = 2.0


def tagger(data_dir: Path, vid: str, env: dict[str, str]) -> subprocess.Popen[str]:
    argv = [sys.executable, "-c", TAGGER, str(data_dir), vid]
    return subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, text=True, env=env)


def test_a_tag_given_by_two_processes_at_once_goes_to_one_and_the_other_is_refused(
    tmp_path: Path, gate: Path
) -> None:
    data_dir = tmp_path / "data"
    env = clean_env(GRAFT_FAILPOINT_DIR=str(gate))
    with Client(data_dir) as owner, armed("tag.checked", "pause"):
        first, second = (str(owner.create_volume().vid) for _ in range(2))
        # The first tagger stops after its check (wherever the check runs: here or there).
        paused = tagger(data_dir, first, {**env, "GRAFT_FAILPOINTS": "tag.checked=pause"})
        wait_until(lambda: any(gate.glob("tag.checked.*.reached")), 30, "the first check")
        other = tagger(data_dir, second, env)
        with contextlib.suppress(subprocess.TimeoutExpired):  # waiting for the first one's tag
            other.wait(RACE_WINDOW_S)
        (gate / "tag.checked.resume").touch()
        outcomes = [proc.communicate(timeout=60)[0].strip() for proc in (paused, other)]
        tagged = owner.tags()["shared"]
    assert sorted(outcomes) == ["in use", "tagged"]
    winner = first if outcomes[0] == "tagged" else second
    assert str(tagged) == winner
