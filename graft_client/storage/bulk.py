"""A new volume filled in one go (``graft import``): its first commit written in bulk.

A volume without commits has no previous page versions to move aside, so the pages, streamed
as they come (memory stays bounded), go straight to ``latest`` as one sorted SST file that
RocksDB takes in durably (``LocalDB.sorted_load``): written once, not through the WAL and again
by a memtable flush. The volume's config, commit record and snapshot follow in one synced batch:
the volume appears at that write, whole and durable, and not at all before it. Page keys of an
import cut off earlier belong to no volume (no config names them): a failure removes them, and
the load is provisional until that batch, so the next open removes those a crash left.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from graft_client.storage.commits import now_ms
from graft_client.storage.db import Batch, Provisional, SortedLoad
from graft_client.storage.delete import FAMILIES, delete_keys, key_range
from graft_client.storage.keys import VolumeTag, page_prefixes, volume_key
from graft_client.storage.pages import pack_latest
from graft_client.storage.records import (
    EMPTY_MARKER,
    FIRST_LSN,
    CommitRecord,
    SnapshotRecord,
    VolumeConfig,
)
from graft_client.storage.volumes import VolumeRecords
from graft_core.errors import InvalidInputError
from graft_core.failpoints import failpoint
from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE, PageCount, check_page

__all__ = ["bulk_create"]


def bulk_create(
    records: VolumeRecords,
    vid: VolumeId,
    config: VolumeConfig,
    chunks: Iterable[Sequence[bytes | memoryview]],
) -> SnapshotRecord | None:
    """Create volume ``vid`` whose first commit holds the pages of ``chunks`` (pages 1, 2, ...
    in order, PAGE_SIZE bytes each); its snapshot record, durable on return. Without pages the
    volume is made empty, with no commit (as a new volume is)."""
    if records.config(vid) is not None:
        raise InvalidInputError(f"volume {vid} exists already: a bulk import makes a new one")
    db = records.db
    try:
        count, load = _put_pages(records, vid, chunks)
        failpoint("import.before_commit")
        batch = db.batch()
        records.put_config(batch, vid, config)
        batch.settle(load)
        snapshot = _put_commit(records, batch, vid, count) if count else None
        db.write(batch, sync=True)
    except BaseException:
        delete_keys(records, vid, sync=False)  # no config names them: nothing durable to undo
        raise
    return snapshot


def _put_commit(records: VolumeRecords, batch: Batch, vid: VolumeId, count: int) -> SnapshotRecord:
    snapshot = SnapshotRecord(FIRST_LSN, PageCount(count), None, None)
    commit = CommitRecord(PageCount(count), Graft.from_range(1, count + 1).serialize(), now_ms())
    records.put_commit(batch, vid, FIRST_LSN, commit)
    records.put_snapshot(batch, vid, snapshot)
    return snapshot


def _put_pages(
    records: VolumeRecords, vid: VolumeId, chunks: Iterable[Sequence[bytes | memoryview]]
) -> tuple[int, SortedLoad]:
    """Load the pages into ``latest`` in one durable step, undone at the next open unless the
    volume's config is written by then; the number of pages, and the load."""
    prefix, count = page_prefixes(vid), 0
    empty, latest = pack_latest(FIRST_LSN, EMPTY_MARKER), FIRST_LSN.to_bytes(8, "big")
    provisional = Provisional(
        confirm=("volumes", volume_key(vid, VolumeTag.CONFIG)),
        undo=tuple((family, *key_range(vid)) for family in FAMILIES),
    )
    with records.db.sorted_load("latest", provisional) as load:
        for chunk in chunks:
            for page in chunk:
                count += 1
                load.put(prefix(count), empty if page == EMPTY_PAGE else latest + check_page(page))
            failpoint("import.after_chunk")
    return count, load
