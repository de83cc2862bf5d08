"""Named fail points for crash and fault tests.

``GRAFT_FAILPOINTS="name=crash,other=error"`` arms points in a process: ``crash`` SIGKILLs the
process at that point (as a power cut would stop it), ``error`` raises ``FailPointError``.
Unset, every point is a dictionary lookup and nothing more.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager

from graft_core.errors import FailPointError

__all__ = ["FailPointError", "armed", "armed_failpoints", "failpoint"]

ENV_VAR = "GRAFT_FAILPOINTS"
_ACTIONS = ("crash", "error")


def _parse(spec: str) -> dict[str, str]:
    points: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in spec.split(","))):
        name, sep, action = item.partition("=")
        if not sep or not name or action not in _ACTIONS:
            raise ValueError(f"{ENV_VAR}: expected name=crash|error, got {item!r}")
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
