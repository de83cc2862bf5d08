"""``RequestCounts``: what ``Volume.stats()`` reports of a direct client's store requests.

Its own module, free of the object store code, so the client's front imports it cheaply.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["RequestCounts"]


@dataclass(frozen=True, slots=True)
class RequestCounts:
    """Object-store requests: PUTs (create-only included), GETs (ranged included), LISTs."""

    puts: int = 0
    gets: int = 0
    lists: int = 0

    def __add__(self, other: RequestCounts) -> RequestCounts:
        return RequestCounts(
            self.puts + other.puts, self.gets + other.gets, self.lists + other.lists
        )

    def __sub__(self, other: RequestCounts) -> RequestCounts:
        return RequestCounts(
            self.puts - other.puts, self.gets - other.gets, self.lists - other.lists
        )

    @property
    def total(self) -> int:
        return self.puts + self.gets + self.lists
