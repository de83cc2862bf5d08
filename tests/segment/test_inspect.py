"""``graft segment inspect`` on files, file:// and s3:// URLs, and corrupt or missing input."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from graft_client.cli.segment import segment_group
from graft_core.ids import SegmentId, VolumeId
from graft_core.objstore import open_store
from graft_core.segment import encode_segment
from graft_core.types import EMPTY_PAGE, PAGE_SIZE
from tests.support.moto import MotoS3
from tests.support.sqlite_pages import sqlite_pages

SID = SegmentId.random()
VIDS = sorted([VolumeId.random(), VolumeId.random()])
PAGES = {
    VIDS[0]: dict(enumerate(sqlite_pages(400), start=1)),
    VIDS[1]: {7: EMPTY_PAGE, 9: bytes(range(256)) * 16},
}
DATA = encode_segment(SID, PAGES, created_ms=1_700_000_000_000)


def run(*args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(segment_group, ["inspect", *args], env=env)
    return result.exit_code, result.stdout, result.stderr


def test_inspect_file_prints_header_volumes_frames_ratio_crc(tmp_path: Path) -> None:
    path = tmp_path / "seg"
    path.write_bytes(DATA)
    code, out, _ = run(str(path))
    assert code == 0
    assert str(SID) in out
    assert "2023-11-14T22:13:20.000+00:00" in out
    assert f"{len(DATA) / ((len(PAGES[VIDS[0]]) + 2) * PAGE_SIZE):.1%} of raw" in out
    assert "crc       ok" in out
    for vid in VIDS:
        assert f"{vid}  pages {len(PAGES[vid]):>6}" in out


def test_inspect_json(tmp_path: Path) -> None:
    path = tmp_path / "seg"
    path.write_bytes(DATA)
    code, out, _ = run(f"file://{path}", "--json")
    assert code == 0
    info = json.loads(out)
    assert info["sid"] == str(SID)
    assert info["size"] == len(DATA)
    assert info["crc"] == "ok"
    assert [(v["vid"], v["pages"]) for v in info["volumes"]] == [
        (str(vid), len(PAGES[vid])) for vid in VIDS
    ]
    assert sum(f["pages"] for f in info["frames"]) == info["pages"] == len(PAGES[VIDS[0]]) + 2
    assert sum(f["stored_bytes"] for f in info["frames"]) < info["raw_size"]
    assert info["ratio"] == len(DATA) / info["raw_size"]


def test_corrupt_file_is_one_line_and_exit_1(tmp_path: Path) -> None:
    path = tmp_path / "seg"
    path.write_bytes(DATA[:1000] + bytes([DATA[1000] ^ 0x10]) + DATA[1001:])
    code, out, err = run(str(path))
    assert code == 1
    assert out == ""
    assert err.startswith("error: ") and err.count("\n") == 1
    assert "CRC32C mismatch" in err


def test_bad_arguments_exit_2(tmp_path: Path) -> None:
    assert run(str(tmp_path / "missing"))[0] == 2
    assert run("s3://bucket-only")[0] == 2
    assert run("ftp://host/key")[0] == 2
    assert run()[0] == 2


def test_inspect_s3_url(moto_s3: MotoS3) -> None:
    bucket = moto_s3.make_bucket("inspect-test")
    key = f"prefix/segments/{SID}"
    with open_store(bucket, env=moto_s3.env) as store:
        store.put(key, DATA)
        store.put("prefix/segments/bad", DATA[:-1])
    code, out, _ = run(f"{bucket}/{key}", "--json", env=moto_s3.env)
    assert code == 0
    assert json.loads(out)["sid"] == str(SID)
    assert run(f"{bucket}/prefix/segments/bad", env=moto_s3.env)[0] == 1
    assert run(f"{bucket}/prefix/segments/missing", env=moto_s3.env)[0] == 2
