"""How long a one-off request a command sends waits by default, apart from the modules
that send it: ``publish --timeout`` and ``replay --timeout`` show these in their help, and
parsing the arguments must not load the HTTP client, the store or the callback server."""

from __future__ import annotations

PUBLISH_TIMEOUT = 15.0
"""Seconds a publication to a hub waits for its answer (``net.live.publisher``)."""
REPLAY_TIMEOUT = 30.0
"""Seconds a replayed delivery waits for the target's answer (``net.live.forwarding.replay``)."""
