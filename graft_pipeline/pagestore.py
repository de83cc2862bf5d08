"""The one pagestore call the jobs make: ``write_pages`` (publish), in request-sized chunks."""

from __future__ import annotations

from collections.abc import Mapping

from graft_core.ids import VolumeId
from graft_core.types import PAGE_SIZE
from graft_core.wire import PAGESTORE_MAX_BODY, SegmentRef, WritePagesRequest, WritePagesResponse
from graft_pipeline.http import ServiceHttp

__all__ = ["PagestoreHttp"]

# Pages per request: well inside the pagestore's body limit, headers and framing included.
_CHUNK_PAGES = PAGESTORE_MAX_BODY // PAGE_SIZE // 2


class PagestoreHttp(ServiceHttp):
    PREFIX = "/pagestore/v1"

    def write_pages(self, vid: VolumeId, pages: Mapping[int, bytes]) -> list[SegmentRef]:
        items = sorted(pages.items())
        refs: list[SegmentRef] = []
        for start in range(0, len(items), _CHUNK_PAGES):
            request = WritePagesRequest(vid=vid, pages=items[start : start + _CHUNK_PAGES])
            refs.extend(self._call("write_pages", request, WritePagesResponse).segments)
        return refs
