"""The ``graft daemon`` role: its command, and the checks that it kept syncing despite kills."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

import httpx

from graft_client import Client, VolumeStatus
from tests.chaos.bootstrap import DaemonVolumes
from tests.chaos.roles.syncing import read_snapshot
from tests.chaos.spec import RunSpec, Servers
from tests.chaos.summary import Summary
from tests.chaos.workloads.tracker import tracker_problem
from tests.support.polling import wait_until

__all__ = ["check_daemon_dir", "daemon_command", "wait_for_daemon"]

_REMOTE_LSN = re.compile(r'^graft_volume_remote_lsn\{vid="(\w+)"\} (\S+)$', re.MULTILINE)


def daemon_command(spec: RunSpec, data_dir: Path) -> Callable[[int], list[str]]:
    graft = str(Path(sys.executable).with_name("graft"))

    def command(incarnation: int) -> list[str]:
        return [
            graft,
            "--data-dir",
            str(data_dir),
            "--metastore",
            spec.metastore,
            "--pagestore",
            spec.pagestore,
            "daemon",
            "--wait-ms",
            "1000",
            "--metrics-port",
            str(spec.daemon_metrics_port),
        ]

    return command


def _remote_lsns(port: int) -> dict[str, int]:
    try:
        text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=5.0).text
    except httpx.TransportError:
        return {}
    return {vid: int(float(value)) for vid, value in _REMOTE_LSN.findall(text)}


def wait_for_daemon(port: int, wanted: dict[str, int], timeout_s: float, summary: Summary) -> None:
    """Poll the daemon's metrics until it has synced each volume to the wanted remote LSN."""

    def caught_up() -> bool:
        seen = _remote_lsns(port)
        return all(seen.get(vid, 0) >= lsn for vid, lsn in wanted.items())

    try:
        wait_until(caught_up, timeout_s, "the daemon to sync every volume")
    except AssertionError as exc:
        summary.violations.append(f"daemon: {exc}; it reports {_remote_lsns(port)}")
    summary.checks["daemon-synced"] += 1


def check_daemon_dir(
    data_dir: Path, servers: Servers, volumes: DaemonVolumes, summary: Summary
) -> None:
    """After the daemon stopped: its copy of the followed volume is consistent and clean."""
    with Client(data_dir, **servers) as client:
        for vid in (volumes.followed.vid, volumes.own):
            volume = client.open_volume(vid)
            problem = tracker_problem(read_snapshot(volume))
            if problem is not None:
                summary.violations.append(f"daemon copy of {vid}: {problem}")
            if volume.status() is not VolumeStatus.OK:
                summary.violations.append(f"daemon copy of {vid}: {volume.status().value}")
            summary.checks["daemon-dir"] += 1
