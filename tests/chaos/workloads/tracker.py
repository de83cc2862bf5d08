"""The page-tracker workload: data pages 1..128 and a tracker page holding all their hashes.

Every commit rewrites some data pages and the tracker page in one local commit, so any snapshot
anyone reads must have a tracker whose hashes match the data pages. The tracker also carries the
commit's token (writer, incarnation, sequence), unique per commit, so one commit landing at two
remote LSNs is visible.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping

from graft_core.types import PAGE_SIZE

__all__ = [
    "DATA_PAGES",
    "TRACKER_PAGE",
    "data_page",
    "initial_pages",
    "tracker_page",
    "tracker_problem",
    "tracker_token",
    "updated_pages",
]

DATA_PAGES = 128
TRACKER_PAGE = DATA_PAGES + 1
_MAGIC = b"TRK1"
_TOKEN_BYTES = 60
_HASH_BYTES = 16
_HASHES_AT = len(_MAGIC) + _TOKEN_BYTES


def _page_hash(page: bytes) -> bytes:
    return hashlib.blake2b(page, digest_size=_HASH_BYTES).digest()


def data_page(token: str, pageidx: int, rng: random.Random) -> bytes:
    """A page that names its commit and index; the random tail keeps pages distinct."""
    head = f"{token}|{pageidx}|".encode()
    return (head + rng.randbytes(64) * (PAGE_SIZE // 64))[:PAGE_SIZE]


def tracker_page(token: str, pages: Mapping[int, bytes]) -> bytes:
    hashes = b"".join(_page_hash(pages[idx]) for idx in range(1, DATA_PAGES + 1))
    return (_MAGIC + token.encode().ljust(_TOKEN_BYTES, b"\0") + hashes).ljust(PAGE_SIZE, b"\0")


def tracker_token(tracker: bytes) -> str:
    return tracker[len(_MAGIC) : _HASHES_AT].rstrip(b"\0").decode(errors="replace")


def initial_pages(token: str, rng: random.Random) -> dict[int, bytes]:
    pages = {idx: data_page(token, idx, rng) for idx in range(1, DATA_PAGES + 1)}
    return pages | {TRACKER_PAGE: tracker_page(token, pages)}


def updated_pages(current: Mapping[int, bytes], token: str, rng: random.Random) -> dict[int, bytes]:
    """The pages one commit writes: a few data pages and the tracker that covers them."""
    changed = {
        idx: data_page(token, idx, rng)
        for idx in rng.sample(range(1, DATA_PAGES + 1), rng.randint(1, 12))
    }
    return changed | {TRACKER_PAGE: tracker_page(token, {**current, **changed})}


def tracker_problem(pages: Mapping[int, bytes]) -> str | None:
    """Why ``pages`` (1..TRACKER_PAGE) break the invariant, or None when they hold it."""
    tracker = pages[TRACKER_PAGE]
    if not tracker.startswith(_MAGIC):
        return f"tracker page has no magic: {tracker[:16]!r}"
    for idx in range(1, DATA_PAGES + 1):
        at = _HASHES_AT + (idx - 1) * _HASH_BYTES
        if tracker[at : at + _HASH_BYTES] != _page_hash(pages[idx]):
            head = pages[idx][:40]
            return f"page {idx} ({head!r}) does not match tracker {tracker_token(tracker)!r}"
    return None
