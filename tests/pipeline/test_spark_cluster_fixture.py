"""The standalone cluster fixture polls the master's web UI only once the UI serves its pages.

Spark's master logs "Successfully started service 'MasterUI' on port N" as soon as Jetty listens,
and attaches the UI's handlers after that: a ``/json/`` request in between is answered 404. The
fixture took the port from that first line, so a quick first poll failed the cluster's start.
"""

from __future__ import annotations

from tests.support import spark_cluster

# The master's log at that moment (Spark 4.3), then the line that follows once it is bound.
LISTENING = """\
26/11/24 07:13:59 INFO Utils: Successfully started service 'sparkMaster' on port 33431.
26/11/24 07:13:59 INFO JettyUtils: Start Jetty 127.0.0.1:0 for MasterUI
26/11/24 07:14:00 INFO Utils: Successfully started service 'MasterUI' on port 43611.
"""
BOUND = "26/11/24 07:14:00 INFO MasterWebUI: Bound MasterWebUI to 127.0.0.1, and started at \
http://localhost:43611\n"


def test_the_ui_port_is_read_only_once_the_ui_is_bound() -> None:
    assert spark_cluster._UI_BOUND.search(LISTENING) is None
    found = spark_cluster._UI_BOUND.search(LISTENING + BOUND)
    assert found is not None and found.group(1) == "43611"
