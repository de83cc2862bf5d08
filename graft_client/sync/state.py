"""The outcomes of sync operations, under the name the CLI imports them by (it moves to
``graft_client.cli`` concurrently; once it imports them from ``graft_client``, this goes)."""

from graft_client.storage.pull import PullOutcome
from graft_client.sync.observe import PushInfo

__all__ = ["PullOutcome", "PushInfo"]
