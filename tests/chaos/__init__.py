"""The chaos run: servers and clients as separate processes while a killer SIGKILLs and pauses them.

``python -m tests.chaos --minutes M --seed S`` runs it; ``test_chaos_short.py`` runs a short one
inside the test suite.
"""
