"""How a live session subscribes: leases, secrets, hub requests and their retries, the
deadlines of verifications. Apart from the subscriber so that every transport's shared
parts (``parts``) read it without importing WebSub's transport."""

from __future__ import annotations

from dataclasses import dataclass

from explorer.net.http.retry_policy import RetryPolicy
from explorer.net.live.hub_client import HubRequestOptions


@dataclass(frozen=True, slots=True)
class SubscriberConfig:
    """Tunables; the defaults suit real hubs, tests shorten the times."""

    lease_seconds: int | None = None  # hub.lease_seconds to ask for; None lets the hub choose
    use_secret: bool = True  # generate a hub.secret per subscription (WebSub §5.1, §8.2)
    verify_mode: str | None = None  # hub.verify to send ("sync"/"async") for PuSH 0.4 hubs
    renew_fraction: float = 0.8
    min_renew_delay: float = 5.0  # renew no more often than this, however short the lease
    request_timeout: float = 15.0  # one hub request, connect to last byte
    retries: int = 4  # extra attempts after a 5xx or a network error
    backoff: float = 0.5  # first retry delay; doubles each attempt, with jitter
    max_backoff: float = 30.0  # longest wait, and the longest Retry-After honoured
    max_redirects: int = 5
    verification_timeout: float = 120.0
    inline_parse_bytes: int = 256 * 1024  # larger bodies are parsed in a worker thread

    def hub_requests(self) -> HubRequestOptions:
        """How hub requests are made under this config (retried, with jittered backoff)."""
        retry = RetryPolicy(
            self.retries,
            self.backoff,
            max_retry_after=self.max_backoff,
            max_backoff=self.max_backoff,
            jitter=True,
        )
        return HubRequestOptions(self.request_timeout, retry, self.max_redirects)
