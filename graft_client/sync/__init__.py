"""Sync between a client's local volumes and the servers (DESIGN section 6)."""
