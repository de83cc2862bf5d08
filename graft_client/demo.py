"""The story ``make demo`` tells: a volume written, committed and read back at old snapshots.

Until the metastore and pagestore exist this runs locally only; the sync issue extends it to
servers, two clients, push, pull and lite reads.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from graft_client.client import Client
from graft_core.types import PAGE_SIZE

__all__ = ["run_demo"]


def _page(text: str) -> bytes:
    return text.encode().ljust(PAGE_SIZE, b".")


def run_demo(data_dir: Path | None = None, console: Console | None = None) -> None:
    out = console or Console()
    with tempfile.TemporaryDirectory(prefix="graft-demo-") as tmp:
        root = data_dir or Path(tmp)
        out.rule("[bold]graft demo: a local-first page volume")
        with Client(root / "device-a") as client:
            volume = client.create_volume(sync="disabled")
            out.print(f"created volume [cyan]{volume.vid}[/] in {client.data_dir}")

            started = time.perf_counter()
            with volume.writer() as writer:
                for idx in range(1, 65):
                    writer.write(idx, _page(f"page {idx}, version 1"))
            first = volume.snapshot()
            assert first is not None
            elapsed_ms = (time.perf_counter() - started) * 1000
            out.print(f"committed 64 pages as LSN {first.lsn} in {elapsed_ms:.1f} ms (durable)")

            with volume.writer() as writer:
                writer.write(7, _page("page 7, version 2"))
                writer.truncate(32)
            second = volume.snapshot()
            assert second is not None
            out.print(f"rewrote page 7 and truncated to 32 pages as LSN {second.lsn}")

            table = Table("read", "LSN", "page count", "page 7 starts with", "page 40 starts with")
            for lsn in (first.lsn, second.lsn):
                with volume.reader(lsn) as reader:
                    table.add_row(
                        f"reader(lsn={lsn})",
                        str(lsn),
                        str(reader.page_count),
                        reader.read(7)[:17].decode(errors="replace"),
                        reader.read(40)[:18].rstrip(b"\0").decode() or "(zeros)",
                    )
            out.print(table)
            info = volume.info()
            out.print(
                f"status: {info.status.value}, sync: {info.sync.value}, "
                f"commits retained: {[entry.lsn for entry in volume.log()]}"
            )
        out.rule("[bold green]demo finished")
