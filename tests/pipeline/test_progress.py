"""Pipeline progress on stderr: a rich bar on a terminal, one line per job start and end when
stderr is not a terminal (a log), nothing when quiet."""

from __future__ import annotations

import io
import os
import pty
import re
import sys

import pytest
from pyspark.sql import SparkSession

from graft_pipeline.progress import spark_progress

HIDE_CURSOR = "\x1b[?25l"  # a rich live display starts so


def _job(spark: SparkSession) -> int:
    return spark.sparkContext.parallelize(range(40), 4).map(lambda x: x * 2).count()


def test_a_terminal_gets_a_live_bar(spark: SparkSession, monkeypatch: pytest.MonkeyPatch) -> None:
    master, follower = pty.openpty()
    os.set_blocking(master, False)
    with open(follower, "w", encoding="utf-8") as terminal:
        monkeypatch.setattr(sys, "stderr", terminal)
        monkeypatch.setenv("TERM", "xterm-256color")
        with spark_progress(spark, "doubling", enabled=True):
            assert _job(spark) == 40
    chunks = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # drained (EAGAIN), or EIO once the terminal side is closed
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(master)
    text = b"".join(chunks).decode()
    assert HIDE_CURSOR in text and "doubling" in text, text
    assert "started" not in text  # the bar, not the log lines


def test_not_a_terminal_gets_a_line_as_the_job_starts_and_ends(
    spark: SparkSession, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = io.StringIO()
    monkeypatch.setattr(sys, "stderr", log)
    with spark_progress(spark, "doubling", enabled=True):
        assert log.getvalue() == "doubling: started\n"
        assert _job(spark) == 40
    lines = log.getvalue().splitlines()
    assert lines[0] == "doubling: started"
    assert re.fullmatch(r"doubling: finished, 4 tasks in \d+\.\ds", lines[1]), lines
    assert len(lines) == 2 and "\x1b" not in log.getvalue()


def test_quiet_prints_nothing(spark: SparkSession, monkeypatch: pytest.MonkeyPatch) -> None:
    log = io.StringIO()
    monkeypatch.setattr(sys, "stderr", log)
    with spark_progress(spark, "doubling", enabled=False):
        assert _job(spark) == 40
    assert log.getvalue() == ""
