"""The one place Spark is configured: environment, memory and UI defaults for every job.

Workers must import ``graft_pipeline`` and its siblings: the project root goes on ``PYTHONPATH``
before the JVM starts (Spark passes the JVM's ``PYTHONPATH`` on to its Python workers), so a
source checkout works without an install. ``SPARK_LOCAL_IP`` keeps the driver on loopback and
``PYSPARK_PYTHON`` makes workers run this interpreter (the one with the project's packages).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from pyspark.sql import SparkSession

__all__ = ["DEFAULT_MASTER", "session"]

DEFAULT_MASTER = "local[*]"
_ROOT = str(Path(__file__).resolve().parent.parent)
_JVM = "-XX:+UseSerialGC -XX:TieredStopAtLevel=1"


def _prepare_environment() -> None:
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    if _ROOT not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join(p for p in [_ROOT, *paths] if p)


def session(
    master: str = DEFAULT_MASTER, *, app_name: str = "graft-pipeline", ui: bool = False
) -> SparkSession:
    """A SparkSession (an existing one is reused: Spark allows one per process)."""
    _prepare_environment()
    builder = (
        SparkSession.builder.master(master)
        .appName(app_name)
        .config("spark.ui.enabled", str(ui).lower())
        # Sized for a 2-core, few-GiB machine; a cluster overrides these with spark-submit.
        .config("spark.driver.memory", os.environ.get("GRAFT_SPARK_DRIVER_MEMORY", "1g"))
        .config("spark.sql.shuffle.partitions", "8")
        # The driver JVM only plumbs Python tasks here: a serial GC and no C2 JIT keep its
        # background threads off the cores the Python workers need.
        .config("spark.driver.extraJavaOptions", os.environ.get("GRAFT_SPARK_JAVA_OPTIONS", _JVM))
        # Jobs talk to the metastore and the object store from tasks; no Arrow/pandas needed.
        .config("spark.python.worker.reuse", "true")
        .config("spark.ui.showConsoleProgress", "false")  # the CLI draws its own (rich)
        .config("spark.sql.execution.arrow.pyspark.enabled", "false")
    )
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    return spark
