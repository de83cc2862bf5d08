"""Fetch: the bytes of PENDING pages from the pagestore (DESIGN section 4).

An encrypted volume's pages come sealed (DESIGN 13): each is opened with the volume's keyring
and checked to be the version written in the LSNs in which the client knows it last changed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

from graft_client.storage.records import FetchStats
from graft_client.storage.state import LocalState
from graft_client.sync.cluster import checked_cluster
from graft_client.sync.keyrings import learn_keyring
from graft_client.sync.runtime import SyncRuntime
from graft_client.sync.sealing import key_ids, open_pages
from graft_core.errors import IntegrityError, SnapshotNotFoundError
from graft_core.failpoints import failpoint
from graft_core.graft import Graft
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE, LSN, PAGE_SIZE, LocalLSN, PageIdx, RemoteLSN

__all__ = ["fetch", "fetch_inherited"]

log = logging.getLogger(__name__)

# A page's answer: its stored bytes, or None if the servers hold none (it reads as zeros).
_Answer = dict[PageIdx, bytes | None]


async def fetch(
    state: LocalState,
    runtime: SyncRuntime,
    vid: VolumeId,
    version_lsn: LocalLSN,
    pageidxs: list[PageIdx],
) -> dict[PageIdx, bytes]:
    """Fetch pages that are PENDING at local ``version_lsn`` and store them at the same keys.

    Pages that changed after a remote LSN the servers no longer retain cannot be fetched at that
    version: they are left out of the answer (the caller decides whether that is an error).
    """
    failpoint("fetch.before_read")
    await checked_cluster(state, runtime, vid, via=runtime.pagestore)
    answers: _Answer = {}
    sealed = False
    trips = 0
    for remote_lsn, idxs in state.read_plan(vid, version_lsn, pageidxs).items():
        found, was_sealed, asked = await _read_retained(runtime, vid, remote_lsn, Graft(idxs))
        answers |= found
        sealed = sealed or was_sealed
        trips += asked
    stored = {idx: data for idx, data in answers.items() if data is not None}
    opened = await _opened(
        state, runtime, vid, stored, sealed, lambda: state.pending_range(vid, version_lsn)
    )
    pages = {idx: opened.get(idx, EMPTY_PAGE) for idx in answers}
    assert all(len(page) == PAGE_SIZE for page in pages.values())
    failpoint("fetch.before_store")
    state.store_fetched(
        vid, version_lsn, pages, FetchStats(len(pages), len(pages) * PAGE_SIZE, trips)
    )
    return pages


async def fetch_inherited(
    state: LocalState, runtime: SyncRuntime, vid: VolumeId, pages: Mapping[PageIdx, LocalLSN]
) -> dict[PageIdx, bytes]:
    """Fetch pages the fork ``vid`` inherits from its origin, and keep them where ``pages``
    says (``inherit.inherited_batch``).

    They are read from the fork itself at the remote LSN its first local LSN maps to (1 where
    the fork was made): unchanged since, they are the origin's there, which the pagestore
    resolves through the parent (a chain of forks too), with the fork's own token. Compaction
    of the fork drops that LSN: then, as for PENDING pages, those no later commit changed are
    read at the latest LSN and the others are left out.
    """
    await checked_cluster(state, runtime, vid, via=runtime.pagestore)
    origin = state.origin(vid)
    assert origin is not None
    found, sealed, trips = await _read_retained(runtime, vid, origin.local_remote_lsn, Graft(pages))
    stored = {idx: data for idx, data in found.items() if data is not None}
    # Inherited pages date from the fork's LSN 1: sealed ones must be an ancestor's, opened
    # with its id (``open_page``), never one the fork wrote later.
    opened = await _opened(state, runtime, vid, stored, sealed, lambda: (1, 1))
    read = {idx: opened.get(idx, EMPTY_PAGE) for idx in found}
    stats = FetchStats(len(read), len(read) * PAGE_SIZE, trips)
    state.store_inherited(vid, {idx: (pages[idx], data) for idx, data in read.items()}, stats)
    return read


async def _opened(
    state: LocalState,
    runtime: SyncRuntime,
    vid: VolumeId,
    stored: dict[PageIdx, bytes],
    sealed: bool,
    written: Callable[[], tuple[int, int]],
) -> Mapping[PageIdx, bytes]:
    """The plaintext of ``stored``: opened if the volume is encrypted, else as it came. Each
    sealed page must have been written in the remote LSNs ``written`` returns (computed only
    for an encrypted volume)."""
    ring = runtime.keys.ring(vid, state.config(vid).keyring)
    if sealed and (ring is None or not key_ids(stored.values()) <= set(ring.key_ids)):
        ring = await learn_keyring(state, runtime.keys, runtime.metastore, vid)
    if ring is None:
        if sealed:
            raise IntegrityError(f"the pagestore serves sealed pages of {vid}, a plain volume")
        return stored
    if stored and not sealed:
        raise IntegrityError(f"the pagestore serves plain pages of {vid}, an encrypted volume")
    floor, ceiling = written()
    return open_pages(ring, vid, stored, floor, ceiling)


async def _read_retained(
    runtime: SyncRuntime, vid: VolumeId, lsn: RemoteLSN, wanted: Graft
) -> tuple[_Answer, bool, int]:
    """Every page of ``wanted`` as stored at remote ``lsn`` (None if never written), whether
    they are sealed, and the round trips that took.

    If compaction dropped ``lsn``, the pages that no commit since changed are read at the latest
    LSN instead (the metastore's graft since ``lsn`` says which changed); the others are left out.
    """
    try:
        found, sealed = await runtime.pagestore.read_stored(vid, lsn, wanted)
    except SnapshotNotFoundError as dropped:
        answer = await runtime.metastore.pull_graft(vid, lsn + 1)
        latest = answer.snapshot
        if latest is None or latest.lsn <= lsn:
            raise  # not a compacted LSN but a missing one: nothing to read instead
        kept = latest.page_count if answer.cut is None else min(answer.cut, latest.page_count)
        unchanged = Graft(idx for idx in wanted if idx <= kept) - answer.graft
        log.info("%s; reading %d unchanged pages at LSN %d", dropped, len(unchanged), latest.lsn)
        if not unchanged:
            return {}, False, 2
        pages, sealed, trips = await _read_retained(
            runtime, vid, RemoteLSN(LSN(latest.lsn)), unchanged
        )
        return pages, sealed, trips + 2
    return {PageIdx(idx): found.get(idx) for idx in wanted}, sealed, 1
