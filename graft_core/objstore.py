"""ObjectStore: one small, synchronous key -> bytes interface over every place segments live.

Backends, chosen by ``open_store(url)``:

- a plain path or ``file://``: durable local files (the embedded default). A write goes to a
  temp file in ``<root>/.graft-tmp``, is synced, then renamed (``put``) or hard-linked
  (``put_if_absent``, which makes it an atomic create-only write) into place, and the directory
  is fsynced, so a write that returned survives a power cut and a crash never exposes a partial
  object; a failed write (``StorageFullError`` on a full disk) leaves neither the object nor a
  temp file behind. As in a file system, one key cannot also be a "directory" of others (``a``
  and ``a/b``): the second write of such a pair is ``InvalidInputError``. The project's keys
  never collide so.
- ``memory://``: a thread-safe dict, for tests and throwaway servers.
- ``s3://bucket/prefix``, ``gs://``, ``az://``: obstore (its sync API only; async callers use
  ``anyio.to_thread.run_sync``). S3 settings come from ``AWS_ENDPOINT_URL``, ``AWS_ACCESS_KEY_ID``,
  ``AWS_SECRET_ACCESS_KEY``, ``AWS_REGION`` (default us-east-1) and ``AWS_ALLOW_HTTP``.

Semantics shared by every backend (the contract tests hold all of them to it):

- Keys are ``/``-separated relative paths: no empty, ``.`` or ``..`` segment, no leading ``/``,
  no backslash or NUL. Anything else is ``InvalidInputError``.
- ``list(prefix)`` matches plain string prefixes (``"seg"`` matches ``"segments/x"``), even though
  obstore itself matches whole path segments; results come in key order.
- ``get_range`` returns fewer bytes when the object ends first, and ``b""`` past its end.
- ``get_suffix(key, n)`` returns the last ``n`` bytes (the whole object when it is shorter): one
  request reads a segment's footer and index without knowing the object's size.
- A missing key is ``NotFoundError``; any other failure is ``StorageError``. A remote store that
  fails or does not answer in time, or whose bucket does not exist, is ``StorageUnavailableError``
  (which names the bucket): a lost bucket is never mistaken for missing objects.
"""

from __future__ import annotations

import abc
import contextlib
import datetime
import errno
import os
import secrets
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

import obstore
from obstore.exceptions import AlreadyExistsError
from obstore.store import from_url

from graft_core.closing import Closing
from graft_core.errors import (
    InvalidInputError,
    NotFoundError,
    StorageError,
    StorageUnavailableError,
)
from graft_core.files import fsync_dir, make_dirs, storage_error
from graft_core.urls import split_url

if TYPE_CHECKING:
    from obstore.store import ClientConfig, RetryConfig, S3Config
    from obstore.store import ObjectStore as ObstoreStore

__all__ = [
    "LocalStore",
    "MemoryStore",
    "ObjectMeta",
    "ObjectStore",
    "ObstoreBackend",
    "check_remote_url",
    "check_store_url",
    "open_store",
]

_TMP_DIR = ".graft-tmp"
# Temp files older than this were left by a crashed writer (a live write takes milliseconds).
_STALE_TMP_S = 3600.0


@dataclass(frozen=True, slots=True)
class ObjectMeta:
    key: str
    size: int
    last_modified_ms: int


def check_key(key: object) -> str:
    """A key is a relative ``/``-separated path that cannot escape a store's root."""
    if not isinstance(key, str) or not key:
        raise InvalidInputError(f"invalid object key {key!r}: expected a non-empty string")
    if "\\" in key or "\0" in key or key.startswith("/"):
        raise InvalidInputError(f"invalid object key {key!r}: backslash, NUL or leading '/'")
    if any(part in ("", ".", "..") for part in key.split("/")):
        raise InvalidInputError(f"invalid object key {key!r}: empty, '.' or '..' path segment")
    return key


def check_prefix(prefix: object) -> str:
    """A prefix is empty or a key with an optional trailing ``/``."""
    if prefix == "":
        return ""
    if not isinstance(prefix, str):
        raise InvalidInputError(f"invalid key prefix {prefix!r}: expected a string")
    check_key(prefix.removesuffix("/"))
    return prefix


