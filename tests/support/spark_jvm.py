"""JVM options for the suite's Spark JVMs, with a class-data-sharing archive of Spark's classes.

Every Spark JVM the suite starts (the session's driver, each job's driver process, the
standalone cluster's daemons and executors) spends seconds of CPU loading and verifying the
same few thousand classes. An archive of them, mapped at start-up (``-XX:SharedArchiveFile``),
skips that work: a local driver's ``getOrCreate`` took 6.2 s without it and 2.5 s with it
here, a driver on the standalone cluster 8.3 s and 3.7 s. The archive is made once per JDK and
pyspark installation (a run with ``-XX:ArchiveClassesAtExit``, some 25 s) and kept in
``build/``. JDK 17 makes none by itself (``-XX:+AutoCreateSharedArchive`` came in JDK 19).

The JVM checks an archive against itself and its class path and runs without one that does
not match, saying so in a warning; JVM warnings go to stderr here, since drivers print their
summaries on stdout. If the archive cannot be made, the JVMs run without it: slower, the same.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

import pyspark

__all__ = ["JAVA_OPTIONS", "spark_java_options"]

# Spark's JVMs here plumb Python tasks only: a serial GC and no C2 JIT leave the cores to them.
JAVA_OPTIONS = "-XX:+UseSerialGC -XX:TieredStopAtLevel=1"
_QUIET = "-Xlog:disable -Xlog:all=warning:stderr"
_CACHE = Path(__file__).resolve().parents[2] / "build" / "spark-cds"
_SPARK_HOME = Path(pyspark.__file__).resolve().parent
_BUILD_TIMEOUT_S = 300
# What the suite's jobs load: a driver, Python tasks, a DataFrame aggregation.
_WORKLOAD = """
from pyspark.sql import SparkSession
spark = SparkSession.builder.master("local[1]").getOrCreate()
spark.sparkContext.parallelize(range(4), 2).map(lambda n: n).collect()
spark.createDataFrame([(1, "a")], "n int, s string").groupBy("s").count().collect()
spark.stop()
"""


def _installation_key() -> str:
    """What an archive is valid for: this JDK and these jars (names, sizes, times)."""
    java = subprocess.run([_java(), "-version"], capture_output=True, text=True, check=True)
    jars = sorted((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in _jars())
    described = repr((java.stderr, jars, JAVA_OPTIONS, _WORKLOAD))
    return hashlib.sha256(described.encode()).hexdigest()[:16]


def _java() -> str:
    """The java Spark's scripts run: ``JAVA_HOME``'s, else the one on ``PATH``."""
    home = os.environ.get("JAVA_HOME")
    return str(Path(home) / "bin" / "java") if home else "java"


def _jars() -> list[Path]:
    return list((_SPARK_HOME / "jars").glob("*.jar"))


def _build(archive: Path) -> None:
    """Run the workload once in a driver that dumps what it loaded at exit, then move the dump
    into place (spark-submit returns once its JVM, and so the dump, ended)."""
    archive.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=archive.parent) as work:
        dump, script = Path(work) / "dump.jsa", Path(work) / "workload.py"
        script.write_text(_WORKLOAD)
        driver = f"{JAVA_OPTIONS} {_QUIET} -XX:ArchiveClassesAtExit={dump}"
        env = {**os.environ, "SPARK_LOCAL_IP": "127.0.0.1", "PYSPARK_PYTHON": sys.executable}
        done = subprocess.run(
            [
                str(_SPARK_HOME / "bin" / "spark-submit"),
                "--conf",
                f"spark.driver.extraJavaOptions={driver}",
                str(script),
            ],
            cwd=work,
            env=env,
            capture_output=True,
            text=True,
            timeout=_BUILD_TIMEOUT_S,
        )
        if done.returncode != 0 or not dump.exists():
            raise RuntimeError(f"exit {done.returncode}: {done.stderr[-2000:]}")
        os.replace(dump, archive)


def spark_java_options() -> str:
    """The options every Spark JVM of the suite runs with: the archive's if it exists or can be
    made, the plain ones otherwise (with a warning saying why)."""
    try:
        archive = _CACHE / f"spark-{_installation_key()}.jsa"
        if not archive.exists():
            _build(archive)
    except (OSError, RuntimeError, subprocess.SubprocessError) as failed:
        warnings.warn(f"Spark JVMs run without a class archive: {failed}", stacklevel=2)
        return JAVA_OPTIONS
    return f"{JAVA_OPTIONS} {_QUIET} -XX:SharedArchiveFile={archive}"
