"""Append-only JSON-lines files: workers append, the coordinator tails.

One ``os.write`` per line on an ``O_APPEND`` descriptor, so a SIGKILL never leaves half a line
behind another process's line; a reader still takes only lines that end in a newline.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

__all__ = ["Journal", "JournalTail", "read_journal"]


class Journal:
    def __init__(self, path: Path, *, durable: bool = False) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        self._durable = durable

    def append(self, record: dict[str, Any]) -> None:
        os.write(self._fd, (json.dumps(record, sort_keys=True) + "\n").encode())
        if self._durable:
            os.fsync(self._fd)

    def close(self) -> None:
        os.close(self._fd)


def _complete_lines(data: bytes) -> tuple[list[dict[str, Any]], int]:
    """The records in ``data`` and how many bytes they take (a torn last line is left)."""
    end = data.rfind(b"\n") + 1
    return [json.loads(line) for line in data[:end].splitlines() if line], end


def read_journal(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return _complete_lines(path.read_bytes())[0]


class JournalTail:
    """New complete records of every ``*.jsonl`` file in a directory since the last call."""

    def __init__(self, directory: Path) -> None:
        self._directory = directory
        self._offsets: dict[Path, int] = {}

    def new_records(self) -> Iterator[tuple[str, dict[str, Any]]]:
        for path in sorted(self._directory.glob("*.jsonl")):
            offset = self._offsets.get(path, 0)
            with open(path, "rb") as file:
                file.seek(offset)
                records, used = _complete_lines(file.read())
            self._offsets[path] = offset + used
            for record in records:
                yield path.stem, record
