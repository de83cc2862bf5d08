"""Pages a fork inherits (DESIGN section 12): a page the fork has no version of at a snapshot
(or whose version is INHERITED) reads as its parent's at the origin, and nothing of the parent is
copied. The fork's own versions, including the EMPTY ones a truncate writes, hide the parent's.

The caller holds the volume's lock.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from graft_client.storage.keys import page_key, page_prefix
from graft_client.storage.pages import PageCursor, latest_pages, pack_latest
from graft_client.storage.records import (
    EMPTY_MARKER,
    INHERITED_MARKER,
    FetchStats,
    OriginRecord,
)
from graft_client.storage.volumes import VolumeRecords
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE, LSN, LocalLSN, PageIdx

__all__ = ["fork_pin", "inherited_batch", "inherited_blanks", "store_inherited"]


def inherited_blanks(
    records: VolumeRecords, vid: VolumeId, origin: OriginRecord | None, kept: int
) -> list[PageIdx]:
    """Pages above ``kept`` that still read through ``origin``: a truncate to ``kept`` must
    write them EMPTY (stored pages are blanked by the usual truncate path). Costs the pages
    between ``kept`` and the origin's page count, once per truncate of a fork."""
    if origin is None or kept >= origin.page_count:
        return []
    stored = {idx for idx, _ in latest_pages(records.db, vid, kept + 1, origin.page_count)}
    return [PageIdx(idx) for idx in range(kept + 1, origin.page_count + 1) if idx not in stored]


def inherited_batch(
    records: VolumeRecords, vid: VolumeId, lsn: int, window: Iterable[int]
) -> dict[PageIdx, LocalLSN]:
    """The pages of ``window`` that read through the origin at snapshot ``lsn``, each with the
    local LSN where its fetched bytes go: its INHERITED version, or the fork's first LSN."""
    origin = records.origin(vid)
    assert origin is not None
    cursor = PageCursor(records.db, vid)
    found: dict[PageIdx, LocalLSN] = {}
    for idx in window:
        if idx > origin.page_count:
            continue
        version = cursor.version(idx, lsn)
        if version is None:
            found[PageIdx(idx)] = origin.local_lsn
        elif version[1] == INHERITED_MARKER:
            found[PageIdx(idx)] = LocalLSN(LSN(version[0]))
    cursor.close()
    return found


def store_inherited(
    records: VolumeRecords,
    vid: VolumeId,
    pages: Mapping[PageIdx, tuple[LocalLSN, bytes]],
    fetched: FetchStats,
) -> None:
    """Keep pages read through the origin as versions of the fork (where ``inherited_batch``
    placed them), so they are read from the servers once. Unsynced: they can be read again."""
    db = records.db
    batch = db.batch()
    cursor = PageCursor(db, vid)
    for pageidx, (at, data) in pages.items():
        slot = EMPTY_MARKER if data == EMPTY_PAGE else data
        version = cursor.version(pageidx, at)
        if version is not None and version != (at, INHERITED_MARKER):
            continue  # the page was written meanwhile: it no longer reads the origin there
        latest = db.get("latest", page_prefix(vid, pageidx))
        if latest is None or int.from_bytes(latest[:8], "big") == at:
            batch.put("latest", page_prefix(vid, pageidx), pack_latest(at, slot))
        else:
            batch.put("pages", page_key(vid, pageidx, at), slot)
    cursor.close()
    records.put_fetch_stats(batch, vid, records.fetch_stats(vid) + fetched)
    db.write(batch, sync=False)


def fork_pin(records: VolumeRecords, parent: VolumeId) -> LocalLSN | None:
    """The oldest local LSN of ``parent`` that a local fork reads through: kept readable."""
    origins = (records.origin(vid) for vid in records.vids())
    pins = [
        origin.parent_local_lsn
        for origin in origins
        if origin is not None and origin.parent == bytes(parent) and origin.parent_local_lsn
    ]
    return min(pins, default=None)
