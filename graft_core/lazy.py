"""Names a package exports but loads on first use (PEP 562): its ``__getattr__``."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

__all__ = ["lazy_names"]


def lazy_names(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """A ``__getattr__`` for module ``package`` that imports each name of ``homes`` (name ->
    the module that defines it) when first asked for, and keeps it as a plain attribute."""
    namespace = vars(sys.modules[package])

    def load(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(home), name)
        namespace[name] = value
        return value

    return load
