"""Property-based fuzzing of every input boundary: HTTP endpoints, wire messages, segment and
commit-log files, and ``graft`` argv.

``make test`` runs these under the small ``ci`` hypothesis profile (registered in
``tests/conftest.py``). For a long manual session, select the ``long`` profile::

    HYPOTHESIS_PROFILE=long .venv/bin/pytest -p no:cacheprovider --timeout=0 tests/fuzz

Any failure hypothesis finds there becomes an explicit ``@example`` (or a plain test) here.
"""
