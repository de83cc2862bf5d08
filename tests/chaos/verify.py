"""After the chaos: every retained remote LSN of every volume, read through a lite client.

Checked per volume: LSNs are gap-free from 1, the workload's invariant holds at every LSN, no two
LSNs hold the same content (each commit carries a unique token, so equal content means one commit
landed twice), and every acknowledged push is there with exactly the content acknowledged.
"""

from __future__ import annotations

import json
from pathlib import Path

from graft_client import LiteClient
from graft_core.ids import VolumeId
from tests.chaos.checks import content_digest
from tests.chaos.journal import read_journal
from tests.chaos.roles.lite import check_at
from tests.chaos.spec import Servers, VolumeSpec
from tests.chaos.summary import Summary
from tests.pagestore.cluster import Cluster
from tests.sync.support import remote_lsns

__all__ = ["verify_server_logs", "verify_volumes"]

_SERVER_ERROR_LEVELS = ('"level": "error"', '"level": "critical"')


def _verify_volume(
    lite: LiteClient, cluster: Cluster, spec: VolumeSpec, summary: Summary
) -> dict[int, str]:
    """The content digest at every remote LSN of one volume, checking each on the way."""
    lsns = remote_lsns(cluster, VolumeId.parse(spec.vid))
    if lsns != list(range(1, len(lsns) + 1)):
        summary.violations.append(f"{spec.name}: remote LSNs are not gap-free: {lsns}")
    digests: dict[int, str] = {}
    first_at: dict[str, int] = {}
    for lsn in lsns:
        pages, problem = check_at(lite, spec, lsn)
        summary.checks[f"final-{spec.kind.value}"] += 1
        if problem is not None:
            summary.violations.append(f"{spec.name} at remote LSN {lsn}: {problem}")
        digest = content_digest(pages)
        if digest in first_at:
            summary.violations.append(
                f"{spec.name}: LSNs {first_at[digest]} and {lsn} hold the same commit"
            )
        first_at.setdefault(digest, lsn)
        digests[lsn] = digest
    return digests


def verify_server_logs(logs: list[Path], summary: Summary) -> None:
    """Kills and outages are expected; a server error (an answer 500) never is."""
    for path in logs:
        summary.checks["server-log"] += 1
        for line in path.read_text(errors="replace").splitlines():
            if any(level in line for level in _SERVER_ERROR_LEVELS):
                record = json.loads(line)
                problem = record.get("exc", "").strip().splitlines()[-1:]
                summary.violations.append(f"{path.parent.name}: {record['msg']} {problem}")


def verify_volumes(
    servers: Servers,
    cluster: Cluster,
    volumes: tuple[VolumeSpec, ...],
    acked_dir: Path,
    summary: Summary,
) -> None:
    with LiteClient(**servers) as lite:
        digests = {spec.vid: _verify_volume(lite, cluster, spec, summary) for spec in volumes}
    for path in sorted(acked_dir.glob("*.jsonl")):
        for ack in read_journal(path):
            summary.checks["acknowledged"] += 1
            found = digests.get(ack["vid"], {}).get(ack["lsn"])
            if found != ack["digest"]:
                summary.violations.append(
                    f"{path.stem}: acknowledged push of {ack['vid']} at LSN {ack['lsn']} "
                    f"is {'missing' if found is None else 'different'} remotely"
                )
