"""Pages sealed at rest on this device (``encrypt_local``, DESIGN 13).

A volume created or cloned with ``encrypt_local`` keeps every page slot in RocksDB sealed with its
current data key (AD: volume id and page index, no LSN, so sync may move a slot between versions
unchanged); the markers (EMPTY, PENDING, INHERITED) stay as they are. The storage layer seals on
the way in (commits, fetched and inherited pages) and opens on the way out (reads, pushes) with
the volume's ``PageCipher``, which the sync layer makes from its keyring and the user's KEK.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol, TypeVar

from graft_client.storage.records import EMPTY_MARKER
from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE

__all__ = ["CipherSource", "PageCipher", "is_marker", "sealed_pages"]

_Idx = TypeVar("_Idx", bound=int)


class PageCipher(Protocol):
    """Seals and opens one volume's pages at rest."""

    def seal(self, pageidx: int, page: bytes) -> bytes: ...

    def open(self, pageidx: int, slot: bytes) -> bytes: ...


# (volume id, encoded keyring) -> the volume's cipher; raises KeyRequiredError / WrongKeyError.
CipherSource = Callable[[VolumeId, bytes], PageCipher]


def is_marker(slot: bytes) -> bool:
    return len(slot) == len(EMPTY_MARKER)


def sealed_pages(cipher: PageCipher | None, pages: Mapping[_Idx, bytes]) -> Mapping[_Idx, bytes]:
    """``pages`` with each non-empty page sealed (all of them as they are without a cipher)."""
    if cipher is None:
        return pages
    return {
        idx: page if page == EMPTY_PAGE else cipher.seal(idx, page) for idx, page in pages.items()
    }
