"""SIGKILL before and after the commit record's PUT: the next start pushes the same commit
once, with no lost and no duplicate commit."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.direct.support import Remote, stored_commits, stored_lsns
from tests.support.polling import wait_until
from tests.sync.support import page, write_pages

CHILD = Path(__file__).with_name("direct_child.py")
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("point", "landed"), [("push.before_commit", False), ("push.after_commit", True)]
)
def test_crash_around_the_commit_put(
    remote: Remote, tmp_path: Path, point: str, landed: bool
) -> None:
    data_dir = tmp_path / "a"
    with remote.client(data_dir) as client:
        volume = client.create_volume()
        write_pages(volume, {1: page("one")})
        assert volume.push() == 1
        write_pages(volume, {2: page("two")})
        vid = volume.vid

    env = remote.child_env() | {"GRAFT_FAILPOINTS": f"{point}=crash", "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, str(CHILD), str(data_dir), remote.url, str(vid)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == -signal.SIGKILL, (result.returncode, result.stderr)
    assert stored_lsns(remote, vid) == ([1, 2] if landed else [1])

    with remote.client(data_dir) as client:
        volume = client.open_volume(vid)  # resumes the interrupted push in the background
        write_pages(volume, {3: page("after the crash")})
        wait_until(lambda: volume.log()[1].remote_lsn == 2, 20, "the push to resume")
        assert volume.push() == 3
        assert volume.push() is None
    records = stored_commits(remote, vid)
    assert [r.lsn for r in records] == [1, 2, 3]
    assert len({r.commit_hash for r in records}) == 3
    with remote.lite() as lite:
        assert lite.read_many(vid, [1, 2, 3]) == {
            1: page("one"),
            2: page("two"),
            3: page("after the crash"),
        }
