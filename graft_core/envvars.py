"""Every environment variable of the project, so a misspelt one is told rather than ignored.

A variable such as ``GRAFT_DATA_DIR`` (the real one is ``GRAFT_DIR``) would otherwise leave its
setting at the default without a word. Each program warns, once at start, about the variables
of its own prefixes that no part of the project reads, naming the closest known one. A warning,
not an error: other tools may well set variables of these prefixes for themselves.

``KNOWN`` must list every variable read anywhere (tests/core/test_envvars.py checks the sources).
"""

from __future__ import annotations

import difflib
import logging
import os
from collections.abc import Iterable, Mapping

from graft_core.settings import ENV_VARS

__all__ = ["KNOWN", "closest", "notices", "unknown", "warn_unknown"]

# Options every service reads from {PREFIX}_* (graft_core.service).
_SERVICE = (
    "HOST",
    "PORT",
    "PORT_FILE",
    "TOKENS",
    "TOKENS_FILE",
    "TOKEN_KEY_FILE",
    "INSECURE",
    "LOG_LEVEL",
    "MAX_CONNECTIONS",
    "IDLE_TIMEOUT",
    "CLIENT_TIMEOUT",
    "MAX_BODY",
    "STORE",
    "STORE_TIMEOUT",
    "CLUSTER_KEY",
)
KNOWN: frozenset[str] = frozenset(
    {
        # client settings (graft_core.settings) and keys
        *ENV_VARS.values(),
        "GRAFT_CONFIG",
        "GRAFT_KEY",
        "GRAFT_KEY_FILE",
        "GRAFT_PASSPHRASE",
        "GRAFT_TOKEN_KEYS",
        "GRAFT_TOKEN_KEY_FILE",
        "GRAFT_RECEIPT_KEY",
        "GRAFT_RECEIPT_KEY_FILE",
        # pipeline
        "GRAFT_SPARK_DRIVER_MEMORY",
        "GRAFT_SPARK_JAVA_OPTIONS",
        # testing and benchmarks
        "GRAFT_FAILPOINTS",
        "GRAFT_FAILPOINT_DIR",
        "GRAFT_BENCH_RESULTS",
        # services
        *(f"{role}_{name}" for role in ("METASTORE", "PAGESTORE") for name in _SERVICE),
        "METASTORE_DATA_DIR",
        "METASTORE_SEGMENT_SIZE",
        "METASTORE_CHECKPOINT_EVERY",
        "METASTORE_MAX_ANSWER_BYTES",
        "PAGESTORE_METASTORE",
        "PAGESTORE_METASTORE_TOKEN",
        "PAGESTORE_CACHE_DIR",
        "PAGESTORE_CACHE_LIMIT",
        "PAGESTORE_FLUSH_WINDOW_MS",
    }
)

# Similarity (difflib's ratio) a known name needs to be suggested.
_CUTOFF = 0.5

log = logging.getLogger("graft.env")


def closest(name: str) -> str | None:
    """The known variable ``name`` most likely meant, if any is close enough: by the words after
    the prefix, where a client setting also goes by its config file key (``GRAFT_DATA_DIR`` is
    ``data_dir``, so ``GRAFT_DIR``)."""
    prefix, _, words = name.partition("_")
    candidates = {k.partition("_")[2]: k for k in KNOWN if k.startswith(f"{prefix}_")}
    if prefix == "GRAFT":
        candidates.update((key.upper(), variable) for key, variable in ENV_VARS.items())
    match = difflib.get_close_matches(words, list(candidates), n=1, cutoff=_CUTOFF)
    return candidates[match[0]] if match else None


def unknown(prefixes: Iterable[str], env: Mapping[str, str] | None = None) -> list[str]:
    """The variables of ``env`` (default ``os.environ``) starting with one of ``prefixes`` that
    the project does not read, sorted."""
    env = os.environ if env is None else env
    starts = tuple(prefixes)
    return sorted(name for name in env if name.startswith(starts) and name not in KNOWN)


def notices(prefixes: Iterable[str], env: Mapping[str, str] | None = None) -> list[str]:
    """What to tell of each unknown variable of ``prefixes``: its name and the closest known."""
    told = []
    for name in unknown(prefixes, env):
        guess = closest(name)
        hint = f" (did you mean {guess}?)" if guess else ""
        told.append(f"environment variable {name} is not a graft setting, ignored{hint}")
    return told


def warn_unknown(prefixes: Iterable[str], env: Mapping[str, str] | None = None) -> None:
    """A logged warning for each of the ``notices``."""
    for notice in notices(prefixes, env):
        log.warning("%s", notice)
