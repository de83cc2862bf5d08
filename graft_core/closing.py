"""``with`` support for anything that has ``close()``: leaving the block closes it."""

from __future__ import annotations

import abc
from types import TracebackType
from typing import Self

__all__ = ["Closing"]


class Closing(abc.ABC):
    @abc.abstractmethod
    def close(self) -> None: ...

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
