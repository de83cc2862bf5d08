"""The metastore's auth rules on top of the shared bearer-token auth (``graft_core.service``).

Every endpoint names one volume and is checked by the shared RPC layer, except the volume
listing, which names none: it shows a scoped token only the volumes it grants.
"""

from __future__ import annotations

from graft_core.service.auth import Auth, Grant
from graft_core.wire import VolumesResponse

__all__ = ["Auth", "Grant", "visible_volumes"]


def visible_volumes(answer: VolumesResponse, grant: Grant) -> VolumesResponse:
    if grant.volumes is not None:
        answer.volumes = [info for info in answer.volumes if grant.allows(info.vid)]
    return answer
