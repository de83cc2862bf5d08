"""The owner's change log: which pages may differ between an attached process's secondary (at
LSN ``since``) and a snapshot it pins. It must never leave out a changed page; when it cannot
tell, it says so (None) and the reader reads through the owner until its secondary catches up."""

from __future__ import annotations

from graft_client.shared.changes import MAX_TRACKED_PAGES, ChangeLog
from graft_client.shared.versions import HeldVersions
from graft_core.ids import VolumeId

VID = VolumeId.random()


def log_with(*commits: tuple[int, list[int] | None]) -> tuple[ChangeLog, int]:
    log = ChangeLog()
    token = 0
    for lsn, pages in commits:
        token = log.committed(VID, lsn, pages)
    return log, token


def test_pages_changed_since_name_their_content_at_the_snapshot() -> None:
    log, token = log_with((1, [1, 2]), (2, [2, 3]), (3, [3]), (4, [1]))
    assert log.changed(VID, 4, token, 1) == (token, {2: 2, 3: 3, 1: 4})
    assert log.changed(VID, 4, token, 4) == (token, {})
    # Page 1 changed again after LSN 3: its content at 3 is named by 3 (not its change at 1,
    # which the secondary at 2 already has, nor at 4, which snapshot 3 must not see).
    assert log.changed(VID, 3, token, 2) == (token, {3: 3, 1: 3})


def test_a_commit_it_did_not_see_makes_the_earlier_changes_unknown() -> None:
    # LSN 3 came from a pull (or a reset, or a takeover's recovery): no log entry.
    log, token = log_with((1, [1]), (2, [2]), (4, [4]))
    assert log.changed(VID, 4, token, 1) is None
    assert log.changed(VID, 4, token, 3) == (token, {4: 4})
    # The latest snapshot is newer than anything the log saw.
    assert log.changed(VID, 5, token, 4) is None


def test_a_truncating_commit_restarts_the_log() -> None:
    log, token = log_with((1, [1, 2, 3]), (2, None), (3, [1]))
    assert log.changed(VID, 3, token, 1) is None
    assert log.changed(VID, 3, token, 2) == (token, {1: 3})


def test_a_deleted_volume_gets_a_new_token() -> None:
    log, token = log_with((1, [1]), (2, [2]))
    log.forget(VID)
    again = log.committed(VID, 1, [5])
    assert again != token
    assert log.changed(VID, 1, token, 0) is None
    assert log.token(VID, 1) == again


def test_the_log_forgets_its_oldest_pages_past_its_size() -> None:
    log = ChangeLog()
    token = log.committed(VID, 1, range(1, MAX_TRACKED_PAGES + 1))
    log.committed(VID, 2, [MAX_TRACKED_PAGES + 1])
    assert log.changed(VID, 2, token, 0) is None  # what changed at 1 is forgotten
    assert log.changed(VID, 2, token, 1) == (token, {MAX_TRACKED_PAGES + 1: 2})


def test_the_owner_sends_a_process_only_the_page_versions_it_lacks() -> None:
    held = HeldVersions(capacity=3)
    held.note_commit(7, VID, [1, 2], 5)  # its own commit of pages 1 and 2 at LSN 5
    assert list(held.lacking(7, VID, {1: 5, 2: 6, 3: 4})) == [2, 3]
    assert list(held.lacking(8, VID, {1: 5})) == [1]  # another change log: other contents
    held.note(7, VID, {2: 6, 3: 4})
    assert list(held.lacking(7, VID, {1: 5, 2: 6, 3: 4})) == []
    held.note(7, VID, {4: 9})  # past its capacity the oldest goes: page 1, noted first
    assert list(held.lacking(7, VID, {1: 5, 2: 6, 3: 4, 4: 9})) == [1]
