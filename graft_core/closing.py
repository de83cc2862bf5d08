"""``with`` support for anything that has ``close()``: leaving the block closes it.

A block left by an exception keeps it: a failure of the close that follows (often the same
cause reported again, such as a full disk) goes with it as a note, not in its place.
"""

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
        if exc is None:
            self.close()
            return
        try:
            self.close()
        except Exception as failed:
            exc.add_note(f"closing {type(self).__name__} then failed too: {failed}")
