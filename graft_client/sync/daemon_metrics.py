"""Prometheus metrics of ``graft daemon``: per-volume LSNs, unpushed commits and sync errors."""

from __future__ import annotations

from typing import TYPE_CHECKING

from prometheus_client import CollectorRegistry, start_http_server
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

if TYPE_CHECKING:
    from collections.abc import Iterator

    from graft_client.client import Client

__all__ = ["serve_metrics"]


class _VolumeCollector(Collector):
    def __init__(self, client: Client) -> None:
        self._client = client

    def collect(self) -> Iterator[GaugeMetricFamily]:
        local = GaugeMetricFamily("graft_volume_local_lsn", "Latest local LSN", labels=["vid"])
        remote = GaugeMetricFamily(
            "graft_volume_remote_lsn", "Last synced remote LSN", labels=["vid"]
        )
        errors = GaugeMetricFamily(
            "graft_volume_recent_errors", "Recent sync errors", labels=["vid"]
        )
        for info in self._client.volumes():
            vid = str(info.vid)
            snap = info.snapshot
            local.add_metric([vid], snap.lsn if snap else 0)
            remote.add_metric([vid], (snap.remote_lsn or 0) if snap else 0)
            errors.add_metric([vid], len(self._client._sync_errors.recent(info.vid)))
        yield from (local, remote, errors)


def serve_metrics(client: Client, port: int) -> None:
    registry = CollectorRegistry()
    registry.register(_VolumeCollector(client))
    start_http_server(port, addr="127.0.0.1", registry=registry)
