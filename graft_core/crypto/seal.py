"""Sealed pages: a page compressed (zstd) then encrypted on the client.

Byte layout (version 2, written now)::

    version u8 (=2) | flags u8 (bit 0: zstd, bit 1: local) | key id u16 BE | lsn u64 BE
    | synthetic IV 16 B | ciphertext

AES-256-SIV (RFC 5297), a deterministic AEAD: the IV is derived from the associated data and the
plaintext and doubles as the authentication tag (28 bytes of overhead per page in all).
Determinism matters: a push resumed after a crash sends identical bytes and its commit hash
(which covers the sealed bytes) matches the first attempt's. The associated data binds the
header (format version, flags, key id, the remote LSN the page was written for) to the volume
id and page index, so a page moved to another position or volume, or relabelled with another
LSN, fails authentication. The body is a zstd frame without magic number or content size (the
page size is fixed), with parameters tuned for one 4 KiB page.

Version 1 pages (still opened): ``version u8 (=1) | flags u8 | key id u32 BE | lsn u64 BE |
nonce 12 B | AES-256-GCM ciphertext and tag``, the nonce HMAC-SHA256(nonce key, associated data
| body)[:12], the body a standard zstd frame; 14 bytes more per page than version 2.

A page sealed at rest on a device (``encrypt_local``) has the local flag and LSN 0: the flag is
authenticated, so a local page is never accepted from the servers nor a remote one as local.
"""

from __future__ import annotations

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

SEAL_VERSION = 2
_V1 = 1
_FLAG_ZSTD = 1
_FLAG_LOCAL = 2
_HEADERS = {_V1: struct.Struct(">BBIQ"), SEAL_VERSION: struct.Struct(">BBHQ")}
_V1_NONCE = 12
_TAG = 16  # the GCM tag of version 1, the synthetic IV of version 2
_AD_PREFIXES = {_V1: b"graft-page-v1", SEAL_VERSION: b"graft-page-v2"}
_FORK_ORIGIN_LSN = 1  # a fork's LSN 1 is its parent's snapshot (DESIGN 12)
SEAL_OVERHEAD = _HEADERS[SEAL_VERSION].size + _TAG
_OVERHEADS = {_V1: _HEADERS[_V1].size + _V1_NONCE + _TAG, SEAL_VERSION: SEAL_OVERHEAD}
MAX_SEALED_SIZE = PAGE_SIZE + max(_OVERHEADS.values())
# zstd for one 4 KiB page: a 4 KiB window and greedy matching with a deeper search than level 4
# (search log 6, not 4). Measured (CPU time) on the SQLite pages of benchmarks/encryption.py:
# 1.4% fewer bytes than level 4 for 25% more time (46 vs 37 us a page); lazy matching saves
# 0.2% more for 60% more time, the optimal-parsing strategies 5% more for 10x the time.
_ZSTD_PARAMS = {
    "window_log": 12,
    "hash_log": 12,
    "chain_log": 12,
    "search_log": 6,
    "min_match": 4,
    "target_length": 0,
    "strategy": zstandard.STRATEGY_GREEDY,
}

_contexts = threading.local()


def _cctx() -> zstandard.ZstdCompressor:
    if not hasattr(_contexts, "cctx"):
        params = zstandard.ZstdCompressionParameters(
            format=zstandard.FORMAT_ZSTD1_MAGICLESS,
            write_content_size=False,
            write_checksum=False,
            write_dict_id=False,
            **_ZSTD_PARAMS,
        )
        _contexts.cctx = zstandard.ZstdCompressor(compression_params=params)
    cctx: zstandard.ZstdCompressor = _contexts.cctx
    return cctx


def _dctx() -> zstandard.ZstdDecompressor:
    if not hasattr(_contexts, "dctx"):
        _contexts.dctx = zstandard.ZstdDecompressor(format=zstandard.FORMAT_ZSTD1_MAGICLESS)
    dctx: zstandard.ZstdDecompressor = _contexts.dctx
    return dctx


def _ad(version: int, header: bytes, vid: VolumeId, pageidx: int) -> bytes:
    return b"".join([_AD_PREFIXES[version], header, bytes(vid), pageidx.to_bytes(4, "big")])


def seal_page(
    key: DataKey, vid: VolumeId, pageidx: int, lsn: int, page: bytes, *, local: bool = False
) -> bytes:
    """The sealed form of ``page`` (4096 bytes) at ``pageidx`` of ``vid``, written for ``lsn``
    (``local``: to keep on this device, with ``lsn`` 0)."""
    assert len(page) == PAGE_SIZE
    assert not local or lsn == 0
    assert key.key_id <= 0xFFFF, "a keyring holds at most 100 keys, numbered from 1"
    compressed = _cctx().compress(page)
    flags, body = (_FLAG_ZSTD, compressed) if len(compressed) < PAGE_SIZE else (0, page)
    flags |= _FLAG_LOCAL if local else 0
    header = _HEADERS[SEAL_VERSION].pack(SEAL_VERSION, flags, key.key_id, lsn)
    return header + key.siv.encrypt(body, [_ad(SEAL_VERSION, header, vid, pageidx)])


def sealed_header(blob: bytes) -> tuple[int, int]:
    """(key id, LSN) a sealed page names (not yet authenticated)."""
    overhead = _OVERHEADS.get(blob[0]) if blob else None
    if overhead is None:
        raise IntegrityError(f"unknown sealed page format {blob[:1].hex() or 'empty'}")
    if not overhead <= len(blob) <= PAGE_SIZE + overhead:
        raise IntegrityError(f"a sealed page is {len(blob)} bytes")
    _, flags, key_id, lsn = _HEADERS[blob[0]].unpack_from(blob)
    if flags & ~(_FLAG_ZSTD | _FLAG_LOCAL):
        raise IntegrityError(f"unknown sealed page flags {flags}")
    return key_id, lsn


def _decrypt(key: DataKey, vid: VolumeId, pageidx: int, blob: bytes) -> bytes:
    """The body of ``blob``, authenticated as sealed for page ``pageidx`` of ``vid``."""
    version = blob[0]
    size = _HEADERS[version].size
    ad = _ad(version, blob[:size], vid, pageidx)
    if version == SEAL_VERSION:
        return key.siv.decrypt(blob[size:], [ad])
    nonce = blob[size : size + _V1_NONCE]
    return key.aead.decrypt(nonce, blob[size + _V1_NONCE :], ad)


def _inflate(version: int, body: bytes) -> bytes:
    if version == SEAL_VERSION:
        return _dctx().decompress(body, max_output_size=PAGE_SIZE)
    if zstandard.frame_content_size(body) != PAGE_SIZE:
        raise zstandard.ZstdError("bad compressed size")
    return decompressor().decompress(body)


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
    try:
        body = _decrypt(key, sealer, pageidx, blob)
    except InvalidTag:
        raise IntegrityError(
            f"page {pageidx} of {vid} failed authentication (tampered with, or moved from "
            "another page or volume)"
        ) from None
    if blob[1] & _FLAG_ZSTD:
        try:
            body = _inflate(blob[0], body)
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
