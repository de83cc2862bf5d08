"""PENDING pages: which to fetch, at which remote LSN, and where fetched bytes go.

A pulled commit leaves its changed pages PENDING (DESIGN section 4); a read fetches them from the
pagestore and stores the bytes at the same keys.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from graft_client.storage.keys import page_key, page_prefix
from graft_client.storage.pages import PageCursor, latest_versions, pack_latest
from graft_client.storage.records import EMPTY_MARKER, PENDING_MARKER, FetchStats
from graft_client.storage.volumes import VolumeRecords
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE, LSN, LocalLSN, PageIdx, RemoteLSN

__all__ = ["pending_batch", "pending_pages", "pending_range", "read_plan", "store_fetched"]


def pending_pages(records: VolumeRecords, vid: VolumeId) -> dict[LocalLSN, list[PageIdx]]:
    """The PENDING pages of the latest snapshot, by the local LSN of their version."""
    record = records.snapshot(vid)
    pending: dict[LocalLSN, list[PageIdx]] = {}
    if record is None:
        return pending
    for idx, lsn, slot in latest_versions(records.db, vid, 1, record.page_count):
        if slot == PENDING_MARKER:
            pending.setdefault(LocalLSN(LSN(lsn)), []).append(PageIdx(idx))
    return pending


def pending_batch(
    records: VolumeRecords, vid: VolumeId, pageidx: int, lsn: int, window: Iterable[int]
) -> tuple[LocalLSN, list[PageIdx]]:
    """The version of PENDING page ``pageidx`` at snapshot ``lsn``, and the pages of ``window``
    visible at ``lsn`` in that same version (fetched together in one request)."""
    cursor = PageCursor(records.db, vid)
    found = cursor.version(pageidx, lsn)
    assert found is not None and found[1] == PENDING_MARKER
    batch = [PageIdx(idx) for idx in window if cursor.version(idx, lsn) == found]
    cursor.close()
    return LocalLSN(LSN(found[0])), batch


def pending_range(
    records: VolumeRecords, vid: VolumeId, version_lsn: LocalLSN
) -> tuple[int, RemoteLSN]:
    """The remote LSNs in which the pages PENDING at ``version_lsn`` last changed: after the
    remote LSN of the newest earlier synced local commit (1 if none is retained), up to the one
    ``version_lsn`` was pulled at. An encrypted volume's pages name the LSN they were written
    for; one outside this range is an older version replayed."""
    commit = records.commit(vid, version_lsn)
    assert commit is not None and commit.remote_lsn is not None, "PENDING only at pulled LSNs"
    floor = 1
    for _, earlier in records.commits(vid, 1, version_lsn):
        if earlier.remote_lsn is not None:
            floor = earlier.remote_lsn + 1
    return floor, commit.remote_lsn


def read_plan(
    records: VolumeRecords, vid: VolumeId, version_lsn: LocalLSN, pageidxs: list[PageIdx]
) -> dict[RemoteLSN, list[PageIdx]]:
    """Remote LSN -> the pages PENDING at local ``version_lsn`` to read there.

    A marker names the remote LSN its page was learned at, which compaction may since have put
    below the servers' retention horizon. A page whose visible version at the newest synced
    local LSN is still this one reads the same at the newest known remote LSN (every pulled or
    pushed change of a page is a newer local version), so those pages are read there.
    """
    commit = records.commit(vid, version_lsn)
    assert commit is not None and commit.remote_lsn is not None, "PENDING only at pulled LSNs"
    record = records.snapshot(vid)
    newest = None if record is None else record.remote_lsn
    synced = None if record is None else record.remote_local_lsn
    if newest is None or synced is None or newest <= commit.remote_lsn or synced < version_lsn:
        return {commit.remote_lsn: pageidxs}
    cursor = PageCursor(records.db, vid)
    plan: dict[RemoteLSN, list[PageIdx]] = {}
    for pageidx in pageidxs:
        found = cursor.version(pageidx, synced)
        unchanged = found is not None and found[0] == version_lsn
        plan.setdefault(newest if unchanged else commit.remote_lsn, []).append(pageidx)
    cursor.close()
    return plan


def store_fetched(
    records: VolumeRecords,
    vid: VolumeId,
    version_lsn: LocalLSN,
    pages: Mapping[PageIdx, bytes],
    fetched: FetchStats,
) -> None:
    """Put fetched bytes where the PENDING markers of ``version_lsn`` are (same keys), and add
    ``fetched`` to the volume's fetch counters."""
    db = records.db
    batch = db.batch()
    for pageidx, data in pages.items():
        slot = EMPTY_MARKER if data == EMPTY_PAGE else data
        prefix = page_prefix(vid, pageidx)
        latest = db.get("latest", prefix)
        if latest is not None and latest[:8] == version_lsn.to_bytes(8, "big"):
            if latest[8:] == PENDING_MARKER:
                batch.put("latest", prefix, pack_latest(version_lsn, slot))
        elif db.get("pages", page_key(vid, pageidx, version_lsn)) == PENDING_MARKER:
            batch.put("pages", page_key(vid, pageidx, version_lsn), slot)
    records.put_fetch_stats(batch, vid, records.fetch_stats(vid) + fetched)
    # Fetched pages can be fetched again: no fsync needed.
    db.write(batch, sync=False)
