"""Whether the Celery broker answers, asked through kombu (Celery's own transport layer),
so ``fleet init`` refuses a broker URL no worker could use, naming it (password masked)
rather than leaving the first worker to fail on it hours later."""

from __future__ import annotations

from explorer.core.fleet.dsn import masked_dsn
from explorer.core.said_error import SaidError

CONNECT_TIMEOUT = 5.0


class BrokerUnreachable(SaidError, ConnectionError):
    """The broker does not answer (or its URL names no transport kombu has)."""


def check_broker(url: str) -> None:
    """Connect once to the broker at ``url``; ``BrokerUnreachable`` naming it if it fails."""
    try:
        from kombu import Connection
    except ImportError:  # the default install: the fleet extra brings Celery and kombu
        raise BrokerUnreachable("fleet.db.no-driver") from None
    try:
        # kombu has no type hints
        with Connection(url, connect_timeout=CONNECT_TIMEOUT) as connection:  # type: ignore[no-untyped-call]
            connection.ensure_connection(max_retries=1, interval_start=0, interval_step=0)
    except Exception as exc:  # kombu raises its own, the transport's or a KeyError
        reason = (str(exc).strip().splitlines() or [type(exc).__name__])[-1]
        raise BrokerUnreachable(
            "fleet.broker.unreachable", broker=masked_dsn(url), reason=masked_dsn(reason)
        ) from None
