"""A volume with a random history of commits (writes, rewrites, truncates) and its model."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from graft_core.ids import VolumeId
from graft_core.types import EMPTY_PAGE, PAGE_SIZE
from tests.pagestore.cluster import GraftHttp

__all__ = ["Model", "build_history", "page"]


def page(lsn: int, pageidx: int, salt: str = "") -> bytes:
    return (f"{salt}lsn {lsn} page {pageidx};" * PAGE_SIZE).encode()[:PAGE_SIZE]


@dataclass
class Model:
    vid: VolumeId
    # Per LSN (index 0 is LSN 1): the page count and the non-empty pages.
    states: list[tuple[int, dict[int, bytes]]] = field(default_factory=list)

    def at(self, lsn: int) -> tuple[int, dict[int, bytes]]:
        return self.states[lsn - 1]

    def expected(self, lsn: int) -> dict[int, bytes]:
        count, pages = self.at(lsn)
        return {idx: pages.get(idx, EMPTY_PAGE) for idx in range(1, count + 1)}


def build_history(
    http: GraftHttp, commits: int, *, seed: int = 0, max_pages: int = 40, salt: str = ""
) -> Model:
    rng = random.Random(seed)
    model = Model(VolumeId.random())
    pages: dict[int, bytes] = {}
    count = 0
    for lsn in range(1, commits + 1):
        top = max_pages
        if count > 4 and rng.random() < 0.08:
            # Truncate: pages above are gone. The commit's page count is all the wire carries,
            # so a truncating commit writes below its new count only.
            count = top = rng.randrange(2, count)
            pages = {idx: data for idx, data in pages.items() if idx <= count}
        written = {
            idx: page(lsn, idx, salt) for idx in rng.sample(range(1, top + 1), rng.randrange(1, 3))
        }
        pages.update(written)
        count = max([count, *written])
        segments = http.write(model.vid, written)
        http.commit(model.vid, lsn - 1 or None, count, segments)
        model.states.append((count, dict(pages)))
    return model
