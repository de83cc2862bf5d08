"""Pipeline jobs on end-to-end encrypted volumes (DESIGN 13): compact, gc and verify need no key
and keep pages sealed; export and publish read pages, so they take a key and refuse without."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from pyspark.sql import SparkSession

from graft_client import Client, Key, LiteClient
from graft_core.errors import KeyRequiredError, WrongKeyError
from graft_pipeline.compact import run_compact
from graft_pipeline.export import run_export_pages
from graft_pipeline.gc import run_gc
from graft_pipeline.location import Location
from graft_pipeline.publish import publish_vid, run_publish
from graft_pipeline.retention import Retention
from graft_pipeline.verify import run_verify
from tests.crypto.support import MARKER, holders_of
from tests.pagestore.cluster import Cluster

KEY = Key.from_passphrase("pipeline passphrase")


def _page(text: str) -> bytes:
    return (MARKER + text.encode()).ljust(4096, b"~")


def test_jobs_on_an_encrypted_volume(
    spark: SparkSession, cluster: Cluster, location: Location, tmp_path: Path
) -> None:
    model = {idx: _page(f" {idx}") for idx in range(1, 21)}
    with Client(
        tmp_path / "a", metastore=cluster.metastore.url, pagestore=cluster.pagestore.url
    ) as client:
        volume = client.create_volume(encryption=KEY)
        for lsn in range(3):
            with volume.writer() as writer:
                for idx, page in model.items():
                    writer.write(idx, page if lsn == 2 else _page(f" old {lsn} {idx}"))
            volume.push()
    vids = [volume.vid]

    compacted = run_compact(spark, location, vids, Retention(keep_last=1))
    assert compacted["volumes"][0]["status"] == "compacted", compacted
    assert run_gc(spark, location, vids, grace_s=0, apply=True)["deleted_segments"] >= 1
    assert run_verify(spark, location, vids)["ok"]
    # The checkpoint's segments are sealed too (the client's own data dir, "a", is plaintext).
    assert [path for path in holders_of(tmp_path, MARKER) if not path.startswith("a/")] == []
    with LiteClient(cluster.metastore.url, cluster.pagestore.url, key=KEY) as lite:
        assert lite.read_many(volume.vid, model) == model

    with pytest.raises(KeyRequiredError):
        run_export_pages(spark, location, [(volume.vid, 3)], str(tmp_path / "nokey"))
    wrong = replace(location, key=Key.from_passphrase("other"))
    with pytest.raises(WrongKeyError):
        run_export_pages(spark, wrong, [(volume.vid, 3)], str(tmp_path / "wrong"))
    keyed = replace(location, key=KEY)
    run_export_pages(spark, keyed, [(volume.vid, 3)], str(tmp_path / "pages"))
    rows = spark.read.parquet(str(tmp_path / "pages")).collect()
    assert {row["pageidx"]: bytes(row["page"]) for row in rows} == model


def test_publish_with_a_key_makes_encrypted_volumes(
    spark: SparkSession, cluster: Cluster, location: Location, tmp_path: Path
) -> None:
    path = str(tmp_path / "input")
    spark.createDataFrame(
        [("k1", 1, "secret row"), ("k2", 2, "other")], "site STRING, id LONG, note STRING"
    ).write.parquet(path)
    keyed = replace(location, key=KEY)
    summary = run_publish(spark, keyed, spark.read.parquet(path), "site", "t")
    assert summary["ok"] and summary["commits"] == 2
    vid = publish_vid("t", "k1")
    with LiteClient(cluster.metastore.url, cluster.pagestore.url, key=KEY) as lite:
        pages = lite.read_many(vid, range(1, lite.snapshot(vid).page_count + 1))
        assert b"secret row" in b"".join(pages.values())
    with (
        LiteClient(cluster.metastore.url, cluster.pagestore.url) as keyless,
        pytest.raises(KeyRequiredError),
    ):
        keyless.read(vid, 1)
    stored = holders_of(tmp_path, b"secret row")
    assert [path for path in stored if not path.startswith("input/")] == []
    refused = run_publish(spark, location, spark.read.parquet(path), "site", "t")
    assert not refused["ok"]
    assert {key["status"] for key in refused["keys"]} == {"refused"}


def test_a_compacted_fork_of_an_encrypted_volume_reads_and_exports(
    spark: SparkSession, cluster: Cluster, location: Location, tmp_path: Path
) -> None:
    """Compaction materializes the pages a fork inherits, sealed for its parent as they are:
    a new device, the lite client and export open them with the fork's keyring."""
    parent_pages = {idx: _page(f" parent {idx}") for idx in range(1, 11)}
    urls = {"metastore": cluster.metastore.url, "pagestore": cluster.pagestore.url}
    with Client(tmp_path / "a", metastore=urls["metastore"], pagestore=urls["pagestore"]) as client:
        parent = client.create_volume(encryption=KEY)
        with parent.writer() as writer:
            for idx, page in parent_pages.items():
                writer.write(idx, page)
        parent.push()
        fork = parent.fork()
        for n in range(2):
            with fork.writer() as writer:
                writer.write(3, _page(f" fork {n}"))
            fork.push()
    model = parent_pages | {3: _page(" fork 1")}
    compacted = run_compact(spark, location, [fork.vid], Retention(keep_last=1))
    assert compacted["volumes"][0]["status"] == "compacted", compacted
    with Client(
        tmp_path / "b", metastore=urls["metastore"], pagestore=urls["pagestore"], key=KEY
    ) as other:
        clone = other.open_volume(fork.vid)
        with clone.reader() as reader:
            assert {idx: reader.read(idx) for idx in model} == model
    with LiteClient(**urls, key=KEY) as lite:
        assert lite.read_many(fork.vid, model) == model
    keyed = replace(location, key=KEY)
    run_export_pages(spark, keyed, [(fork.vid, 3)], str(tmp_path / "pages"))
    rows = spark.read.parquet(str(tmp_path / "pages")).collect()
    assert {row["pageidx"]: bytes(row["page"]) for row in rows} == model
