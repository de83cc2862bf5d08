"""The ObjectStore contract, held by every backend: local files, memory, and S3 (moto_server)."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from graft_core.errors import InvalidInputError, NotFoundError
from graft_core.objstore import ObjectStore, open_store
from tests.support.moto import MotoS3

BAD_KEYS = ["", "/abs", "a/../b", "..", "a//b", "a/", "./a", "a\\b", "a\0b"]


@pytest.fixture(params=["local", "memory", "s3"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ObjectStore]:
    if request.param == "local":
        url = str(tmp_path / "store")
        env: dict[str, str] = {}
    elif request.param == "memory":
        url, env = "memory://", {}
    else:
        moto: MotoS3 = request.getfixturevalue("moto_s3")
        url, env = moto.make_bucket(f"t-{uuid.uuid4().hex[:12]}") + "/some/prefix", moto.env
    with open_store(url, env=env) as opened:
        yield opened


def test_put_get_overwrite(store: ObjectStore) -> None:
    store.put("segments/a", b"one")
    assert store.get("segments/a") == b"one"
    store.put("segments/a", b"two!")
    assert store.get("segments/a") == b"two!"
    store.put("empty", b"")
    assert store.get("empty") == b""


def test_missing_keys_are_not_found(store: ObjectStore) -> None:
    with pytest.raises(NotFoundError):
        store.get("nope")
    with pytest.raises(NotFoundError):
        store.get_range("nope", 0, 4)
    with pytest.raises(NotFoundError):
        store.get_range("nope", 0, 0)
    store.delete("nope")  # not an error


def test_get_range(store: ObjectStore) -> None:
    data = bytes(range(256)) * 4
    store.put("r", data)
    assert store.get_range("r", 0, 10) == data[:10]
    assert store.get_range("r", 500, 100) == data[500:600]
    assert store.get_range("r", 1000, 100) == data[1000:]  # clipped at the end
    assert store.get_range("r", len(data), 10) == b""
    assert store.get_range("r", len(data) + 50, 10) == b""
    assert store.get_range("r", 3, 0) == b""
    for start, length in ((-1, 4), (0, -4)):
        with pytest.raises(InvalidInputError):
            store.get_range("r", start, length)


def test_large_object(store: ObjectStore) -> None:
    data = uuid.uuid4().bytes * (6 * 1024 * 1024 // 16)  # above obstore's 5 MiB multipart chunk
    store.put("big", data)
    assert store.get("big") == data
    assert store.get_range("big", len(data) - 16, 16) == data[-16:]


def test_put_if_absent(store: ObjectStore) -> None:
    assert store.put_if_absent("log/1", b"first") is True
    assert store.put_if_absent("log/1", b"second") is False
    assert store.get("log/1") == b"first"
    store.delete("log/1")
    assert store.put_if_absent("log/1", b"third") is True
    assert store.get("log/1") == b"third"


def test_put_if_absent_race_has_exactly_one_winner(store: ObjectStore) -> None:
    threads = 8
    for round_no in range(5):
        key = f"volumes/v/log/{round_no:016x}"
        barrier = threading.Barrier(threads)

        def attempt(writer: int, key: str = key, barrier: threading.Barrier = barrier) -> bool:
            barrier.wait()
            return store.put_if_absent(key, f"writer {writer}".encode())

        with ThreadPoolExecutor(threads) as pool:
            results = list(pool.map(attempt, range(threads)))
        assert results.count(True) == 1
        assert store.get(key) == f"writer {results.index(True)}".encode()


def test_delete(store: ObjectStore) -> None:
    store.put("d/x", b"x")
    store.put("d/y", b"y")
    store.delete("d/x")
    with pytest.raises(NotFoundError):
        store.get("d/x")
    assert store.get("d/y") == b"y"
    store.delete("d/x")
    assert [meta.key for meta in store.list("d/")] == ["d/y"]


def test_list_matches_string_prefixes_in_key_order(store: ObjectStore) -> None:
    keys = ["segments/b", "segments/a", "segments/ab/deep", "segmentsX", "seg-1", "volumes/v/log/1"]
    before_ms = time.time_ns() // 1_000_000
    for number, key in enumerate(keys):
        store.put(key, b"z" * number)
    assert [meta.key for meta in store.list("")] == sorted(keys)
    assert [meta.key for meta in store.list("segments/")] == [
        "segments/a",
        "segments/ab/deep",
        "segments/b",
    ]
    assert [meta.key for meta in store.list("seg")] == sorted(keys[:5])
    assert [meta.key for meta in store.list("segments/a")] == ["segments/a", "segments/ab/deep"]
    assert list(store.list("nothing/")) == []
    sizes = {meta.key: meta.size for meta in store.list("")}
    assert sizes == {key: number for number, key in enumerate(keys)}
    for meta in store.list(""):
        # Coarse bound: S3 reports whole seconds and the server clock is the test machine's.
        assert abs(meta.last_modified_ms - before_ms) < 60_000


@pytest.mark.parametrize("key", BAD_KEYS)
def test_keys_that_could_escape_are_rejected(store: ObjectStore, key: str) -> None:
    with pytest.raises(InvalidInputError):
        store.put(key, b"x")
    with pytest.raises(InvalidInputError):
        store.put_if_absent(key, b"x")
    with pytest.raises(InvalidInputError):
        store.get(key)
    with pytest.raises(InvalidInputError):
        store.delete(key)
    with pytest.raises(InvalidInputError):
        list(store.list(key + "/.."))


def test_concurrent_puts_of_distinct_keys(store: ObjectStore) -> None:
    def write(number: int) -> None:
        store.put(f"many/{number:04d}", number.to_bytes(4, "big") * 1000)

    with ThreadPoolExecutor(8) as pool:
        list(pool.map(write, range(64)))
    listed = list(store.list("many/"))
    assert [meta.key for meta in listed] == [f"many/{n:04d}" for n in range(64)]
    assert all(meta.size == 4000 for meta in listed)


def test_readers_never_see_a_partial_overwrite(store: ObjectStore) -> None:
    versions = [bytes([fill]) * (256 * 1024) for fill in (0xAA, 0x55)]
    store.put("hot", versions[0])
    done = threading.Event()

    def overwrite() -> None:
        for number in range(20):
            store.put("hot", versions[number % 2])
        done.set()

    writer = threading.Thread(target=overwrite)
    writer.start()
    reads = 0
    while not done.is_set() or reads == 0:
        assert store.get("hot") in versions
        reads += 1
    writer.join()


def test_get_suffix(store: ObjectStore) -> None:
    data = bytes(range(256)) * 4
    store.put("s", data)
    assert store.get_suffix("s", 28) == data[-28:]
    assert store.get_suffix("s", len(data)) == data
    assert store.get_suffix("s", len(data) + 500) == data  # longer than the object: all of it
    assert store.get_suffix("s", 0) == b""
    store.put("tiny", b"abc")
    assert store.get_suffix("tiny", 64) == b"abc"
    with pytest.raises(NotFoundError):
        store.get_suffix("nope", 8)
    with pytest.raises(NotFoundError):
        store.get_suffix("nope", 0)
    with pytest.raises(InvalidInputError):
        store.get_suffix("s", -1)
