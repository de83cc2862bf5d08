"""Audit: one digest of a snapshot, equal on the owner, a lazy clone and the lite client."""

from __future__ import annotations

import hashlib
import struct
from pathlib import Path

import pytest

from graft_client import Client, LiteClient
from graft_client.report import audit_json
from graft_client.sqlite.transfer import import_file
from graft_client.volume import Volume
from tests.cli.runner import graft, ok_json, servers_env, stderr_lines
from tests.names.test_transfer import _source_database
from tests.pagestore.cluster import Cluster
from tests.sqlite.support import device, pragma_json


def _digest_of_file(path: Path) -> str:
    """The audit digest as DESIGN section 12 defines it, computed from an exported file."""
    data = path.read_bytes()
    assert len(data) % 4096 == 0
    return hashlib.blake2b(struct.pack(">Q", len(data) // 4096) + data, digest_size=32).hexdigest()


def test_audit_is_equal_everywhere_and_changes_with_one_byte(
    cluster: Cluster, tmp_path: Path
) -> None:
    source = tmp_path / "source.db"
    _source_database(source, "delete")
    ms, ps = cluster.metastore.url, cluster.pagestore.url
    env = servers_env(cluster.metastore.url, cluster.pagestore.url)
    with Client(tmp_path / "owner", metastore=ms, pagestore=ps) as owner:
        volume = import_file(owner, source, tag="db").volume
        with volume.writer() as writer:
            writer.write(writer.page_count + 3, b"z" * 4096)  # a sparse tail: empty pages too
        assert volume.push() == 1
        digest = volume.checksum()
        pushed_lsn = volume.latest_lsn()
        volume.export(tmp_path / "owner.db")
        vid = str(volume.vid)
    assert digest == _digest_of_file(tmp_path / "owner.db")  # the definition, independently
    with LiteClient(ms, ps) as lite:
        snapshot, remote = lite.checksum(vid)
        assert snapshot.lsn == 1 and remote == digest

    # A lazy clone: the audit says what is missing until it is hydrated.
    clone_dir = tmp_path / "clone"
    with Client(clone_dir, metastore=ms, pagestore=ps) as clone:
        clone.open_volume(vid)
    proc = graft("audit", vid, data_dir=clone_dir, env=env)
    assert proc.returncode == 0 and "digest      -" in proc.stdout.decode()
    assert "--hydrate" in stderr_lines(proc)[0] and "are not local" in stderr_lines(proc)[0]
    lazy = ok_json("audit", vid, data_dir=clone_dir, env=env)
    assert lazy["digest"] is None and lazy["local_pages"] < lazy["page_count"]
    hydrated = ok_json("audit", vid, "--hydrate", data_dir=clone_dir, env=env)
    assert hydrated["digest"] == digest and hydrated["local_pages"] == hydrated["page_count"]
    assert ok_json("audit", vid, "--remote", data_dir=clone_dir, env=env)["digest"] == digest
    owner_audit = ok_json("audit", "db", data_dir=tmp_path / "owner", env=env)
    assert owner_audit["digest"] == digest and owner_audit["remote_lsn"] == 1

    # One byte of one page changes: every digest changes, and they agree again after a pull.
    with Client(tmp_path / "owner", metastore=ms, pagestore=ps) as owner:
        volume = owner.open_volume("db")
        with volume.writer() as writer:
            page = bytearray(writer.read(7))
            page[100] ^= 1
            writer.write(7, page)
        changed = volume.checksum()
        assert changed != digest
        assert volume.checksum(pushed_lsn) == digest  # the older snapshot keeps its digest
        volume.push()
    with LiteClient(ms, ps) as lite:
        assert lite.checksum(vid)[1] == changed
        assert lite.checksum(vid, 1)[1] == digest
    with device(clone_dir, cluster) as dev:
        cloned = dev.client.open_volume(vid)
        cloned.pull()
        assert cloned.checksum() == changed
        db = dev.connect(vid)
        answer = pragma_json(db, "graft_audit")
        assert answer["digest"] == changed and answer["remote_lsn"] == 2
        db.close()


def test_audit_of_an_empty_volume_and_bad_input(tmp_path: Path) -> None:
    with Client(tmp_path) as client:
        vid = str(client.create_volume().vid)
        assert (
            client.open_volume(vid).checksum()
            == hashlib.blake2b(struct.pack(">Q", 0), digest_size=32).hexdigest()
        )
    for args, code, why in (
        (("audit", vid, "--lsn", "1"), 2, "--lsn is a remote LSN"),
        (("audit", "nope"), 2, "nor a tag"),
        (("audit", vid, "--remote"), 2, "reads from the servers"),
    ):
        proc = graft(*args, data_dir=tmp_path)
        lines = stderr_lines(proc)
        assert proc.returncode == code and len(lines) == 1 and why in lines[0], (args, lines)


def test_an_audit_while_other_processes_commit_digests_the_snapshot_it_began_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`graft audit VID` failed on every try beside writing apps (an outside tester): it read
    the latest LSN, then the digest at that LSN, which commits landing meanwhile had
    reclaimed ("LSN 8009 ... is no longer retained locally", exit 2 for no bad input)."""
    with Client(tmp_path, keep_commits=2) as client:
        volume = client.create_volume()
        with volume.writer() as writer:
            writer.write(1, b"a" * 4096)
        expected = volume.checksum()
        counted = Volume.missing_pages

        def commits_land_meanwhile(self: Volume) -> int:
            for n in range(6):
                with self.writer() as writer:
                    writer.write(1, bytes([n]) * 4096)
            self.reclaim()
            return counted(self)

        monkeypatch.setattr(Volume, "missing_pages", commits_land_meanwhile)
        audit = audit_json(volume, fetch=False)
    assert (audit["lsn"], audit["digest"]) == (1, expected)
