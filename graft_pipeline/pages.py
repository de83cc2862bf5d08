"""A volume's pages at an LSN, read from the segments its log names (no pagestore involved).

A fork's pages it never wrote are its parent's at the origin (DESIGN section 12): given
``parent_log``, they are read there too, up a chain of forks (until a fork is compacted: its
checkpoint holds them).

An encrypted volume's pages are sealed (DESIGN 13): jobs that move them (compact) take them as
stored; jobs that read them (export, publish) need the key-encryption key, and refuse without it.
"""

from __future__ import annotations

from collections.abc import Callable

from graft_core.crypto import Key, Keyring, open_page
from graft_core.errors import IntegrityError, KeyRequiredError
from graft_core.ids import SegmentId, VolumeId
from graft_core.objstore import ObjectStore
from graft_core.types import is_empty_page
from graft_pipeline.history import VolumeLog
from graft_pipeline.location import Location
from graft_pipeline.metastore import MetastoreHttp
from graft_pipeline.segments import read_stored_pages

__all__ = ["check_keys", "keyring_of", "pages_at", "stored_pages_at"]


ParentLog = Callable[[VolumeId], VolumeLog]


def stored_pages_at(
    store: ObjectStore, log: VolumeLog, lsn: int, parent_log: ParentLog | None = None
) -> tuple[dict[int, bytes], bool]:
    """pageidx -> stored bytes of every non-empty page at ``lsn`` (absent pages read as zeros),
    and whether they are sealed (then they are kept as they are)."""
    plan: dict[SegmentId, list[int]] = {}
    versions = log.versions_at(lsn)
    for pageidx, sid in versions.items():
        plan.setdefault(sid, []).append(pageidx)
    pages: dict[int, bytes] = {}
    sealed = False
    for sid, pageidxs in plan.items():
        found, sealed_here = read_stored_pages(store, sid, log.vid, pageidxs)
        pages.update(found)
        sealed = sealed or sealed_here
    origin = log.origin
    if origin is not None and log.horizon == 1 and parent_log is not None:
        limit = log.inherited_limit(lsn)
        parent = parent_log(origin.vid)
        inherited, parent_sealed = stored_pages_at(store, parent, origin.lsn, parent_log)
        sealed = sealed or parent_sealed
        pages.update(
            (idx, page) for idx, page in inherited.items() if idx <= limit and idx not in versions
        )
    return {idx: page for idx, page in sorted(pages.items()) if not is_empty_page(page)}, sealed


def pages_at(
    store: ObjectStore,
    log: VolumeLog,
    lsn: int,
    parent_log: ParentLog | None = None,
    *,
    key: Key | None = None,
) -> dict[int, bytes]:
    """pageidx -> bytes of every non-empty page at ``lsn``, opened with ``key`` if sealed."""
    pages, sealed = stored_pages_at(store, log, lsn, parent_log)
    if not sealed:
        return pages
    ring = keyring_of(log, key)
    opened = {}
    for idx, blob in pages.items():
        page, written = open_page(ring, log.vid, idx, blob)
        if written > lsn:
            raise IntegrityError(f"page {idx} of {log.vid} at LSN {lsn} was written at {written}")
        if not is_empty_page(page):
            opened[idx] = page
    return opened


def keyring_of(log: VolumeLog, key: Key | None) -> Keyring:
    """The volume's keyring (carried by its latest commit), opened with ``key``."""
    encoded = log.commits[-1].keyring if log.commits else b""
    if not encoded:
        raise IntegrityError(f"volume {log.vid} has sealed pages but no keyring")
    if key is None:
        raise KeyRequiredError(_needs_key(log.vid))
    return Keyring.decode(log.vid, encoded, key)


def check_keys(location: Location, vids: list[VolumeId]) -> None:
    """Refuse, before any task runs, a job that reads encrypted volumes without their key
    (``KeyRequiredError``) or with another (``WrongKeyError``)."""
    with MetastoreHttp(location.metastore, location.token) as meta:
        for vid in vids:
            _check_key(meta, vid, location.key)


def _check_key(meta: MetastoreHttp, vid: VolumeId, key: Key | None) -> None:
    latest = meta.snapshot(vid)
    commits = meta.pull_commits(vid, latest.lsn, latest.lsn).commits
    encoded = commits[-1].keyring if commits else b""
    if encoded and key is None:
        raise KeyRequiredError(_needs_key(vid))
    if encoded:
        Keyring.decode(vid, encoded, key).current()


def _needs_key(vid: VolumeId) -> str:
    return (
        f"volume {vid} is end-to-end encrypted: this job reads its pages, give its key "
        "(--key-file, GRAFT_KEY, GRAFT_KEY_FILE or GRAFT_PASSPHRASE)"
    )
