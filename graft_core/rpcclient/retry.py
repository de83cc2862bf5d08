"""When a call is tried again, and how an outage is logged: once when it starts, once when it ends.

Transient failures are retried: no connection, a connection reset or cut mid-answer, a timeout,
503 (the service or its storage is unavailable) and a gateway's 502 or 504 (a proxy that could
not reach the service). Every call is safe to repeat: reads are, ``write_pages`` at worst leaves
an unreferenced segment for GC, ``checkpoint`` of the same segments is answered as done, and a
``commit`` repeats its ``(cid, commit_hash)``. Any other answer (4xx, 409, 500) is final.
"""

from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass

from graft_core.errors import GraftError

__all__ = ["NO_RETRY", "RETRY_STATUSES", "Attempts", "Outage", "RetryPolicy"]

log = logging.getLogger(__name__)

RETRY_STATUSES = frozenset({502, 503, 504})


@dataclass(frozen=True)
class RetryPolicy:
    """At most ``attempts`` tries; none starts later than ``deadline`` seconds after the call
    did (or its own timeout, if longer: a long poll)."""

    attempts: int = 5
    first_delay: float = 0.05
    max_delay: float = 2.0
    deadline: float = 60.0

    def delay(self, attempt: int) -> float:
        """Full jitter: a random wait up to the capped exponential delay."""
        return random.uniform(0, min(self.max_delay, self.first_delay * 2**attempt))


# For a server calling another on behalf of its own caller, who retries the whole request.
NO_RETRY = RetryPolicy(attempts=1)


class Outage:
    """Whether a service is failing, so that a run of failed attempts (of any number of calls)
    logs one warning, and the first answer after it one info line."""

    def __init__(self, service: str) -> None:
        self._service = service
        self._since: float | None = None
        self._failures = 0

    def failing(self, error: GraftError, *, answered: bool) -> None:
        """``answered``: the service answered (503), rather than not at all."""
        self._failures += 1
        if self._since is None:
            self._since = time.monotonic()
            state = "unavailable" if answered else "unreachable"
            # A transport error's message already names the service: log only its cause.
            log.warning("%s %s: %s; retrying", self._service, state, error.__cause__ or error)

    def reachable(self) -> None:
        if self._since is not None:
            log.info(
                "%s reachable again after %.1f s (%d failed attempts)",
                self._service,
                time.monotonic() - self._since,
                self._failures,
            )
            self._since, self._failures = None, 0


class Attempts:
    """The retry state of one call."""

    def __init__(self, policy: RetryPolicy, outage: Outage, timeout: float | None) -> None:
        self._policy = policy
        self._outage = outage
        self._tried = 0
        self._deadline = time.monotonic() + max(policy.deadline, timeout or 0.0)

    def retry_after(self, error: GraftError, *, answered: bool = False) -> float:
        """Seconds to wait before trying again after the transient ``error`` (an answer, or no
        answer at all); raises ``error`` once the attempts or the time are used up."""
        delay = self._policy.delay(self._tried)
        self._tried += 1
        if self._tried >= self._policy.attempts or time.monotonic() + delay >= self._deadline:
            try:
                raise error
            finally:
                del error  # the traceback holds this frame: no cycle frame <-> error
        self._outage.failing(error, answered=answered)
        return delay
