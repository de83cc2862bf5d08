"""Client configuration: explicit arguments first, then ``GRAFT_*`` environment variables."""

from __future__ import annotations

import os
from pathlib import Path

from graft_core.errors import InvalidInputError
from graft_core.urls import check_server_url

__all__ = [
    "DEFAULT_KEEP_COMMITS",
    "resolve_data_dir",
    "resolve_keep_commits",
    "resolve_server_url",
]

DEFAULT_KEEP_COMMITS = 64


def resolve_data_dir(data_dir: str | os.PathLike[str] | None) -> Path:
    """``data_dir``, else ``$GRAFT_DIR``, else ``$XDG_DATA_HOME/graft`` (~/.local/share/graft)."""
    if data_dir is not None:
        return Path(data_dir)
    from_env = os.environ.get("GRAFT_DIR")
    if from_env:
        return Path(from_env)
    xdg = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(xdg) / "graft"


def resolve_keep_commits(keep_commits: int | None) -> int:
    """How many recent local snapshots stay readable (``$GRAFT_KEEP_COMMITS``, default 64)."""
    if keep_commits is None:
        raw = os.environ.get("GRAFT_KEEP_COMMITS", str(DEFAULT_KEEP_COMMITS))
        try:
            keep_commits = int(raw)
        except ValueError:
            raise InvalidInputError(f"GRAFT_KEEP_COMMITS must be an integer, got {raw!r}") from None
    if isinstance(keep_commits, bool) or not isinstance(keep_commits, int) or keep_commits < 1:
        raise InvalidInputError(f"keep_commits must be an integer >= 1, got {keep_commits!r}")
    return keep_commits


def resolve_server_url(url: str | None, service: str) -> str | None:
    """``url``, else ``$GRAFT_{SERVICE}``, checked; None when neither is set."""
    value = url or os.environ.get(f"GRAFT_{service.upper()}") or None
    return None if value is None else check_server_url(value, service)
