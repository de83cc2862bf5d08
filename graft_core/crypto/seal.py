"""Sealed pages: a page compressed (zstd) then encrypted (AES-GCM) on the client.

Byte layout::

    version u8 (=1) | flags u8 (bit 0: zstd, bit 1: local) | key id u32 BE | lsn u64 BE
    | nonce 12 B | ciphertext and 16-byte tag

The associated data binds the header (format version, key id, the remote LSN the page was
written for) to the volume id and page index, so a page moved to another position or volume, or
relabelled with another LSN, fails authentication. The nonce is derived (HMAC-SHA256 under a key
separate from the AEAD key) from the associated data and the plaintext, the SIV construction:
sealing is deterministic, so a push resumed after a crash sends identical bytes and its commit
hash (which covers the sealed bytes) matches the first attempt's.

A page sealed at rest on a device (``encrypt_local``) has the local flag and LSN 0: the flag is
authenticated, so a local page is never accepted from the servers nor a remote one as local.
"""

from __future__ import annotations

import hashlib
import hmac
import struct
import threading

import zstandard
from cryptography.exceptions import InvalidTag

from graft_core.crypto.keyring import DataKey, Keyring
from graft_core.errors import IntegrityError
from graft_core.ids import VolumeId
from graft_core.segment import decompressor
from graft_core.types import PAGE_SIZE

__all__ = [
    "MAX_SEALED_SIZE",
    "SEAL_OVERHEAD",
    "SEAL_VERSION",
    "open_page",
    "seal_page",
    "sealed_header",
]

SEAL_VERSION = 1
_FLAG_ZSTD = 1
_FLAG_LOCAL = 2
_HEADER = struct.Struct(">BBIQ")
_NONCE = 12
_TAG = 16
_AD_PREFIX = b"graft-page-v1"
_FORK_ORIGIN_LSN = 1  # a fork's LSN 1 is its parent's snapshot (DESIGN 12)
SEAL_OVERHEAD = _HEADER.size + _NONCE + _TAG
MAX_SEALED_SIZE = PAGE_SIZE + SEAL_OVERHEAD
# Level 4 tuned for one page: measured on SQLite pages it stores 5% fewer bytes than level 3 at
# about the same speed; higher levels are 5-50x slower per page (benchmarks/encryption.py).
ZSTD_LEVEL = 4

_contexts = threading.local()


def _cctx() -> zstandard.ZstdCompressor:
    if not hasattr(_contexts, "cctx"):
        params = zstandard.ZstdCompressionParameters.from_level(
            ZSTD_LEVEL, source_size=PAGE_SIZE, write_content_size=True
        )
        _contexts.cctx = zstandard.ZstdCompressor(compression_params=params)
    cctx: zstandard.ZstdCompressor = _contexts.cctx
    return cctx


def _ad(header: bytes, vid: VolumeId, pageidx: int) -> bytes:
    return b"".join([_AD_PREFIX, header, bytes(vid), pageidx.to_bytes(4, "big")])


def seal_page(
    key: DataKey, vid: VolumeId, pageidx: int, lsn: int, page: bytes, *, local: bool = False
) -> bytes:
    """The sealed form of ``page`` (4096 bytes) at ``pageidx`` of ``vid``, written for ``lsn``
    (``local``: to keep on this device, with ``lsn`` 0)."""
    assert len(page) == PAGE_SIZE
    assert not local or lsn == 0
    compressed = _cctx().compress(page)
    flags, body = (_FLAG_ZSTD, compressed) if len(compressed) < PAGE_SIZE else (0, page)
    flags |= _FLAG_LOCAL if local else 0
    header = _HEADER.pack(SEAL_VERSION, flags, key.key_id, lsn)
    ad = _ad(header, vid, pageidx)
    nonce = hmac.digest(key.nonce_key, ad + body, hashlib.sha256)[:_NONCE]
    return header + nonce + key.aead.encrypt(nonce, body, ad)


def sealed_header(blob: bytes) -> tuple[int, int]:
    """(key id, LSN) a sealed page names (not yet authenticated)."""
    if not SEAL_OVERHEAD <= len(blob) <= MAX_SEALED_SIZE:
        raise IntegrityError(f"a sealed page is {len(blob)} bytes")
    version, flags, key_id, lsn = _HEADER.unpack_from(blob)
    if version != SEAL_VERSION or flags & ~(_FLAG_ZSTD | _FLAG_LOCAL):
        raise IntegrityError(f"unknown sealed page format {version}/{flags}")
    return key_id, lsn


def open_page(
    keyring: Keyring, vid: VolumeId, pageidx: int, blob: bytes, *, local: bool = False
) -> tuple[bytes, int]:
    """The page sealed in ``blob`` and the LSN of ``vid`` it was written for; ``IntegrityError``
    if the bytes are not a page sealed for this volume and position by one of its keys.

    In a fork, a page sealed with an ancestor's key is the ancestor's (inherited): it must open
    under the ancestor's id and have been written at or below the LSN the fork reads the
    ancestor at; it dates from the fork's LSN 1 (its origin), which is what is answered.
    ``local``: a page sealed at rest on this device (and only such a one)."""
    key_id, lsn = sealed_header(blob)
    if bool(blob[1] & _FLAG_LOCAL) != local:
        where = "this device's storage" if local else "the servers"
        raise IntegrityError(f"page {pageidx} of {vid} from {where} is not sealed for it")
    key = keyring.get(key_id)
    owner = keyring.owner(key_id)
    sealer = vid if owner is None else owner[0]
    header = blob[: _HEADER.size]
    nonce = blob[_HEADER.size : _HEADER.size + _NONCE]
    try:
        body = key.aead.decrypt(nonce, blob[_HEADER.size + _NONCE :], _ad(header, sealer, pageidx))
    except InvalidTag:
        raise IntegrityError(
            f"page {pageidx} of {vid} failed authentication (tampered with, or moved from "
            "another page or volume)"
        ) from None
    if blob[1] & _FLAG_ZSTD:
        try:
            if zstandard.frame_content_size(body) != PAGE_SIZE:
                raise IntegrityError(f"page {pageidx} of {vid}: bad compressed size")
            body = decompressor().decompress(body)
        except zstandard.ZstdError as exc:
            raise IntegrityError(f"page {pageidx} of {vid}: {exc}") from exc
    if len(body) != PAGE_SIZE:
        raise IntegrityError(f"page {pageidx} of {vid} opens to {len(body)} bytes")
    if owner is None:
        return body, lsn
    if lsn > owner[1]:
        raise IntegrityError(
            f"page {pageidx} of {vid} is served as its ancestor {sealer}'s at LSN {lsn}, after "
            f"the LSN {owner[1]} the fork reads through"
        )
    return body, _FORK_ORIGIN_LSN
