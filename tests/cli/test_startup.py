"""A command loads what it uses: one on a local volume imports neither the HTTP stack nor the
sync runtime (nor SQLite or JWT), which took about half of a short command's start (measured:
``graft volume list`` 0.76 s before, 0.33 s after); nor, on a volume not encrypted, the
keyrings' and sealed pages' code (crc32c's import alone reads the installed distributions).
The benchmark is the measure; this test keeps the imports from creeping back."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.cli.runner import clean_env, ok

# Runs ``graft ARGS`` in this interpreter and prints which of the heavy modules it loaded.
PROBE = """
import json, sys
from graft_client.cli import main
sys.argv = ["graft", *sys.argv[1:]]
try:
    main()
finally:
    heavy = (
        "httpx", "anyio", "graft_client.sync.runtime", "apsw", "jwt", "uvicorn",
        "graft_core.crypto.keyring", "graft_core.crypto.seal", "crc32c",
    )
    sys.stderr.write(json.dumps(sorted(m for m in heavy if m in sys.modules)) + "\\n")
"""


def loaded_by(*args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        env=clean_env(),
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    found: list[str] = json.loads(done.stderr.decode().splitlines()[-1])
    return found


def test_commands_on_local_volumes_load_no_sync_stack(tmp_path: Path) -> None:
    vid = ok("volume", "create", data_dir=tmp_path).decode().strip()
    ok("write", vid, "1", "--fill", "7", data_dir=tmp_path)
    for args in (
        ("volume", "list"),
        ("status", vid),
        ("log", vid),
        ("read", vid, "1", "--hex"),
        ("write", vid, "2", "--fill", "8"),
    ):
        assert loaded_by("--data-dir", str(tmp_path), *args) == [], args


def test_help_loads_no_sync_stack(tmp_path: Path) -> None:
    sync_stack = {"httpx", "anyio", "graft_client.sync.runtime"}
    assert not sync_stack & set(loaded_by("--data-dir", str(tmp_path), "serve", "--help"))
    assert not sync_stack & set(loaded_by("--help"))  # which lists every command
