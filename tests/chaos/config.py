"""What a chaos run contains: its volumes, its processes and how often the killer strikes."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

DEFAULT_KILL_EVERY_S = 3.5  # 10 minutes give about 170 strikes
ATTACHED_PREFIX = "reader-attached-"
SHARED_READER = "reader-1"  # whose data dir the attached readers share
ATTACHED_WRITER = "attached"  # writer-{volume}-attached-{n} shares writer-{volume}-1's data dir

__all__ = [
    "ATTACHED_PREFIX",
    "ATTACHED_WRITER",
    "DEFAULT_KILL_EVERY_S",
    "DEFAULT_VOLUMES",
    "SHARED_READER",
    "ChaosConfig",
    "RoleKind",
    "VolumeKind",
    "VolumePlan",
    "client_dir",
    "role_kind",
]


class VolumeKind(StrEnum):
    TRACKER = "tracker"
    BANK = "bank"


class RoleKind(StrEnum):
    METASTORE = "metastore"
    PAGESTORE = "pagestore"
    WRITER = "writer"
    READER = "reader"
    LITE = "lite"
    DAEMON = "daemon"


@dataclass(frozen=True)
class VolumePlan:
    name: str
    kind: VolumeKind
    writers: int


# Two writers on a volume make conflicts happen; one writer alone must never see one.
DEFAULT_VOLUMES = (
    VolumePlan("t1", VolumeKind.TRACKER, 2),
    VolumePlan("t2", VolumeKind.TRACKER, 1),
    VolumePlan("b1", VolumeKind.BANK, 2),
    VolumePlan("b2", VolumeKind.BANK, 1),
)


@dataclass(frozen=True)
class ChaosConfig:
    minutes: float
    seed: int
    run_dir: Path
    kill_every_s: float = DEFAULT_KILL_EVERY_S
    pause_share: float = 0.25
    volumes: tuple[VolumePlan, ...] = DEFAULT_VOLUMES
    full_readers: int = 1
    # Readers that open the first full reader's data dir too: they attach to whichever of them
    # owns it, and take over when the killer strikes the owner (DESIGN section 11).
    attached_readers: int = 1
    # Volumes whose first writer's data dir a second writer process opens too: SQLite from two
    # processes of one device on one volume, owner and attached in turn as the killer strikes.
    attached_writers: tuple[str, ...] = ("b1",)
    lite_readers: int = 1
    daemon: bool = True
    writer_pause_s: float = 0.3

    @property
    def seconds(self) -> float:
        return self.minutes * 60.0

    def writer_names(self, volume: VolumePlan) -> list[str]:
        names = [f"writer-{volume.name}-{n}" for n in range(1, volume.writers + 1)]
        if volume.name in self.attached_writers:
            names.append(f"writer-{volume.name}-{ATTACHED_WRITER}-1")
        return names

    def worker_names(self) -> list[str]:
        names = [name for volume in self.volumes for name in self.writer_names(volume)]
        names += [f"reader-{n}" for n in range(1, self.full_readers + 1)]
        names += [f"{ATTACHED_PREFIX}{n}" for n in range(1, self.attached_readers + 1)]
        names += [f"lite-{n}" for n in range(1, self.lite_readers + 1)]
        return names + (["daemon"] if self.daemon else [])

    def shared_dirs(self) -> tuple[str, ...]:
        """The client data dirs that more than one worker opens."""
        dirs = [client_dir(name) for name in self.worker_names()]
        return tuple(sorted({d for d in dirs if dirs.count(d) > 1}))

    def role_names(self) -> list[str]:
        return [RoleKind.METASTORE.value, RoleKind.PAGESTORE.value, *self.worker_names()]

    def reproduce(self) -> str:
        command = f"python -m tests.chaos --minutes {self.minutes:g} --seed {self.seed}"
        if self.kill_every_s != DEFAULT_KILL_EVERY_S:
            command += f" --kill-every {self.kill_every_s:g}"
        return command


def client_dir(name: str) -> str:
    """The client data dir a worker opens: its own, or the one its attached role shares."""
    if name.startswith(ATTACHED_PREFIX):
        return SHARED_READER
    kind, _, rest = name.partition("-")
    volume, _, number = rest.partition("-")
    if kind == RoleKind.WRITER and number.startswith(f"{ATTACHED_WRITER}-"):
        return f"writer-{volume}-1"
    return name


def role_kind(name: str) -> RoleKind:
    """``writer-t1-2`` -> WRITER: a role's kind is its name up to the first dash."""
    return RoleKind(name.split("-", 1)[0])
