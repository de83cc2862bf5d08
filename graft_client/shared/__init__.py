"""Many processes, one data dir (DESIGN section 11).

The first process to open a data dir owns it (``node``: a lock and an endpoint, ``server``);
the others attach (``link``) with the same ``Client`` API: ``state`` reads a RocksDB secondary
instance and sends changes to the owner, ``session`` runs sync in the owner, ``service`` is
what the owner does for them. ``wire`` frames the requests.
"""

from graft_client.shared.node import SharedDir
from graft_client.shared.service import OwnerService
from graft_client.shared.session import SharedSession
from graft_client.shared.state import SharedState

__all__ = ["OwnerService", "SharedDir", "SharedSession", "SharedState"]
