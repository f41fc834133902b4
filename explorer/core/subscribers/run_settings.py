"""The waits, leases and sizes of a ``subscriber-check`` run, apart from the bench that
runs it (``explorer.net.subscribers``: an HTTP server, a hub's client): the command's
``--timeout`` shows the default, and parsing the arguments must not load the bench."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SubscriberSettings:
    """Waits, leases and sizes of a run. Defaults suit a subscriber on this machine;
    the suite shrinks the waits."""

    timeout: float = 30.0  # for the subscriber to subscribe (and to unsubscribe on SIGTERM)
    fetch_timeout: float = 3.0  # for it to fetch what a valid notification named
    quiet: float = 2.0  # how long a second subscription or a late fetch is watched for
    lease: int = 3600  # granted in every test but the renewal's
    short_lease: int = 10  # granted in lease-renew
    large_bytes: int = 10 * 1024 * 1024  # the size of payload-large's notification
    request_timeout: float = 10.0  # for each verification and delivery
    parallel: int = 1  # tests run side by side (each has its own channel)
