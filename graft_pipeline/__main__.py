"""``python -m graft_pipeline``."""

import importlib.util
import sys

if importlib.util.find_spec("pyspark") is None:
    sys.exit(
        "error: python -m graft_pipeline needs PySpark and Java 17: install the pipeline extra "
        "(pip install 'graft-volumes[pipeline]')"
    )

from graft_pipeline.cli import main  # after the check: it needs PySpark

main(prog_name="python -m graft_pipeline")
