"""Before the chaos: every volume gets its first remote commit, and the daemon its data dir.

The daemon's data dir holds a clone of the first volume (it must keep pulling it) and a volume
of its own with one local commit it has not pushed yet (it must push it despite the killer).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import apsw

from graft_client import Client, Volume
from graft_client.sqlite import register, unregister
from tests.chaos.checks import content_digest
from tests.chaos.config import ChaosConfig, VolumeKind, VolumePlan
from tests.chaos.journal import Journal
from tests.chaos.roles.syncing import read_snapshot
from tests.chaos.spec import Servers, VolumeSpec
from tests.chaos.workloads.bank import setup_bank
from tests.chaos.workloads.tracker import initial_pages

__all__ = ["DaemonVolumes", "create_volumes", "prepare_daemon"]


@dataclass(frozen=True)
class DaemonVolumes:
    followed: VolumeSpec  # written by the writers, pulled by the daemon
    own: str  # written before the daemon starts, pushed by it
    own_digest: str


def _write_pages(volume: Volume, pages: dict[int, bytes]) -> None:
    with volume.writer() as writer:
        for idx in sorted(pages):
            writer.write(idx, pages[idx])


def _create(client: Client, plan: VolumePlan, rng: random.Random) -> Volume:
    if plan.kind is VolumeKind.TRACKER:
        volume = client.create_volume()
        _write_pages(volume, initial_pages(f"setup/{plan.name}", rng))
        return volume
    register(client, "chaos-setup")
    try:
        db = apsw.Connection("new", vfs="chaos-setup")
        setup_bank(db)
        vid = db.filename
        db.close()
    finally:
        unregister("chaos-setup")
    return client.open_volume(vid)


def create_volumes(config: ChaosConfig, servers: Servers) -> tuple[VolumeSpec, ...]:
    """Each planned volume with its first commit pushed (remote LSN 1) and acknowledged."""
    rng = random.Random(f"setup/{config.seed}")
    acked = Journal(config.run_dir / "acked" / "setup.jsonl", durable=True)
    specs: list[VolumeSpec] = []
    with Client(config.run_dir / "clients" / "setup", **servers) as client:
        for plan in config.volumes:
            volume = _create(client, plan, rng)
            lsn = volume.push()
            digest = content_digest(read_snapshot(volume))
            acked.append({"vid": str(volume.vid), "lsn": lsn, "digest": digest})
            specs.append(VolumeSpec(plan.name, str(volume.vid), plan.kind))
    acked.close()
    return tuple(specs)


def prepare_daemon(
    data_dir: Path, servers: Servers, followed: VolumeSpec, seed: int
) -> DaemonVolumes:
    with Client(data_dir, **servers) as client:
        client.open_volume(followed.vid)
        own = client.create_volume()
        _write_pages(own, initial_pages("daemon/own", random.Random(f"daemon/{seed}")))
        return DaemonVolumes(followed, str(own.vid), content_digest(read_snapshot(own)))
