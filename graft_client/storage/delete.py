"""Deleting a volume's local state: every key of it in the four column families, atomically."""

from __future__ import annotations

from graft_client.storage.keys import VolumeTag, commit_key, page_key, page_prefix, volume_key
from graft_client.storage.volumes import VolumeRecords
from graft_core.errors import VolumeNotFoundError
from graft_core.ids import VolumeId

__all__ = ["FAMILIES", "delete_keys", "delete_volume", "key_range"]

FAMILIES = ("volumes", "latest", "pages", "commits")


def key_range(vid: VolumeId) -> tuple[bytes, bytes]:
    """The keys of ``vid`` in every family: each starts with the id's bytes (see ``keys``)."""
    start = bytes(vid)
    assert all(
        key.startswith(start)
        for key in (
            volume_key(vid, VolumeTag.CONFIG),
            page_prefix(vid, 1),
            page_key(vid, 1, 1),
            commit_key(vid, 1),
        )
    )
    stop = (int.from_bytes(start, "big") + 1).to_bytes(len(start), "big")
    return start, stop


def delete_volume(records: VolumeRecords, vid: VolumeId) -> None:
    """Remove ``vid`` from the local store in one durable batch (``VolumeNotFoundError`` if it
    is not there). Its commits on the servers are not touched."""
    if records.config(vid) is None:
        raise VolumeNotFoundError(f"volume {vid} does not exist locally")
    delete_keys(records, vid, sync=True)


def delete_keys(records: VolumeRecords, vid: VolumeId, *, sync: bool) -> None:
    """Remove every key of ``vid`` in one batch, whether or not a config names the volume."""
    start, stop = key_range(vid)
    batch = records.db.batch()
    for family in FAMILIES:
        batch.delete_range(family, start, stop)
    records.db.write(batch, sync=sync)
