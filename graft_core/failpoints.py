"""Named fail points for crash and fault tests.

``GRAFT_FAILPOINTS="name=crash,other=error"`` arms points in a process: ``crash`` SIGKILLs the
process at that point (as a power cut would stop it), ``error`` raises ``FailPointError``,
``pause`` holds the process there (so a test can kill it mid-way): it creates
``$GRAFT_FAILPOINT_DIR/NAME.PID.reached`` and waits until ``$GRAFT_FAILPOINT_DIR/NAME.resume``
exists. Unset, every point is a dictionary lookup and nothing more.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager

from graft_core.errors import FailPointError

__all__ = ["FailPointError", "armed", "armed_failpoints", "failpoint"]

ENV_VAR = "GRAFT_FAILPOINTS"
DIR_ENV_VAR = "GRAFT_FAILPOINT_DIR"
_ACTIONS = ("crash", "error", "pause")
_PAUSE_POLL_S = 0.02


def _parse(spec: str) -> dict[str, str]:
    points: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in spec.split(","))):
        name, sep, action = item.partition("=")
        if not sep or not name or action not in _ACTIONS:
            raise ValueError(f"{ENV_VAR}: expected name=crash|error|pause, got {item!r}")
        points[name] = action
    return points


_ARMED = _parse(os.environ.get(ENV_VAR, ""))


@contextmanager
def armed(name: str, action: str) -> Iterator[None]:
    """Arm ``name`` with ``action`` in this process for the block, as the environment would."""
    if action not in _ACTIONS:
        raise ValueError(f"fail point action must be one of {_ACTIONS}, got {action!r}")
    before = _ARMED.get(name)
    _ARMED[name] = action
    try:
        yield
    finally:
        if before is None:
            del _ARMED[name]
        else:
            _ARMED[name] = before


def armed_failpoints() -> dict[str, str]:
    return dict(_ARMED)


def failpoint(name: str) -> None:
    """Crash or fail here if the environment armed this point; otherwise do nothing."""
    action = _ARMED.get(name)
    if action == "crash":
        os.kill(os.getpid(), signal.SIGKILL)
    elif action == "error":
        raise FailPointError(f"fail point {name!r} triggered")
    elif action == "pause":
        _pause(name)


def _pause(name: str) -> None:
    """Announce this process at ``name`` and wait for the test to let it go on (a file: the
    paused process may be on any host of a test cluster, sharing only this directory)."""
    where = os.environ.get(DIR_ENV_VAR)
    if not where:
        raise ValueError(f"{ENV_VAR}: {name}=pause needs {DIR_ENV_VAR}")
    base = os.path.join(where, name)
    with open(f"{base}.{os.getpid()}.reached", "w"):
        pass
    # A test-only point: a short poll is simpler than a notification across processes.
    while not os.path.exists(f"{base}.resume"):
        time.sleep(_PAUSE_POLL_S)
