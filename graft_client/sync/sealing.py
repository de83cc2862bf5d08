"""End-to-end encryption on the client side (DESIGN 13): sealing pages on push, opening them
on fetch, and an ``encrypt_local`` volume's pages at rest. The keys: ``sync.keyrings``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

from graft_core.crypto import DataKey, Keyring, open_page, seal_page, sealed_header
from graft_core.errors import IntegrityError
from graft_core.ids import VolumeId
from graft_core.types import PageIdx

_Idx = TypeVar("_Idx", bound=int)

__all__ = [
    "LocalCipher",
    "key_ids",
    "open_pages",
    "seal_pages",
]


class LocalCipher:
    """A volume's pages at rest on this device (``encrypt_local``, ``storage.cipher``): sealed
    with its current data key, opened with whichever key sealed them."""

    __slots__ = ("_key", "_ring", "_vid")

    def __init__(self, ring: Keyring, vid: VolumeId) -> None:
        self._ring = ring
        self._vid = vid
        self._key = ring.current()  # a missing or wrong KEK fails here, before any page

    def seal(self, pageidx: int, page: bytes) -> bytes:
        return seal_page(self._key, self._vid, pageidx, 0, page, local=True)

    def open(self, pageidx: int, slot: bytes) -> bytes:
        return open_page(self._ring, self._vid, pageidx, slot, local=True)[0]


def seal_pages(
    key: DataKey, vid: VolumeId, lsn: int, pages: Sequence[tuple[PageIdx, bytes]]
) -> list[tuple[PageIdx, bytes]]:
    """``pages`` sealed with ``key`` for remote LSN ``lsn``."""
    return [(idx, seal_page(key, vid, idx, lsn, page)) for idx, page in pages]


def open_pages(
    ring: Keyring, vid: VolumeId, stored: Mapping[_Idx, bytes], floor: int, ceiling: int
) -> dict[_Idx, bytes]:
    """The pages sealed in ``stored``, each checked to have been written for a remote LSN in
    ``floor..ceiling``: the range in which this client knows the page last changed, so an older
    version of it (a replayed segment) is refused, not returned."""
    opened: dict[_Idx, bytes] = {}
    for idx, blob in stored.items():
        page, lsn = open_page(ring, vid, idx, blob)
        if not floor <= lsn <= ceiling:
            raise IntegrityError(
                f"page {idx} of {vid} was served as written at LSN {lsn}, but it last changed "
                f"in LSNs {floor}..{ceiling}: the servers replayed an older version"
            )
        opened[idx] = page
    return opened


def key_ids(blobs: Iterable[bytes]) -> set[int]:
    """The key ids sealed pages name (to learn a rotation before opening them)."""
    return {sealed_header(blob)[0] for blob in blobs}
