"""The receipt key of the servers tests start, and signing for tests that commit segment
references they made up.

The key is set once in this process's ``GRAFT_RECEIPT_KEY`` (so server subprocesses and the
pipeline inherit it); ``server_env()`` names it explicitly for commands given their own env.
"""

from __future__ import annotations

import os
import secrets

from graft_core.ids import VolumeId
from graft_core.receipts import KEY_ENV, ReceiptKey
from graft_core.wire import SegmentRef

__all__ = ["TEST_KEY", "server_env", "signed"]

_HEX = os.environ.setdefault(KEY_ENV, secrets.token_hex(32))
TEST_KEY = ReceiptKey.from_hex(_HEX)


def server_env() -> dict[str, str]:
    return {KEY_ENV: _HEX}


def signed(vid: VolumeId, refs: list[SegmentRef]) -> list[SegmentRef]:
    """``refs`` with valid receipts for ``vid``, as if the pagestore had written them."""
    return [TEST_KEY.sign(vid, ref) for ref in refs]