def check_range(start: int, length: int) -> None:
    if start < 0 or length < 0:
        raise InvalidInputError(f"invalid byte range start={start} length={length}")


class ObjectStore(Closing):
    """Immutable-object storage: every method is blocking and safe to call from many threads."""

    @abc.abstractmethod
    def get(self, key: str) -> bytes:
        """The whole object; ``NotFoundError`` if it does not exist."""

    @abc.abstractmethod
    def get_range(self, key: str, start: int, length: int) -> bytes:
        """Up to ``length`` bytes from ``start`` (fewer at the end of the object)."""

    @abc.abstractmethod
    def get_suffix(self, key: str, length: int) -> bytes:
        """The last ``length`` bytes (all of them when the object is shorter)."""

    @abc.abstractmethod
    def put(self, key: str, data: bytes) -> None:
        """Store ``data`` at ``key``, replacing any object there; durable when it returns."""

    @abc.abstractmethod
    def put_if_absent(self, key: str, data: bytes) -> bool:
        """Atomic create-only write: True if this call created ``key``, False if it existed.

        A call whose request landed but whose answer was lost still answers True: remote stores
        read the object back, so they also answer True when ``key`` already held exactly
        ``data`` (callers write unique bytes: a retried write of them is this write).
        """

    @abc.abstractmethod
    def delete(self, key: str) -> None:
        """Remove ``key``; a missing key is not an error."""

    @abc.abstractmethod
    def list(self, prefix: str) -> Iterator[ObjectMeta]:
        """Every object whose key starts with ``prefix``, in key order."""

    @abc.abstractmethod
    def close(self) -> None:
        """Release resources; the store is not used afterwards."""


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


class MemoryStore(ObjectStore):
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._objects: dict[str, tuple[bytes, int]] = {}

    def get(self, key: str) -> bytes:
        check_key(key)
        with self._lock:
            found = self._objects.get(key)
        if found is None:
            raise NotFoundError(f"no object {key!r}")
        return found[0]

    def get_range(self, key: str, start: int, length: int) -> bytes:
        check_range(start, length)
        return self.get(key)[start : start + length]

    def get_suffix(self, key: str, length: int) -> bytes:
        check_range(0, length)
        data = self.get(key)
        return data[len(data) - min(length, len(data)) :]

    def put(self, key: str, data: bytes) -> None:
        check_key(key)
        with self._lock:
            self._objects[key] = (bytes(data), _now_ms())

    def put_if_absent(self, key: str, data: bytes) -> bool:
        check_key(key)
        with self._lock:
            if key in self._objects:
                return False
            self._objects[key] = (bytes(data), _now_ms())
            return True

    def delete(self, key: str) -> None:
        check_key(key)
        with self._lock:
            self._objects.pop(key, None)

    def list(self, prefix: str) -> Iterator[ObjectMeta]:
        check_prefix(prefix)
        with self._lock:
            found = [
                ObjectMeta(key, len(data), ms)
                for key, (data, ms) in self._objects.items()
                if key.startswith(prefix)
            ]
        return iter(sorted(found, key=lambda meta: meta.key))

    def close(self) -> None:
        """Nothing to release: the objects live as long as this store object."""


def _sync_file(fd: int) -> None:
    """A new file's bytes and size are what a reader needs: fdatasync flushes those without the
    timestamp-only inode update fsync adds (RocksDB syncs its files so). The directory fsync after
    the rename or link makes the name durable. Looked up per call: tests swap both functions."""
    getattr(os, "fdatasync", os.fsync)(fd)


