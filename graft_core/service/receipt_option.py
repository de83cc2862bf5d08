"""The ``--receipt-key`` / ``--receipt-key-file`` options both servers take (one shared key)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from graft_core.errors import InvalidInputError
from graft_core.receipts import KEY_ENV, KEY_FILE_ENV, ReceiptKey

__all__ = ["receipt_key_options"]


def _key(text: str | None, path: Path | None) -> ReceiptKey:
    if text and path:
        raise click.UsageError("give the receipt key once: --receipt-key or --receipt-key-file")
    if not text and path is None:
        raise click.UsageError(
            f"no receipt key: pass --receipt-key-file PATH (created if missing; give the "
            f"metastore and the pagestore the same file) or set {KEY_ENV}"
        )
    try:
        if text:
            return ReceiptKey.from_hex(text)
        assert path is not None
        return ReceiptKey.load(path, create=True)
    except InvalidInputError as exc:
        raise click.UsageError(str(exc)) from exc


def receipt_key_options(command: Callable[..., None]) -> Any:
    """Add both options; the command receives ``receipt_key: ReceiptKey``."""

    @functools.wraps(command)
    def with_key(
        *args: Any, receipt_key: str | None, receipt_key_file: Path | None, **kwargs: Any
    ) -> None:
        command(*args, receipt_key=_key(receipt_key, receipt_key_file), **kwargs)

    wrapped: Any = click.option(
        "--receipt-key-file",
        type=click.Path(dir_okay=False, path_type=Path),
        envvar=KEY_FILE_ENV,
        help="File with the hex key the metastore and the pagestore share to sign segment "
        "receipts; created with a random key if missing.",
    )(with_key)
    return click.option(
        "--receipt-key",
        envvar=KEY_ENV,
        help=f"The shared receipt key as hex (16-64 bytes); prefer {KEY_ENV} or a key file, "
        "which other users cannot see in the process list.",
    )(wrapped)
