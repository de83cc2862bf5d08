"""Library exceptions as ``graft`` tells them: one line, in the command's words, with what to do.

Exit code 2 for bad input (a malformed or unknown id, a bad URL), 1 for everything else.
"""

from __future__ import annotations

import errno
import re
from collections.abc import Callable
from pathlib import Path

from graft_client.cli.output import USAGE_ERROR, CliError
from graft_client.storage.db import FULL_ADVICE
from graft_core.errors import (
    AuthError,
    CommitRejectedError,
    ConflictError,
    DataDirLockedError,
    ForbiddenError,
    GraftError,
    InvalidInputError,
    KeyRequiredError,
    NotFoundError,
    ServiceUnavailableError,
    StorageFullError,
    VolumeNotFoundError,
)

__all__ = ["translate", "unknown_volume"]

_VID = re.compile(r"\b[1-9A-HJ-NP-Za-km-z]{22}\b")
_NOT_A_SERVICE = re.compile(
    r"^(\S+) is not a (metastore|pagestore)\b(?:: it is a graft (metastore|pagestore)\b)?"
)
_URL = re.compile(r"https?://[^/\s]+")
_SERVICE = re.compile(r"\b(metastore|pagestore)\b")
_STATE = re.compile(r"in state (\w+)")
_CLIENT_DIR_IN_USE = re.compile(r"^data dir (.+) is in use by another graft client\b")
_NOT_HERE = re.compile(r"\bdoes not exist in (.+)$")
_PROBE_S = 2.0  # how long a server named in an error may take to say which it is


def _vid_in(message: str) -> str:
    found = _VID.search(message)
    return found.group(0) if found else "VID"


def _conflict(exc: ConflictError) -> str:
    vid = _vid_in(str(exc))
    reset = f"`graft reset {vid}` drops the unpushed local commits and takes the servers' state"
    if isinstance(exc, CommitRejectedError):
        return f"the servers rejected the push of {vid}: another client pushed first; {reset}"
    state = _STATE.search(str(exc))
    return f"volume {vid} is in state {state.group(1) if state else 'conflict'}: {reset}, first"


def _unavailable(exc: ServiceUnavailableError) -> str:
    message = str(exc)
    url = found.group(0) if (found := _URL.search(message)) else "the server"
    service = named.group(1) if (named := _SERVICE.search(message)) else "server"
    if "timed out" in message:
        return f"the {service} at {url} did not answer in time: check that it is healthy, retry"
    if "connect" in message.lower() or "refused" in message.lower():
        return (
            f"cannot reach the {service} at {url} (connection refused): start it (`graft serve`) "
            f"or fix the URL (--{service}, GRAFT_{service.upper()})"
        )
    return f"the {service} at {url} is unavailable, retry later ({message})"


def _bad_input(exc: GraftError) -> str:
    from graft_core.rpcclient.answers import CHECK_URLS  # loads the HTTP stack: only here

    message = str(exc)
    misdirected = _NOT_A_SERVICE.match(message)
    if misdirected is None:
        return message
    url, service, other = misdirected.groups()
    other = other or _service_at(url, service)
    if other is None:  # no graft server there at all
        why = message.partition(": ")[2].removesuffix(f" ({CHECK_URLS})")
        return f"{url} is not a {service} ({why}): check --{service} (GRAFT_{service.upper()})"
    return (
        f"{url} is the {other}, not the {service}: check --metastore and --pagestore "
        "(GRAFT_METASTORE, GRAFT_PAGESTORE): are the two swapped, or one URL given for both?"
    )


def _service_at(url: str, service: str) -> str | None:
    """The graft service that ``url``, given as the ``service``'s, leads to instead, as its
    health answer names it (a request of one service's API told only that the other lacks
    the endpoint); None if none does."""
    from graft_core.rpcclient.health import probe_health  # the HTTP stack: only here

    try:
        probe_health(url, service, _PROBE_S)
    except InvalidInputError as exc:
        named = _NOT_A_SERVICE.match(str(exc))
        return None if named is None else named.group(3)
    return None


def _in_use(exc: DataDirLockedError) -> str:
    found = _CLIENT_DIR_IN_USE.match(str(exc))
    if found is None:
        return str(exc)  # a server's directory: its own words already say what to do
    return (
        f"data dir {found.group(1)} is in use by another process that does not share it "
        "(a graft of an older version?): stop that one"
    )


def unknown_volume(
    exc: VolumeNotFoundError,
    data_dir: Path | None,
    metastore: str | None,
    has_volume: Callable[[str], bool] | None,
) -> CliError:
    """A volume that is not where a command looked, told with where that was and what to do.
    ``metastore``: the metastore's URL, or a direct client's remote store URL.

    ``has_volume``: whether the data directory has a volume (None: it was not opened). The
    local state says "does not exist in DIR"; anything else came from the metastore.
    """
    vid = _vid_in(str(exc))
    here = None if has_volume is None else has_volume(vid)
    local = _NOT_HERE.search(str(exc))
    # A remote store (direct mode), not a metastore's URL.
    direct = metastore is not None and not metastore.startswith(("http://", "https://"))
    servers = "the remote" if direct else "the servers"
    if local is not None or metastore is None:
        where = local.group(1) if local else data_dir
        return CliError(
            f"volume {vid} does not exist in {where}: see `graft volume list`, or "
            f"`graft clone {vid}` to fetch it from {servers}",
            USAGE_ERROR,
        )
    if here:
        holder = f"the remote {metastore} has" if direct else f"the servers at {metastore} have"
        return CliError(
            f"{holder} no commits of {vid} (never pushed? `graft push {vid}`)", USAGE_ERROR
        )
    if here is None:  # the data dir was not looked at
        step = f" (a local volume never pushed? `graft push {vid}` first)"
    else:
        step = f": check the id (a volume reaches {servers} with its first push)"
    metastore_at = f"the remote {metastore}" if direct else f"the metastore at {metastore}"
    return CliError(f"{metastore_at} does not know volume {vid}{step}", USAGE_ERROR)


def translate(exc: Exception) -> CliError | None:
    """The one-line error for ``exc``; None for an exception that is a bug (let it raise)."""
    if isinstance(exc, DataDirLockedError):
        return CliError(_in_use(exc))
    if isinstance(exc, InvalidInputError | NotFoundError | KeyRequiredError):
        return CliError(_bad_input(exc), USAGE_ERROR)
    if isinstance(exc, ConflictError):
        return CliError(_conflict(exc))
    if isinstance(exc, ServiceUnavailableError):
        return CliError(_unavailable(exc))
    if isinstance(exc, ForbiddenError):
        return CliError(f"{exc}: the token (--token, GRAFT_TOKEN) does not allow this")
    if isinstance(exc, AuthError):
        return CliError(f"{exc}: give a valid token with --token or GRAFT_TOKEN")
    if isinstance(exc, StorageFullError):
        # Each command opens the data dir anew: running it again is the reopening.
        return CliError(str(exc).replace(FULL_ADVICE, "free space, then run the command again"))
    if isinstance(exc, GraftError):
        return CliError(str(exc))
    if isinstance(exc, UnicodeEncodeError):
        # An argument that is not valid text (a lone surrogate from undecodable bytes) met a
        # path or a URL that must be encoded.
        bad = exc.object[exc.start : exc.end]
        return CliError(f"an argument is not valid text: {bad!r}", USAGE_ERROR)
    if isinstance(exc, OSError) and exc.errno != errno.EPIPE:
        return CliError(str(exc))
    return None  # EPIPE: click's main() handles a closed stdout quietly
