"""Prometheus instruments of one pagestore (own registry, so several apps can share a process)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

__all__ = ["Metrics"]

_MIB = 1 << 20


class Metrics:
    def __init__(self) -> None:
        r = self.registry = CollectorRegistry()
        self.requests = Counter(
            "pagestore_requests",
            "Requests by endpoint and status",
            ["endpoint", "status"],
            registry=r,
        )
        self.pages_written = Counter("pagestore_pages_written", "Pages written", registry=r)
        self.pages_read = Counter("pagestore_pages_read", "Pages answered", registry=r)
        self.segments_flushed = Counter(
            "pagestore_segments_flushed", "Segments durably stored", registry=r
        )
        self.segment_bytes = Histogram(
            "pagestore_segment_bytes",
            "Stored size of flushed segments",
            buckets=(64 << 10, 256 << 10, _MIB, 4 * _MIB, 8 * _MIB, 16 * _MIB, 32 * _MIB),
            registry=r,
        )
        self.segment_requests = Histogram(
            "pagestore_segment_requests",
            "write_pages requests sharing one flushed segment",
            buckets=(1, 2, 4, 8, 16, 32, 64),
            registry=r,
        )
        self.compression_ratio = Histogram(
            "pagestore_segment_compression_ratio",
            "Stored bytes / raw page bytes of flushed segments",
            buckets=(0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 0.9, 1.0, 1.1),
            registry=r,
        )
        self.cache_hits = Counter(
            "pagestore_cache_hits", "Frames read from the disk cache", registry=r
        )
        self.cache_misses = Counter(
            "pagestore_cache_misses", "Frames fetched from the object store", registry=r
        )
        self.cache_evictions = Counter(
            "pagestore_cache_evictions", "Frames evicted from the disk cache", registry=r
        )
        self.cache_bytes = Gauge("pagestore_cache_bytes", "Bytes in the disk cache", registry=r)
        self.index_hits = Counter(
            "pagestore_index_cache_hits", "Segment indexes found in memory", registry=r
        )
        self.store_seconds = Histogram(
            "pagestore_objstore_seconds",
            "Object-store call latency by operation (its _count is the number of calls)",
            ["op"],
            buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0, 5.0),
            registry=r,
        )
        self.store_errors = Counter(
            "pagestore_objstore_errors", "Failed object-store calls", ["op"], registry=r
        )
        self.metastore_calls = Counter(
            "pagestore_metastore_calls", "pull_commits calls to the metastore", registry=r
        )
