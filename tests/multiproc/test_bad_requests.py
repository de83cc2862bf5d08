"""The owner checks what an attached process sends it, as the API checks what an app passes.

An attached process's ``VolumeWriter`` checks pages before they leave it, but the owner's
endpoint took a commit's pages as they came: a process of another version, or a buggy one,
could store a page of 5 bytes, which no reader could read again ("slot of 5 bytes"). Here a
connection speaks the frame protocol by hand: each bad commit gets an error naming what is
wrong, nothing is stored, and the owner goes on serving.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from graft_client import Client
from graft_client.shared.wire import FrameReader, address, encode_frame, snapshot_to_wire
from graft_core.types import PAGE_SIZE

PAGE = b"p" * PAGE_SIZE


@pytest.fixture
def owner(tmp_path: Path) -> Iterator[Client]:
    with Client(tmp_path / "device") as client:
        yield client


def _ask(sock: socket.socket, frames: FrameReader, request_id: int, op: str, *args: Any) -> Any:
    sock.sendall(encode_frame([request_id, op, list(args)]))
    answer_id, ok, value = frames.next()
    assert answer_id == request_id
    return ok, value


@pytest.mark.parametrize(
    ("dirty", "page_count", "shrunk_to", "told"),
    [
        ({1: b"short"}, 1, 1, f"exactly {PAGE_SIZE} bytes, got 5"),
        ({1: "text"}, 1, 1, "page data must be bytes, not str"),
        ({0: PAGE}, 1, 1, "invalid page index 0"),
        ({-5: PAGE}, 1, 1, "invalid page index -5"),
        ({3: PAGE}, 2, 2, "page 3 is above the commit's page count 2"),
        ({1: PAGE}, -3, 1, "invalid page count -3"),
        ({1: PAGE}, 1, "x", "invalid page count 'x'"),
        ([PAGE], 1, 1, "a commit's pages are a map"),
    ],
)
def test_a_bad_commit_from_an_attached_process_is_refused_and_stores_nothing(
    owner: Client, dirty: Any, page_count: Any, shrunk_to: Any, told: str
) -> None:
    volume = owner.create_volume()
    with volume.writer() as writer:
        writer.write(1, PAGE)
    base = volume.snapshot()
    assert base is not None
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.connect(address(owner.data_dir))
        frames = FrameReader(sock)
        assert _ask(sock, frames, 1, "hello")[0]
        wire = [bytes(volume.vid), snapshot_to_wire(base), dirty, page_count, shrunk_to]
        ok, error = _ask(sock, frames, 2, "commit", *wire, b"c" * 16, [False, None, 0], None)
        assert not ok
        assert error[0] == "invalid_page" and told in error[1], error
    assert volume.latest_lsn() == base.lsn
    with volume.reader() as reader:
        assert reader.read(1) == PAGE
    with volume.writer() as writer:  # the owner goes on
        writer.write(2, PAGE)
    assert volume.latest_lsn() == base.lsn + 1
