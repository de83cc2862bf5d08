"""Sync between a client's local volumes and the servers (DESIGN section 6).

The operations (``push``, ``pull``, ``fetch``) are functions of ``(LocalState, SyncRuntime,
vid)``: the runtime is the remote side, the state's transitions are the durable steps.
``SyncSession`` gives the front blocking calls and owns ``AutoSync``. Nothing here imports the
front (``Client``, ``Volume``, readers, writers).
"""
