"""Segment receipts: proof that the pagestore stored exactly these pages of a volume in a segment.

The pagestore answers every ``write_pages`` with one ``SegmentRef`` per segment, each carrying a
receipt: keyed BLAKE2b over (segment id, volume id, the graft's portable bytes) with a key that the
pagestore and the metastore share. The metastore accepts a commit or a checkpoint only if every
segment it names carries a valid receipt for that volume and that exact graft, so a client cannot
point a volume at another volume's segment, at a segment that does not exist, or at pages a
segment does not hold; and a commit's graft is bounded by the pages actually written.

The key is 16 to 64 random bytes, written as hex: in ``GRAFT_RECEIPT_KEY`` or in a key file
(``graft serve`` creates ``DATA_DIR/receipt.key`` and hands it to both servers). The compaction job
writes segments itself and signs its checkpoints with the same key.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
from pathlib import Path

from graft_core.errors import InvalidInputError
from graft_core.files import fsync_dir
from graft_core.ids import VolumeId
from graft_core.wire import SegmentRef

__all__ = ["KEY_ENV", "KEY_FILE_ENV", "KEY_FILE_NAME", "ReceiptKey"]

KEY_ENV = "GRAFT_RECEIPT_KEY"
KEY_FILE_ENV = "GRAFT_RECEIPT_KEY_FILE"
KEY_FILE_NAME = "receipt.key"
RECEIPT_SIZE = 32
_PERSON = b"graft-receipt-v1"
_KEY_BYTES = 32


class ReceiptKey:
    """Signs and checks receipts; the key never leaves this object."""

    __slots__ = ("_key",)

    def __init__(self, key: bytes) -> None:
        if not 16 <= len(key) <= 64:
            raise InvalidInputError(f"a receipt key is 16 to 64 bytes, not {len(key)}")
        self._key = key

    @classmethod
    def from_hex(cls, text: str, where: str = KEY_ENV) -> ReceiptKey:
        try:
            return cls(bytes.fromhex(text.strip()))
        except ValueError as exc:
            raise InvalidInputError(f"{where}: not a hex receipt key of 16-64 bytes") from exc

    @classmethod
    def load(cls, path: Path, *, create: bool = False) -> ReceiptKey:
        """The key in ``path``; with ``create``, a new random one is written there first if the
        file does not exist (linked into place, so concurrent starters agree on one key)."""
        try:
            if create:
                _create_key_file(path)
            text = path.read_text()
        except OSError as exc:
            raise InvalidInputError(f"cannot use the receipt key file {path}: {exc}") from exc
        return cls.from_hex(text, str(path))

    @classmethod
    def from_env(cls, data_dir: Path | None = None) -> ReceiptKey | None:
        """``GRAFT_RECEIPT_KEY``, else ``GRAFT_RECEIPT_KEY_FILE``, else ``DATA_DIR/receipt.key``
        if it exists; None when there is none."""
        text = os.environ.get(KEY_ENV)
        if text:
            return cls.from_hex(text)
        path = os.environ.get(KEY_FILE_ENV)
        if path:
            return cls.load(Path(path))
        if data_dir is not None and (data_dir / KEY_FILE_NAME).exists():
            return cls.load(data_dir / KEY_FILE_NAME)
        return None

    def _mac(self, vid: VolumeId, ref: SegmentRef) -> bytes:
        digest = hashlib.blake2b(digest_size=RECEIPT_SIZE, key=self._key, person=_PERSON)
        digest.update(bytes(ref.sid))
        digest.update(bytes(vid))
        digest.update(ref.graft.serialize())
        return digest.digest()

    def sign(self, vid: VolumeId, ref: SegmentRef) -> SegmentRef:
        """``ref`` with its receipt for ``vid``."""
        return SegmentRef(sid=ref.sid, graft=ref.graft, receipt=self._mac(vid, ref))

    def valid(self, vid: VolumeId, ref: SegmentRef) -> bool:
        return hmac.compare_digest(ref.receipt, self._mac(vid, ref))

    def __repr__(self) -> str:
        return "ReceiptKey(...)"


def _create_key_file(path: Path) -> None:
    """Write a new key to a temporary name, then link it into place: a concurrent reader sees
    no file or the whole key, and of two racing creators the first link wins."""
    if path.exists():
        return
    tmp = path.with_name(f"{path.name}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, (secrets.token_hex(_KEY_BYTES) + "\n").encode())
        os.fsync(fd)
    finally:
        os.close(fd)
    try:
        with contextlib.suppress(FileExistsError):
            os.link(tmp, path)
    finally:
        tmp.unlink()
    fsync_dir(path.parent)
