"""metastore_server: per-volume commit logs with compare-and-set commits over HTTP."""

from metastore_server.app import Config, create_app
from metastore_server.auth import Auth, Grant
from metastore_server.catalog import Catalog, RecordStore
from metastore_server.local_store import LocalRecordStore
from metastore_server.objstore_backend import ObjectStoreRecordStore
from metastore_server.records import LogRecord

__all__ = [
    "Auth",
    "Catalog",
    "Config",
    "Grant",
    "LocalRecordStore",
    "LogRecord",
    "ObjectStoreRecordStore",
    "RecordStore",
    "create_app",
]
