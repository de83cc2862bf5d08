"""Power cuts at every sync of the durable local object store (segments on a file:// store).

Each acknowledged ``put``, ``put_if_absent`` and ``delete`` must survive whole; the interrupted one
leaves its key at the old or the new value, never torn; no other key appears, and temp files
left by the cut stay invisible.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from graft_core.objstore import LocalStore
from tests.torn.tornfs import cut_at_every_sync

SEEDS_PER_POINT = 4

Op = tuple[str, str, bytes | None]  # (method, key, data)


def _ops() -> list[Op]:
    segments = [("put_if_absent", f"segments/{n:04}", bytes([n]) * (700 * n + 9)) for n in range(5)]
    return [
        *segments[:3],
        ("put", "volumes/v1/head", b"head 1"),
        ("put_if_absent", "segments/0001", b"a losing second writer"),
        ("put", "volumes/v1/head", b"head 2, longer than the first"),
        ("delete", "segments/0000", None),
        *segments[3:],
        ("put", "volumes/v1/head", b"head 3"),
    ]


@dataclass
class Progress:
    acked: dict[str, bytes] = field(default_factory=dict)
    in_flight: Op | None = None


def _apply(model: dict[str, bytes], op: Op) -> None:
    method, key, data = op
    if method == "delete":
        model.pop(key, None)
    elif method == "put" or key not in model:
        assert data is not None
        model[key] = data


def _workload(root: Path, progress: Progress) -> None:
    store = LocalStore(root)
    calls: dict[str, Callable[..., object]] = {
        "put": store.put,
        "put_if_absent": store.put_if_absent,
        "delete": store.delete,
    }
    for op in _ops():
        method, key, data = op
        progress.in_flight = op
        calls[method](key, *([] if data is None else [data]))
        _apply(progress.acked, op)
        progress.in_flight = None


def _allowed(progress: Progress) -> dict[str, set[bytes | None]]:
    """Each key's possible contents after the cut (None: absent)."""
    allowed: dict[str, set[bytes | None]] = {k: {v} for k, v in progress.acked.items()}
    if progress.in_flight is not None:
        after = dict(progress.acked)
        _apply(after, progress.in_flight)
        key = progress.in_flight[1]
        allowed[key] = {progress.acked.get(key), after.get(key)}
    return allowed


def _check_recovered(root: Path, progress: Progress) -> None:
    store = LocalStore(root)
    allowed = _allowed(progress)
    listed = {meta.key for meta in store.list("")}
    assert listed <= allowed.keys()
    for key, values in allowed.items():
        found = store.get(key) if key in listed else None
        assert found in values, key
    store.put("segments/after", b"written after recovery")
    assert LocalStore(root).get("segments/after") == b"written after recovery"


def test_power_cut_at_every_sync_keeps_every_acknowledged_object(tmp_path: Path) -> None:
    cut_at_every_sync(tmp_path, SEEDS_PER_POINT, Progress, _workload, _check_recovered)
