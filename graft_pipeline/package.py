"""The pipeline's code as one zip for Spark executors, and the script ``spark-submit`` runs.

Executors need ``graft_core`` and ``graft_pipeline`` (pure Python) next to the third-party
dependencies installed on each node (``pip install 'graft-volumes[pipeline]'``, or a shared
environment named by ``spark.pyspark.python``). A job on a cluster ships the driver's own copy
(``ship_code``): executors then run exactly the driver's code, whatever is installed where they
run and whatever the driver's working directory. ``python -m graft_pipeline package`` writes the
same zip and a launcher for ``spark-submit --py-files``.
"""

from __future__ import annotations

import atexit
import zipfile
from pathlib import Path

from pyspark.sql import SparkSession

import graft_pipeline
from graft_core.scratch import ScratchDir

__all__ = ["LAUNCHER_NAME", "PACKAGES", "ZIP_NAME", "build_zip", "package", "ship_code"]

PACKAGES = ("graft_core", "graft_pipeline")
ZIP_NAME = "graft-pipeline.zip"
LAUNCHER_NAME = "graft_pipeline_submit.py"
_ROOT = Path(graft_pipeline.__file__).resolve().parent.parent
_FIXED_TIME = (2020, 1, 1, 0, 0, 0)  # the same code gives the same zip, byte for byte
_LAUNCHER = '''"""spark-submit --py-files {zip} {launcher} JOB ...: a graft_pipeline job."""

from graft_pipeline.cli import main

main(prog_name="graft_pipeline")
'''


def _files(root: Path) -> list[Path]:
    found = []
    for name in PACKAGES:
        for path in sorted((root / name).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                found.append(path)
    return found


def build_zip(path: Path) -> Path:
    """The packages' files (sources and data) under their package paths, in ``path``."""
    if not (_ROOT / "graft_pipeline").is_dir():
        raise ValueError(f"graft_pipeline runs from {_ROOT}, not from a directory of sources")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for source in _files(_ROOT):
            info = zipfile.ZipInfo(source.relative_to(_ROOT).as_posix(), _FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, source.read_bytes())
    return path


def package(out_dir: Path) -> dict[str, str]:
    """The zip and the launcher in ``out_dir``, and the spark-submit command that uses them."""
    out_dir.mkdir(parents=True, exist_ok=True)
    archive = build_zip(out_dir / ZIP_NAME)
    launcher = out_dir / LAUNCHER_NAME
    launcher.write_text(_LAUNCHER.format(zip=ZIP_NAME, launcher=LAUNCHER_NAME))
    return {
        "zip": str(archive),
        "launcher": str(launcher),
        "submit": f"spark-submit --master MASTER --py-files {archive} {launcher} JOB ...",
    }


def _from_zip() -> bool:
    """Whether this driver runs from a zip (spark-submit --py-files), which executors get too."""
    return not Path(graft_pipeline.__file__).parent.is_dir()


def ship_code(spark: SparkSession) -> None:
    """Have every executor import the driver's packages, from a zip Spark serves them."""
    if _from_zip():
        return
    where = ScratchDir("graft-pipeline-")
    atexit.register(where.cleanup)  # Spark serves the file until the driver ends
    spark.sparkContext.addPyFile(str(build_zip(where.path / ZIP_NAME)))
