"""graft_pipeline: Spark jobs over Graft volumes (compact, gc, verify, export, publish).

Jobs read commits through the metastore API and segments straight from the object store, and
do their per-volume and per-segment work in Spark tasks. ``python -m graft_pipeline --help``.

The names below are imported on first use: ``python -m graft_pipeline`` runs this file before
its ``__main__``, which must be able to say in one line that PySpark is missing.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from graft_pipeline.compact import run_compact
    from graft_pipeline.export import run_export_pages
    from graft_pipeline.export_sqlite import run_export_sqlite
    from graft_pipeline.gc import run_gc
    from graft_pipeline.location import Location
    from graft_pipeline.publish import publish_vid, run_publish
    from graft_pipeline.retention import Retention, parse_duration
    from graft_pipeline.spark import session
    from graft_pipeline.verify import run_verify

__all__ = [
    "Location",
    "Retention",
    "parse_duration",
    "publish_vid",
    "run_compact",
    "run_export_pages",
    "run_export_sqlite",
    "run_gc",
    "run_publish",
    "run_verify",
    "session",
]

_MODULES = {
    "Location": "location",
    "Retention": "retention",
    "parse_duration": "retention",
    "publish_vid": "publish",
    "run_compact": "compact",
    "run_export_pages": "export",
    "run_export_sqlite": "export_sqlite",
    "run_gc": "gc",
    "run_publish": "publish",
    "run_verify": "verify",
    "session": "spark",
}


def __getattr__(name: str) -> Any:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
