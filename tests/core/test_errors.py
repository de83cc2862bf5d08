"""The exception tree: stable unique codes, HTTP statuses, lookup by code, hierarchy."""

from __future__ import annotations

import graft_core
import graft_core.errors as errors
from graft_core.errors import (
    ConcurrentWriteError,
    CorruptSegmentError,
    DataDirLockedError,
    ForbiddenError,
    GraftError,
    InvalidIdError,
    InvalidInputError,
    InvalidPageError,
    NotFoundError,
    RemoteError,
    SnapshotNotFoundError,
    StorageError,
    VolumeNotFoundError,
    error_for_code,
)
from graft_core.failpoints import FailPointError


def all_error_classes() -> list[type[GraftError]]:
    found: list[type[GraftError]] = []
    todo: list[type[GraftError]] = [GraftError]
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo.extend(cls.__subclasses__())
    return found


def test_tree_includes_every_exported_error() -> None:
    classes = set(all_error_classes())
    exported = {
        getattr(errors, name) for name in errors.__all__ if isinstance(getattr(errors, name), type)
    }
    assert exported <= classes
    assert FailPointError in classes
    assert len(classes) >= 20


def test_every_class_has_its_own_code() -> None:
    classes = all_error_classes()
    codes = [cls.code for cls in classes]
    assert len(set(codes)) == len(codes), sorted(codes)
    for cls in classes:
        assert "code" in vars(cls), f"{cls.__name__} inherits its code"
        assert cls.code and cls.code == cls.code.strip().lower()


def test_every_class_has_an_http_error_status() -> None:
    for cls in all_error_classes():
        assert 400 <= cls.http_status <= 599, cls


def test_error_for_code_round_trip() -> None:
    for cls in all_error_classes():
        assert error_for_code(cls.code) is cls
        exc = error_for_code(cls.code)("boom")
        assert isinstance(exc, GraftError)
        assert str(exc) == "boom"


def test_unknown_code_is_remote_error() -> None:
    for code in ("", "no_such_code", "INVALID_INPUT", "invalid_input "):
        assert error_for_code(code) is RemoteError


def test_hierarchy() -> None:
    assert issubclass(GraftError, Exception)
    assert issubclass(InvalidInputError, ValueError)
    assert issubclass(InvalidIdError, InvalidInputError)
    assert issubclass(InvalidPageError, InvalidInputError)
    assert issubclass(NotFoundError, LookupError)
    assert issubclass(VolumeNotFoundError, NotFoundError)
    assert issubclass(SnapshotNotFoundError, NotFoundError)
    assert issubclass(DataDirLockedError, StorageError)
    assert issubclass(CorruptSegmentError, StorageError)
    assert issubclass(ForbiddenError, RemoteError)
    assert not issubclass(ConcurrentWriteError, InvalidInputError)
    assert not issubclass(StorageError, ValueError)


def test_statuses_match_the_wire_contract() -> None:
    assert InvalidInputError.http_status == 400
    assert InvalidIdError.http_status == 400
    assert NotFoundError.http_status == 404
    assert VolumeNotFoundError.http_status == 404
    assert errors.PayloadTooLargeError.http_status == 413
    assert errors.CommitRejectedError.http_status == 409
    assert errors.AuthError.http_status == 401
    assert ForbiddenError.http_status == 403
    assert errors.ServiceUnavailableError.http_status == 503


def test_package_reexports_errors() -> None:
    for name in errors.__all__:
        assert getattr(graft_core, name) is getattr(errors, name)
        assert name in graft_core.__all__


def test_full_and_unavailable_storage_are_503_storage_errors_rebuilt_from_their_code() -> None:
    for cls, code in (
        (errors.StorageFullError, "storage_full"),
        (errors.StorageUnavailableError, "storage_unavailable"),
    ):
        assert issubclass(cls, StorageError)
        assert (cls.code, cls.http_status) == (code, 503)
        assert errors.error_for_code(code) is cls
