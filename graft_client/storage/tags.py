"""Tags: human names for volumes, one name -> vid map per data directory (DESIGN section 12).

The ``tags`` family maps the name's UTF-8 bytes to the 16 bytes of the volume id. A name must
never be mistaken for an id: wherever a volume id is accepted, a tag is too, so a name that
reads as an id (22 base58 characters) or as the SQLite VFS's ``new`` is refused.
"""

from __future__ import annotations

import re
from pathlib import Path

from graft_client.storage.db import LocalDB
from graft_core.errors import (
    CorruptDataError,
    InvalidIdError,
    InvalidTagError,
    TagInUseError,
    UnknownTagError,
)
from graft_core.failpoints import failpoint
from graft_core.ids import TEXT_SIZE, VolumeId

__all__ = [
    "MAX_TAG_LENGTH",
    "check_tag",
    "check_tag_free",
    "delete_tag",
    "get_tag",
    "is_tag_shaped",
    "put_tag",
    "tags",
    "unknown_tag",
]

FAMILY = "tags"
MAX_TAG_LENGTH = 64
RESERVED = frozenset({"new"})  # the SQLite VFS's name for "create a volume"
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_BASE58 = re.compile(r"[1-9A-HJ-NP-Za-km-z]+")


def _looks_like_id(text: str) -> bool:
    return len(text) == TEXT_SIZE and _BASE58.fullmatch(text) is not None


def is_tag_shaped(text: str) -> bool:
    """Whether ``text`` could be a tag (so it is looked up as one, not parsed as an id)."""
    return (
        len(text) <= MAX_TAG_LENGTH
        and _NAME.fullmatch(text) is not None
        and not _looks_like_id(text)
        and text not in RESERVED
    )


def check_tag(name: str) -> str:
    """``name`` if it is a valid tag, else ``InvalidTagError`` saying what is wrong."""
    if not isinstance(name, str):
        raise InvalidTagError(f"a tag must be text, not {type(name).__name__}")
    if is_tag_shaped(name):
        return name
    if _looks_like_id(name):
        why = f"it has the shape of a volume id ({TEXT_SIZE} base58 characters)"
    elif name in RESERVED:
        why = "the name is reserved (`new` makes a new volume in SQLite)"
    elif len(name) > MAX_TAG_LENGTH:
        why = f"it is longer than {MAX_TAG_LENGTH} characters"
    else:
        why = "use letters, digits, '.', '_' and '-', starting with a letter or digit"
    raise InvalidTagError(f"invalid tag {name!r}: {why}")


def check_tag_free(name: str, named: VolumeId | None, vid: VolumeId | None) -> None:
    """``TagInUseError`` if tag ``name``, naming ``named`` now, names a volume other than
    ``vid``."""
    if named is not None and named != vid:
        raise TagInUseError(
            f"tag {name!r} already names volume {named}: give another name, or move the tag "
            "(--move-tag; `graft tag set NAME VID`)"
        )


def unknown_tag(text: str, data_dir: Path) -> UnknownTagError:
    """The error for ``text`` that is neither a volume id nor a tag in ``data_dir``."""
    return UnknownTagError(
        f"invalid VolumeId {text!r}: neither a volume id ({TEXT_SIZE} base58 characters) "
        f"nor a tag in {data_dir} (see `graft tag list`)"
    )


def _key(name: str) -> bytes:
    return check_tag(name).encode()


def _vid(name: str, raw: bytes) -> VolumeId:
    try:
        return VolumeId(raw)
    except InvalidIdError as exc:
        raise CorruptDataError(f"tag {name!r} holds a corrupt volume id: {exc}") from exc


def get_tag(db: LocalDB, name: str) -> VolumeId | None:
    raw = db.get(FAMILY, _key(name))
    return None if raw is None else _vid(name, raw)


def put_tag(db: LocalDB, name: str, vid: VolumeId, *, move: bool = True) -> None:
    """Name ``vid`` ``name``; unless ``move``, ``TagInUseError`` if it names another volume.
    The caller serializes tag changes (the check and the write are one step)."""
    if not move:
        check_tag_free(name, get_tag(db, name), vid)
        failpoint("tag.checked")
    batch = db.batch()
    batch.put(FAMILY, _key(name), bytes(vid))
    db.write(batch, sync=True)


def delete_tag(db: LocalDB, name: str) -> bool:
    """Remove tag ``name``; whether it existed."""
    key = _key(name)
    if db.get(FAMILY, key) is None:
        return False
    batch = db.batch()
    batch.delete(FAMILY, key)
    db.write(batch, sync=True)
    return True


def tags(db: LocalDB) -> dict[str, VolumeId]:
    """Every tag, by name."""
    found: dict[str, VolumeId] = {}
    it = db.iterator(FAMILY)
    try:
        it.seek_to_first()
        while it.valid():
            name = bytes(it.key()).decode()
            found[name] = _vid(name, it.value())
            it.next()
    finally:
        del it
    return found
