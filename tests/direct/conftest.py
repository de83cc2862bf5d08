"""A fresh remote per test, on moto S3 and in a shared directory (``file://``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.direct.support import Remote, new_remote_url
from tests.support.moto import MotoS3

BUCKET = "graft-direct"


@pytest.fixture(params=["file", "s3"])
def remote(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Remote]:
    if request.param == "file":
        yield Remote(f"file://{tmp_path / 'remote'}")
        return
    moto: MotoS3 = request.getfixturevalue("moto_s3")
    for name, value in moto.env.items():
        monkeypatch.setenv(name, value)
    yield Remote(new_remote_url(moto.make_bucket(BUCKET)), moto.env)
