"""Prometheus metrics of ``graft daemon``: per-volume LSNs, unpushed commits and sync errors."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from prometheus_client import CollectorRegistry, start_http_server
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from graft_client.sync.session import SyncSession

__all__ = ["serve_metrics"]


class HasSession(Protocol):
    """What the daemon serves metrics of (its client of the moment)."""

    @property
    def session(self) -> SyncSession: ...


class _VolumeCollector(Collector):
    def __init__(self, source: HasSession) -> None:
        self._source = source  # its session is read at each scrape: the daemon may reopen

    def collect(self) -> Iterator[GaugeMetricFamily]:
        local = GaugeMetricFamily("graft_volume_local_lsn", "Latest local LSN", labels=["vid"])
        remote = GaugeMetricFamily(
            "graft_volume_remote_lsn", "Last synced remote LSN", labels=["vid"]
        )
        errors = GaugeMetricFamily(
            "graft_volume_recent_errors", "Recent sync errors", labels=["vid"]
        )
        session = self._source.session
        state = session.state
        for vid in state.vids():
            snap = state.snapshot(vid)
            local.add_metric([str(vid)], snap.lsn if snap else 0)
            remote.add_metric([str(vid)], (snap.remote_lsn or 0) if snap else 0)
            errors.add_metric([str(vid)], len(session.recent_errors(vid)))
        yield from (local, remote, errors)


def serve_metrics(client: HasSession, port: int) -> None:
    registry = CollectorRegistry()
    registry.register(_VolumeCollector(client))
    start_http_server(port, addr="127.0.0.1", registry=registry)
