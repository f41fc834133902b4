"""What a ``hub-check`` run is asked to do: the ids of its checks in the order a run makes
them, how it publishes, and its waits. Pure data, apart from the engine
(``explorer.net.conformance``, which runs the checks by these ids), so that the command's
argument parser can offer the ids and show the defaults without importing the engine's
HTTP client, callback server and store."""

from __future__ import annotations

from dataclasses import dataclass

CHECK_IDS = (
    "publish",
    "subscription",
    "signed-delivery",
    "extra-parameters",
    "resubscribe",
    "unsubscribe",
    "delivery-headers",
    "lease-clamping",
    "bad-requests",
    "wrong-challenge",
    "delivery-latency",
)
"""A run's usual checks, in order (``explorer.net.conformance.CHECKS`` has these keys)."""

MEMORY_CHECK_IDS = (
    "retries",
    "survives-failures",
    "gone-410",
    "lease-expiry",
    "forgotten",
    "restart",
)
"""What a hub remembers over time, run only when asked (``MEMORY_CHECKS``' keys)."""

PUBLISH_AUTO, PUBLISH_XML, PUBLISH_FORM, PUBLISH_NONE = "auto", "xml", "form", "none"


@dataclass(frozen=True, slots=True)
class ConformanceSettings:
    """Waits and leases of a run. Defaults suit a remote hub; tests shrink the waits."""

    verification_timeout: float = 10.0  # after the 2xx, for the hub's GET
    delivery_timeout: float = 10.0  # after a publication, for its delivery
    quiet_period: float = 2.0  # how long "no delivery" is watched (at least)
    slow_delivery: float = 3.0  # deliveries slower than this warn
    # After a verified (un)subscription, how long the hub may take to act on it before a
    # publication is trusted to see the change: a hub may answer the callback first and
    # store the change afterwards (Flask-WebSub's Celery task does), and WebSub §5.3
    # names no moment when the change takes effect.
    settle: float = 1.0
    request_timeout: float = 10.0
    lease_seconds: int = 3600  # asked for in the typical subscription
    probe_leases: tuple[int, int] = (1, 10 * 365 * 86400)  # asked for to see clamping
    # auto: the §4.1 POST, then hub.mode=publish; none: the user publishes through the Source
    publish_style: str = PUBLISH_AUTO
    # The memory checks (explorer.net.conformance.memory) wait for what a hub does later:
    retry_failures: int = 2  # 5xx answers the retries probe gives before it takes one
    # a hub that made no attempt for this long is taken to have stopped retrying
    retry_wait: float = 30.0
    retry_limit: float = 300.0  # how long survives-failures fails deliveries at most
    short_lease: int = 5  # asked for by lease-expiry
    lease_wait: float = 120.0  # the longest granted lease lease-expiry waits out
    hub_restart: str | None = None  # the shell command that restarts the hub (restart)
    restart_timeout: float = 60.0  # for the command and for the hub to answer again
