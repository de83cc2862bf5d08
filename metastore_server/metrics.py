"""Prometheus instruments of one metastore (own registry, so several apps can share a process)."""

from __future__ import annotations

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram

__all__ = ["Metrics"]


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.commits = Counter("metastore_commits", "Commits accepted", registry=self.registry)
        self.rejections = Counter(
            "metastore_commit_rejections", "Commits rejected (LSN taken)", registry=self.registry
        )
        self.replays = Counter(
            "metastore_idempotent_replays",
            "Retried commits answered with the stored result",
            registry=self.registry,
        )
        self.requests = Counter(
            "metastore_requests",
            "Requests by endpoint and status",
            ["endpoint", "status"],
            registry=self.registry,
        )
        self.long_polls = Gauge(
            "metastore_long_polls", "Pulls waiting for a commit", registry=self.registry
        )
        self.fsync_seconds = Histogram(
            "metastore_log_append_seconds",
            "Time of one log batch write + fsync",
            buckets=(0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.05, 0.1, 1.0),
            registry=self.registry,
        )
        self.batch_size = Histogram(
            "metastore_group_commit_batch_size",
            "Entries per group-committed batch",
            buckets=(1, 2, 4, 8, 16, 32, 64, 128, 256),
            registry=self.registry,
        )
