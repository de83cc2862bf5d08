"""The cluster marker: an object ``cluster`` in an object store naming the cluster it belongs to.

The metastore's cluster key (DESIGN 8) names a cluster; a store of segments or of commit records
carries the same key in this marker, created once (create-only) and never changed. Servers refuse
a store of another cluster at start, and the pipeline refuses to run a job when the metastore
and the segment store disagree, so a GC can never judge one cluster's segments by another's
commits. The key identifies a cluster; it is not a secret (``/health`` shows it).
"""

from __future__ import annotations

import uuid

from graft_core.errors import CorruptDataError, NotFoundError, WrongClusterError
from graft_core.objstore import ObjectStore

__all__ = ["CLUSTER_MARKER", "claim_marker", "read_marker"]

CLUSTER_MARKER = "cluster"


def read_marker(store: ObjectStore) -> uuid.UUID | None:
    """The cluster key the store carries, None when it has no marker yet."""
    try:
        text = store.get(CLUSTER_MARKER)
    except NotFoundError:
        return None
    try:
        return uuid.UUID(text.decode().strip())
    except (UnicodeDecodeError, ValueError) as exc:
        raise CorruptDataError(f"the store's {CLUSTER_MARKER!r} object is no cluster key") from exc


def claim_marker(store: ObjectStore, key: uuid.UUID | None, where: str) -> uuid.UUID:
    """The store's cluster key, marking it ``key``'s (a new key if None) unless it is marked
    already; a store of another cluster than ``key`` is refused."""
    found = read_marker(store)
    if found is None:
        store.put_if_absent(CLUSTER_MARKER, f"{key or uuid.uuid4()}\n".encode())
        found = read_marker(store)  # another node may have marked it first
        assert found is not None, "a create-only put left no marker"
    if key is not None and found != key:
        raise WrongClusterError(f"{where} belongs to cluster {found}, not {key}; refusing it")
    return found
