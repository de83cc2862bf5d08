"""The pagestore's bitmap search of a volume's history against a plain model: every page's
version at every LSN (newest write at or below it, unless a truncate since cut it)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from graft_core.graft import Graft
from graft_core.ids import SegmentId, VolumeId
from graft_core.wire import CheckpointInfo, CommitInfo, PullCommitsResponse, SegmentRef
from pagestore_server.history import VolumeHistory

MAX_PAGE = 24

# A commit: its page count and the pages of its segments (clipped to the page count, disjoint).
commits = st.lists(
    st.tuples(
        st.integers(0, MAX_PAGE),
        st.lists(st.sets(st.integers(1, MAX_PAGE), max_size=8), max_size=3),
    ),
    min_size=1,
    max_size=40,
)


def _infos(plan: list[tuple[int, list[set[int]]]]) -> list[CommitInfo]:
    infos = []
    for lsn, (page_count, parts) in enumerate(plan, start=1):
        segments, used = [], set[int]()
        for part in parts:  # a commit's segments hold different pages
            pages = {p for p in part if p <= page_count} - used
            used |= pages
            segments.append(SegmentRef(sid=SegmentId.random(), graft=Graft(pages)))
        infos.append(CommitInfo(lsn=lsn, page_count=page_count, segments=segments))
    return infos


def _model(infos: list[CommitInfo], lsn: int) -> dict[int, SegmentId]:
    versions: dict[int, SegmentId] = {}
    for info in infos[:lsn]:
        versions = {p: sid for p, sid in versions.items() if p <= info.page_count}
        for seg in info.segments:
            versions.update(dict.fromkeys(seg.graft, seg.sid))
    return versions


def _flatten(plan: dict[SegmentId, list[int]]) -> dict[int, SegmentId]:
    return {page: sid for sid, pages in plan.items() for page in pages}


@given(commits, st.integers(1, 5))
def test_every_version_at_every_lsn_matches_the_model(
    plan: list[tuple[int, list[set[int]]]], answers: int
) -> None:
    infos = _infos(plan)
    history = VolumeHistory(VolumeId.random())
    size = -(-len(infos) // answers)  # the commits arrive in several answers, as paged
    for start in range(0, len(infos), size):
        history.apply(PullCommitsResponse(checkpoint=None, commits=infos[start : start + size]))
    everything = Graft(range(1, MAX_PAGE + 2))
    for lsn in range(1, len(infos) + 1):
        assert _flatten(history.resolve(lsn, everything)) == _model(infos, lsn), lsn


@given(commits, st.data())
def test_a_checkpoint_stands_in_for_the_commits_at_and_below_it(
    plan: list[tuple[int, list[set[int]]]], data: st.DataObject
) -> None:
    infos = _infos(plan)
    at = data.draw(st.integers(1, len(infos)))
    model = _model(infos, at)
    # The checkpoint's segments hold the versions at ``at``, packed into new segments.
    packed = SegmentRef(sid=SegmentId.random(), graft=Graft(model))
    history = VolumeHistory(VolumeId.random())
    checkpoint = CheckpointInfo(lsn=at, segments=[packed] if model else [])
    history.apply(PullCommitsResponse(checkpoint=checkpoint, commits=infos[at - 1 :]))
    everything = Graft(range(1, MAX_PAGE + 2))
    standing = CommitInfo(lsn=at, page_count=infos[at - 1].page_count, segments=checkpoint.segments)
    retained = [standing, *infos[at:]]
    for lsn in range(at, len(infos) + 1):
        expected = _model(retained, lsn - at + 1)
        assert _flatten(history.resolve(lsn, everything)) == expected, lsn
