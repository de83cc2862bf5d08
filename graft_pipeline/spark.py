"""The one place Spark is configured: environment, memory and UI defaults for every job.

Workers must import ``graft_pipeline`` and its siblings: the project root goes on ``PYTHONPATH``
before the JVM starts (Spark passes the JVM's ``PYTHONPATH`` on to its Python workers), so a
source checkout works without an install. ``SPARK_LOCAL_IP`` keeps the driver on loopback and
``PYSPARK_PYTHON`` makes workers run this interpreter (the one with the project's packages).
On a cluster (any master but ``local``), executors get the driver's packages as a zip
(``package.ship_code``): they need the third-party dependencies installed, not the project.

Under ``spark-submit`` the JVM runs already, with spark-submit's master and settings: only the
settings below that it left unset are applied (``--master`` and ``--conf`` still win).

Ctrl-C: a terminal sends SIGINT to every process of its foreground group. The JVM ignores it
(pyspark starts it so), the Python task workers run in a process group of their own, and the
driver cancels the running jobs itself (``interruptible_session``): a job stops without
tracebacks.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from pyspark import SparkConf, SparkContext
from pyspark.sql import SparkSession

from graft_pipeline.package import ship_code

__all__ = [
    "DEFAULT_MASTER",
    "INTERRUPTED_EXIT",
    "Interrupted",
    "interruptible_session",
    "session",
    "submitted",
]

DEFAULT_MASTER = "local[*]"
_ROOT = str(Path(__file__).resolve().parent.parent)
_JVM = "-XX:+UseSerialGC -XX:TieredStopAtLevel=1"
_LOG4J = Path(__file__).with_name("log4j2.properties")
INTERRUPTED_EXIT = 130  # 128 + SIGINT, as shells report a process Ctrl-C ended
_CANCEL_AGAIN_S = 0.5


class Interrupted(Exception):
    """Ctrl-C stopped a job: its Spark jobs were cancelled."""


def _prepare_environment(conf: Mapping[str, str]) -> None:
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    # pyspark takes the executors' Python from this variable only, not from the setting.
    if "spark.pyspark.python" in conf:
        os.environ["PYSPARK_PYTHON"] = conf["spark.pyspark.python"]
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    paths = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    if _ROOT not in paths:
        os.environ["PYTHONPATH"] = os.pathsep.join(p for p in [_ROOT, *paths] if p)


def _driver_java_options() -> str:
    """The JVM options (``GRAFT_SPARK_JAVA_OPTIONS`` replaces the defaults), and our logging
    configuration: errors only, without Spark's start-up chatter."""
    options = os.environ.get("GRAFT_SPARK_JAVA_OPTIONS", _JVM)
    return f"{options} -Dlog4j2.configurationFile={_LOG4J.as_uri()}"


def submitted() -> bool:
    """Whether spark-submit started this driver (its JVM is running and told us its port).

    Its driver's stderr is then merged into its stdout (Spark's ``PythonRunner``)."""
    return "PYSPARK_GATEWAY_PORT" in os.environ


def _submitted_conf() -> SparkConf:
    """The settings spark-submit gave its JVM (a SparkConf loads them once the gateway is up)."""
    SparkContext._ensure_initialized()  # connects to spark-submit's JVM, starts nothing
    return SparkConf()


def _defaults(master: str | None, ui: bool) -> dict[str, str]:
    settings = {
        "spark.sql.shuffle.partitions": "8",
        # Jobs talk to the metastore and the object store from tasks; no Arrow/pandas needed.
        "spark.python.worker.reuse": "true",
        "spark.ui.showConsoleProgress": "false",  # the CLI draws its own (rich)
        "spark.sql.execution.arrow.pyspark.enabled": "false",
    }
    if submitted():
        given = _submitted_conf()
        kept = {key: value for key, value in settings.items() if not given.contains(key)}
        return kept if master is None else {**kept, "spark.master": master}
    return {
        **settings,
        "spark.master": master or DEFAULT_MASTER,
        "spark.ui.enabled": str(ui).lower(),
        # Sized for a 2-core, few-GiB machine; a cluster overrides these (--conf, spark-submit).
        "spark.driver.memory": os.environ.get("GRAFT_SPARK_DRIVER_MEMORY", "1g"),
        # The driver JVM only plumbs Python tasks here: a serial GC and no C2 JIT keep its
        # background threads off the cores the Python workers need.
        "spark.driver.extraJavaOptions": _driver_java_options(),
    }


def session(
    master: str | None = None,
    *,
    app_name: str = "graft-pipeline",
    ui: bool = False,
    conf: Mapping[str, str] | None = None,
) -> SparkSession:
    """A SparkSession (an existing one is reused: Spark allows one per process) on ``master``
    (default: spark-submit's, else ``local[*]``), ``conf`` over the defaults."""
    _prepare_environment(conf or {})
    builder = SparkSession.builder.appName(app_name)
    for key, value in {**_defaults(master, ui), **(conf or {})}.items():
        builder = builder.config(key, value)
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    if not str(spark.sparkContext.master).startswith("local"):
        ship_code(spark)
    return spark


@contextmanager
def interruptible_session(
    master: str | None = None, conf: Mapping[str, str] | None = None
) -> Iterator[SparkSession]:
    """A session for one job of the command line: Ctrl-C (SIGINT) cancels the block's Spark jobs
    and ends it with ``Interrupted``; a second Ctrl-C exits at once.

    SIGINT is held (blocked) while the session starts: a KeyboardInterrupt while pyspark waits
    for the JVM to announce itself removes the directory the JVM writes to, and that JVM then
    never exits. pyspark's own handler cancels from the main thread, which is inside the py4j
    call waiting for the job: that reentrant call breaks the connection and both py4j and Spark
    print tracebacks. From another thread (a py4j connection of its own) the cancel goes
    through and the waiting call simply fails. That thread cancels again until the block ends,
    for a job submitted just after the first cancel. A block that finishes anyway ends normally.
    """
    interrupted = threading.Event()
    left = threading.Event()
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        spark = session(master, conf=conf)
    except BaseException:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        raise

    def cancel() -> None:
        context = spark.sparkContext
        context.setLogLevel("OFF")  # Spark reports each cancelled task as an error
        while not left.is_set():
            context.cancelAllJobs()
            left.wait(_CANCEL_AGAIN_S)

    def on_sigint(signum: int, frame: FrameType | None) -> None:
        if interrupted.is_set():
            os._exit(INTERRUPTED_EXIT)
        interrupted.set()
        threading.Thread(target=cancel, name="spark-cancel", daemon=True).start()

    previous = signal.signal(signal.SIGINT, on_sigint)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # one held meanwhile lands now
    try:
        yield spark
    except Exception:
        if interrupted.is_set():
            raise Interrupted from None
        raise
    finally:
        left.set()
        signal.signal(signal.SIGINT, previous)