class LocalStore(ObjectStore):
    """Durable objects as files under ``root``; keys map to nested paths."""

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(root).resolve()
        self._tmp = self.root / _TMP_DIR
        # Made by the first write, not here: a store that is only read (a lite client's, a
        # mistyped URL's) is not created by being opened.
        self._made = False
        try:
            if self.root.exists() and not self.root.is_dir():
                raise NotADirectoryError(errno.ENOTDIR, "not a directory", str(self.root))
            self._remove_stale_temps()
        except OSError as exc:
            raise storage_error(exc, f"cannot open local store at {self.root}") from exc

    def _remove_stale_temps(self) -> None:
        cutoff = time.time() - _STALE_TMP_S
        with contextlib.suppress(FileNotFoundError):
            for entry in os.scandir(self._tmp):
                with contextlib.suppress(FileNotFoundError):
                    if entry.stat().st_mtime < cutoff:
                        os.unlink(entry.path)

    def _path(self, key: str) -> Path:
        check_key(key)
        if key.split("/", 1)[0] == _TMP_DIR:
            raise InvalidInputError(f"invalid object key {key!r}: {_TMP_DIR} is reserved")
        path = self.root / key
        assert path.is_relative_to(self.root)
        return path

    def _read(
        self, key: str, start: int, length: int | None, *, whence: int = os.SEEK_SET
    ) -> bytes:
        path = self._path(key)
        try:
            with open(path, "rb") as file:
                if whence == os.SEEK_END:
                    # Seek back at most to the start: a suffix longer than the file is all of it.
                    start = -min(-start, file.seek(0, os.SEEK_END))
                file.seek(start, whence)
                return file.read(length)
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError) as exc:
            raise NotFoundError(f"no object {key!r}") from exc
        except OSError as exc:
            raise storage_error(exc, f"cannot read {key!r}") from exc

    def get(self, key: str) -> bytes:
        return self._read(key, 0, None)

    def get_range(self, key: str, start: int, length: int) -> bytes:
        check_range(start, length)
        return self._read(key, start, length)

    def get_suffix(self, key: str, length: int) -> bytes:
        check_range(0, length)
        return self._read(key, -length, length, whence=os.SEEK_END)

    def _write_temp(self, data: bytes) -> Path:
        if not self._made:
            make_dirs(self._tmp)
            self._made = True
        tmp = self._tmp / secrets.token_hex(12)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            with os.fdopen(fd, "wb") as file:
                file.write(data)
                file.flush()
                _sync_file(file.fileno())
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
        return tmp

    def _install(self, key: str, data: bytes, *, replace: bool) -> bool:
        path = self._path(key)
        try:
            make_dirs(path.parent)
            tmp = self._write_temp(data)
            created = True
            try:
                if replace:
                    os.replace(tmp, path)
                else:
                    try:
                        os.link(tmp, path)
                    except FileExistsError:
                        created = False
            finally:
                tmp.unlink(missing_ok=True)
            # Also when the key existed: its writer may have failed at this sync, unanswered,
            # and callers act on the object found (a retried commit is answered as a replay).
            self._sync_new_name(path, created=created and not replace)
            return created
        except (IsADirectoryError, NotADirectoryError) as exc:
            raise InvalidInputError(f"key {key!r} collides with another key's path") from exc
        except OSError as exc:
            raise storage_error(exc, f"cannot write {key!r}") from exc

    @staticmethod
    def _sync_new_name(path: Path, *, created: bool) -> None:
        try:
            fsync_dir(path.parent)
        except OSError:
            # Not durable, so not written: a created object must not stay visible. (A replaced
            # one cannot be restored; its caller gets the error and writes it again.)
            if created:
                with contextlib.suppress(OSError):
                    path.unlink()
            raise

    def put(self, key: str, data: bytes) -> None:
        self._install(key, data, replace=True)

    def put_if_absent(self, key: str, data: bytes) -> bool:
        return self._install(key, data, replace=False)

    def delete(self, key: str) -> None:
        path = self._path(key)
        try:
            path.unlink()
            fsync_dir(path.parent)
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
            return  # missing, or a "directory", which is a key prefix and not an object
        except OSError as exc:
            raise storage_error(exc, f"cannot delete {key!r}") from exc

    def list(self, prefix: str) -> Iterator[ObjectMeta]:
        check_prefix(prefix)
        # Walk only the directory the prefix names, then filter by the partial last segment.
        start = self.root / prefix.rpartition("/")[0]
        found: list[ObjectMeta] = []
        for dirpath, dirnames, filenames in os.walk(start):
            if Path(dirpath) == self.root:
                dirnames[:] = [name for name in dirnames if name != _TMP_DIR]
            rel = Path(dirpath).relative_to(self.root).as_posix()
            for name in filenames:
                key = name if rel == "." else f"{rel}/{name}"
                if not key.startswith(prefix):
                    continue
                with contextlib.suppress(FileNotFoundError):  # deleted while listing
                    stat = os.stat(os.path.join(dirpath, name))
                    found.append(ObjectMeta(key, stat.st_size, stat.st_mtime_ns // 1_000_000))
        return iter(sorted(found, key=lambda meta: meta.key))

    def close(self) -> None:
        """Nothing to release: every call opens and closes its own files."""


def _first_line(exc: BaseException) -> str:
    return str(exc).split("\n", 1)[0]


# How S3, GCS and Azure name a missing bucket (or container) in an error body.
_NO_BUCKET = ("NoSuchBucket", "ContainerNotFound", "The specified bucket does not exist")


def _names_missing_bucket(exc: BaseException | None) -> bool:
    return any(marker in str(exc) for marker in _NO_BUCKET)


class ObstoreBackend(ObjectStore):
    """S3, GCS or Azure through obstore's synchronous functions."""

    def __init__(self, store: ObstoreStore, bucket: str = "") -> None:
        self._store = store
        self.bucket = bucket

    @contextlib.contextmanager
    def _mapped_errors(self, key: str) -> Iterator[None]:
        """obstore's errors, as this project's: a missing key -> NotFoundError, a missing
        bucket or any other failure -> StorageUnavailableError."""
        try:
            yield
        except (obstore.exceptions.BaseError, OSError, ValueError) as exc:
            if _names_missing_bucket(exc):
                raise StorageUnavailableError(
                    f"object store bucket {self.bucket!r} does not exist"
                ) from exc
            if isinstance(exc, FileNotFoundError):
                raise NotFoundError(f"no object {key!r}") from exc
            raise StorageUnavailableError(
                f"object store {self.bucket!r} failed on {key!r}: {_first_line(exc)}"
            ) from exc

    def get(self, key: str) -> bytes:
        check_key(key)
        with self._mapped_errors(key):
            return bytes(obstore.get(self._store, key).bytes())

    def _size(self, key: str) -> int:
        with self._mapped_errors(key):
            return obstore.head(self._store, key)["size"]

    def get_range(self, key: str, start: int, length: int) -> bytes:
        check_key(key)
        check_range(start, length)
        # Stores reject empty ranges and ranges past the end; answer those from the size instead.
        if length == 0:
            self._size(key)
            return b""
        try:
            with self._mapped_errors(key):
                return bytes(obstore.get_range(self._store, key, start=start, length=length))
        except StorageError as exc:
            if not _names_missing_bucket(exc.__cause__) and start >= self._size(key):
                return b""
            raise

    def get_suffix(self, key: str, length: int) -> bytes:
        check_key(key)
        check_range(0, length)
        if length == 0:  # stores reject an empty suffix range
            self._size(key)
            return b""
        with self._mapped_errors(key):
            return bytes(
                obstore.get(self._store, key, options={"range": {"suffix": length}}).bytes()
            )

    def put(self, key: str, data: bytes) -> None:
        check_key(key)
        with self._mapped_errors(key):
            obstore.put(self._store, key, data, use_multipart=False)

    def put_if_absent(self, key: str, data: bytes) -> bool:
        check_key(key)
        try:
            with self._mapped_errors(key):
                obstore.put(self._store, key, data, mode="create")
        except StorageError as exc:
            # "Exists" may come from obstore's retry of this PUT after the first attempt created
            # the object and its answer was lost; a failure may likewise follow a PUT that
            # landed. Either way the stored bytes tell whether this write is the one there.
            try:
                return self.get(key) == data
            except NotFoundError:
                if isinstance(exc.__cause__, AlreadyExistsError):
                    return False  # created by another writer, and deleted since
                raise exc from exc.__cause__
        return True

    def delete(self, key: str) -> None:
        check_key(key)
        with self._mapped_errors(key):
            obstore.delete(self._store, key)

    def list(self, prefix: str) -> Iterator[ObjectMeta]:
        check_prefix(prefix)
        # obstore matches whole path segments: list the enclosing "directory", filter the rest.
        directory = prefix.rpartition("/")[0] or None
        with self._mapped_errors(prefix):
            for batch in obstore.list(self._store, directory, chunk_size=1000):
                for meta in batch:
                    if meta["path"].startswith(prefix):
                        modified = meta["last_modified"].timestamp()
                        yield ObjectMeta(meta["path"], meta["size"], int(modified * 1000))

    def close(self) -> None:
        """obstore stores own a connection pool that is freed with the object."""


def _truthy(value: str | None) -> bool:
    return (value or "").strip().lower() in ("1", "true", "yes", "on")


# Fail in seconds rather than obstore's default of retrying for three minutes: callers (the
# pagestore, the metastore) turn a StorageError into a 503 the client retries anyway.
_RETRY: RetryConfig = {"max_retries": 3, "retry_timeout": datetime.timedelta(seconds=20)}


def _client_options(timeout_s: float | None) -> ClientConfig:
    options: ClientConfig = {"connect_timeout": datetime.timedelta(seconds=5)}
    if timeout_s is not None:
        options["timeout"] = datetime.timedelta(seconds=timeout_s)
    return options


def _open_s3(url: str, env: Mapping[str, str], timeout_s: float | None) -> ObstoreStore:
    config: S3Config = {"region": env.get("AWS_REGION") or "us-east-1"}
    for name, field in (
        ("AWS_ENDPOINT_URL", "endpoint"),
        ("AWS_ACCESS_KEY_ID", "access_key_id"),
        ("AWS_SECRET_ACCESS_KEY", "secret_access_key"),
    ):
        if env.get(name):
            config[field] = env[name]  # type: ignore[literal-required]
    options = _client_options(timeout_s)
    options["allow_http"] = _truthy(env.get("AWS_ALLOW_HTTP"))
    return from_url(url, config=config, client_options=options, retry_config=_RETRY)


_SCHEMES = ("", "file", "memory", "s3", "s3a", "gs", "az", "azure", "abfs", "abfss")


def _bucket(scheme: str, netloc: str, path: str) -> str:
    """The bucket (container) a URL names, for error messages."""
    if scheme in ("az", "azure"):  # az://account/container/prefix
        return f"{netloc}/{path.lstrip('/').split('/', 1)[0]}"
    return netloc


def check_store_url(url: str) -> str:
    """``url`` if ``open_store`` takes its form (nothing is opened), else ``InvalidInputError``."""
    parts = split_url(url, "object store")
    scheme = parts.scheme.lower()
    if scheme not in _SCHEMES or (scheme == "file" and parts.netloc not in ("", "localhost")):
        raise InvalidInputError(
            f"unsupported object store URL {url!r}: give a path or a file://, memory://, "
            "s3://, gs:// or az:// URL"
        )
    return url


def check_remote_url(url: str, what: str = "remote") -> str:
    """``url`` if it names a store by URL (a scheme; not a bare path), else ``InvalidInputError``.

    A direct client's remote is shared with other devices or processes, so it is always
    spelled out: ``s3://bucket/prefix``, ``file:///path``, ``memory://name`` ...
    """
    try:
        check_store_url(url)
        named = bool(urlsplit(url).scheme)
    except InvalidInputError:
        named = False
    if not named:
        raise InvalidInputError(
            f"{what}: {url!r} is not an object store URL: give file:///path, memory://NAME, "
            "s3://bucket/prefix, gs:// or az://"
        )
    return url


def open_store(
    url: str, *, env: Mapping[str, str] | None = None, timeout_s: float | None = None
) -> ObjectStore:
    """The store a URL names: a path or ``file://``, ``memory://``, ``s3://``, ``gs://``, ``az://``.

    ``env`` (default ``os.environ``) supplies the AWS_* settings for ``s3://``; ``timeout_s``
    bounds each request to a remote store (each retry gets its own).
    """
    parts = urlsplit(check_store_url(url))
    scheme = parts.scheme.lower()
    try:
        if scheme == "":
            return LocalStore(url)
        if scheme == "file":
            return LocalStore(parts.path)
        if scheme == "memory":
            return MemoryStore()
        if scheme in ("s3", "s3a"):
            store = _open_s3(url, os.environ if env is None else env, timeout_s)
            return ObstoreBackend(store, parts.netloc)
        options = _client_options(timeout_s)  # gs, az and its aliases
        store = from_url(url, client_options=options, retry_config=_RETRY)
        return ObstoreBackend(store, _bucket(scheme, parts.netloc, parts.path))
    except (obstore.exceptions.BaseError, ValueError) as exc:
        if isinstance(exc, InvalidInputError):
            raise
        raise InvalidInputError(f"cannot open object store {url!r}: {_first_line(exc)}") from exc
