"""What every worker process learns at start: server URLs, volumes and pacing (``run.json``)."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TypedDict

from tests.chaos.config import VolumeKind

__all__ = ["RunSpec", "Servers", "VolumeSpec"]

_FILE = "run.json"


class Servers(TypedDict):
    """Keyword arguments of Client and LiteClient."""

    metastore: str
    pagestore: str


@dataclass(frozen=True)
class VolumeSpec:
    name: str
    vid: str
    kind: VolumeKind


@dataclass(frozen=True)
class RunSpec:
    seed: int
    metastore: str
    pagestore: str
    volumes: tuple[VolumeSpec, ...]
    writer_pause_s: float
    daemon_metrics_port: int
    # Client data dirs that more than one worker opens (one process owns each, the others
    # attach): there, another process may push or pull between a worker's steps.
    shared_dirs: tuple[str, ...] = ()

    def volume(self, name: str) -> VolumeSpec:
        return next(volume for volume in self.volumes if volume.name == name)

    @property
    def servers(self) -> Servers:
        return Servers(metastore=self.metastore, pagestore=self.pagestore)

    def save(self, run_dir: Path) -> None:
        (run_dir / _FILE).write_text(json.dumps(asdict(self), indent=2))

    @classmethod
    def load(cls, run_dir: Path) -> RunSpec:
        raw = json.loads((run_dir / _FILE).read_text())
        volumes = tuple(
            VolumeSpec(v["name"], v["vid"], VolumeKind(v["kind"])) for v in raw.pop("volumes")
        )
        shared_dirs = tuple(raw.pop("shared_dirs", ()))
        return cls(volumes=volumes, shared_dirs=shared_dirs, **raw)
