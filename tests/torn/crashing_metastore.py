"""A metastore process under TornFS: at the chosen sync it records what a power cut leaves and dies.

``python -m tests.torn.crashing_metastore <metastore options>`` with ``TORN_ROOT`` (the data dir),
``TORN_SEED``, ``TORN_CRASH_AT`` (1-based sync number) and ``TORN_IMAGE`` (where the surviving
tree is written) in the environment. The test that started it restores the image into the data
dir once the process is gone, and starts a plain metastore on it.
"""

from __future__ import annotations

import os
from pathlib import Path

from metastore_server.__main__ import main
from tests.torn.tornfs import Image, TornFS, dump_image


def _power_cut(image: Image) -> None:
    dump_image(image, Path(os.environ["TORN_IMAGE"]))
    os._exit(1)  # no cleanup and no flush: the power is gone


if __name__ == "__main__":
    torn = TornFS(
        Path(os.environ["TORN_ROOT"]),
        seed=int(os.environ["TORN_SEED"]),
        crash_at=int(os.environ["TORN_CRASH_AT"]),
        on_crash=_power_cut,
    )
    with torn.installed():
        main()
