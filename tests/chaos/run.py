"""The coordinator: set up, supervise under the killer, settle, verify, summarize."""

from __future__ import annotations

import signal
import time
from pathlib import Path

from graft_client import LiteClient
from tests.chaos.bootstrap import DaemonVolumes, create_volumes, prepare_daemon
from tests.chaos.config import ChaosConfig, RoleKind
from tests.chaos.daemon import check_daemon_dir, daemon_command, wait_for_daemon
from tests.chaos.journal import Journal, JournalTail
from tests.chaos.killer import Killer
from tests.chaos.plan import kill_plan
from tests.chaos.processes import (
    Managed,
    ServerRole,
    WorkerRole,
    fixed_port_servers,
    worker_command,
)
from tests.chaos.spec import RunSpec, Servers, VolumeSpec
from tests.chaos.summary import Summary
from tests.chaos.verify import verify_server_logs, verify_volumes
from tests.pagestore.cluster import Cluster
from tests.support.servers import free_port

__all__ = ["run_chaos"]

_TICK_S = 0.05
_START_TIMEOUT_S = 60.0


class Coordinator:
    def __init__(self, config: ChaosConfig, cluster: Cluster, spec: RunSpec) -> None:
        self.config = config
        self.spec = spec
        self.summary = Summary()
        self.events = JournalTail(config.run_dir / "events")
        logs = config.run_dir / "logs"
        logs.mkdir(parents=True, exist_ok=True)
        self.roles: dict[str, Managed] = {
            RoleKind.METASTORE.value: ServerRole(RoleKind.METASTORE.value, cluster.metastore),
            RoleKind.PAGESTORE.value: ServerRole(RoleKind.PAGESTORE.value, cluster.pagestore),
        }
        for name in config.worker_names():
            command = (
                daemon_command(spec, self.daemon_dir)
                if name == RoleKind.DAEMON.value
                else worker_command(config.run_dir, name)
            )
            self.roles[name] = WorkerRole(name, command, logs / f"{name}.log")

    @property
    def daemon_dir(self) -> Path:
        return self.config.run_dir / "clients" / RoleKind.DAEMON.value

    def _of_kind(self, *kinds: RoleKind) -> list[Managed]:
        return [role for role in self.roles.values() if role.kind in kinds]

    def _drain_events(self) -> None:
        for worker, record in self.events.new_records():
            self.summary.absorb(worker, record)

    def _supervise(self) -> None:
        """Restart whatever is down. Only the killer may end a process: a worker's own exit 1
        was reported through its ``fatal`` event, anything else is reported here."""
        for role in self.roles.values():
            code = role.exit_code()
            if code is None:
                continue
            reported = code == 1 and role.kind is not RoleKind.DAEMON
            if code != -signal.SIGKILL and not reported:
                self.summary.violations.append(f"{role.name} exited on its own with {code}")
            role.start()
            self.summary.restarts[role.kind.value] += 1

    def chaos(self) -> None:
        for role in self._of_kind(RoleKind.WRITER, RoleKind.READER, RoleKind.LITE, RoleKind.DAEMON):
            role.start()
        killer = Killer(kill_plan(self.config), self.roles, self.summary)
        began = time.monotonic()
        while (elapsed := time.monotonic() - began) < self.config.seconds:
            killer.step(elapsed)
            self._supervise()
            self._drain_events()
            time.sleep(_TICK_S)
        killer.resume_all()
        self._supervise()

    def _await_workers(self) -> None:
        """Until every worker runs its latest incarnation: SIGTERM before then would kill it."""
        workers = self._of_kind(RoleKind.WRITER, RoleKind.READER, RoleKind.LITE)
        deadline = time.monotonic() + _START_TIMEOUT_S
        while not all(self.summary.started.get(w.name) == w.incarnation for w in workers):
            if time.monotonic() > deadline:
                self.summary.violations.append("workers did not start after the chaos")
                return
            time.sleep(_TICK_S)
            self._supervise()
            self._drain_events()

    def kill_workers(self) -> None:
        for role in self.roles.values():
            if role.kind not in (RoleKind.METASTORE, RoleKind.PAGESTORE):
                role.send(signal.SIGKILL)

    def _stop(self, roles: list[Managed], what: str) -> None:
        for role in roles:
            role.terminate()
        for role in roles:
            code = role.wait_exit()
            if code != 0:
                self.summary.violations.append(f"{role.name} did not {what}: exit code {code}")

    def settle(self, daemon: DaemonVolumes | None) -> None:
        """Writers push what they have and stop; then the daemon must catch up; then the rest."""
        self._await_workers()
        self._stop(self._of_kind(RoleKind.WRITER), "settle")
        if daemon is not None:
            with LiteClient(**self.spec.servers) as lite:
                latest = lite.snapshot(daemon.followed.vid).lsn
            wanted = {daemon.followed.vid: latest, daemon.own: 1}
            wait_for_daemon(self.spec.daemon_metrics_port, wanted, _START_TIMEOUT_S, self.summary)
            # The daemon pushed its own volume's only commit: remote LSN 1 must be that content.
            acked = Journal(self.config.run_dir / "acked" / "daemon.jsonl", durable=True)
            acked.append({"vid": daemon.own, "lsn": 1, "digest": daemon.own_digest})
            acked.close()
        self._stop(self._of_kind(RoleKind.READER, RoleKind.LITE, RoleKind.DAEMON), "stop")
        self._drain_events()


def run_chaos(config: ChaosConfig) -> Summary:
    config.run_dir.mkdir(parents=True, exist_ok=True)
    with fixed_port_servers(config.run_dir / "servers") as cluster:
        servers = Servers(metastore=cluster.metastore.url, pagestore=cluster.pagestore.url)
        volumes = create_volumes(config, servers)
        spec = RunSpec(
            config.seed,
            **servers,
            volumes=volumes,
            writer_pause_s=config.writer_pause_s,
            daemon_metrics_port=free_port(),
            shared_dirs=config.shared_dirs(),
        )
        spec.save(config.run_dir)
        coordinator = Coordinator(config, cluster, spec)
        daemon = None
        if config.daemon:
            daemon = prepare_daemon(coordinator.daemon_dir, servers, volumes[0], config.seed)
        try:
            coordinator.chaos()
            coordinator.settle(daemon)
        finally:
            coordinator.kill_workers()  # whatever went wrong, leave no process behind
        summary = coordinator.summary
        checked = volumes
        if daemon is not None:
            check_daemon_dir(coordinator.daemon_dir, servers, daemon, summary)
            checked += (VolumeSpec("daemon-own", daemon.own, volumes[0].kind),)
        verify_volumes(servers, cluster, checked, config.run_dir / "acked", summary)
    verify_server_logs([cluster.metastore.log_path, cluster.pagestore.log_path], summary)
    return summary
