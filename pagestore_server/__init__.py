"""pagestore_server: immutable segments of compressed pages, written in groups, read by LSN."""

from pagestore_server.app import create_app
from pagestore_server.config import Config, parse_size
from pagestore_server.diskcache import DiskCache
from pagestore_server.history import Histories, VolumeHistory
from pagestore_server.reader import PageReader
from pagestore_server.segments import SegmentReader
from pagestore_server.singleflight import SingleFlight
from pagestore_server.store import SegmentMissingError, SegmentStore
from pagestore_server.writer import SegmentWriter

__all__ = [
    "Config",
    "DiskCache",
    "Histories",
    "PageReader",
    "SegmentMissingError",
    "SegmentReader",
    "SegmentStore",
    "SegmentWriter",
    "SingleFlight",
    "VolumeHistory",
    "create_app",
    "parse_size",
]
