"""The parts every push transport of a session shares, made once and handed to each.

A transport subscribes and stops in its own way; what it does with what it receives is
the same for all: rows through the ``SubscriptionBook`` (committed before announced),
deliveries through the ``DeliveryIntake`` (checks, store, then the acknowledgement, then
the sinks), events through the ``EventPipeline``, and hub requests through the one
``HubClient``. ``LiveSession`` makes these parts and gives them to every transport, so
no transport borrows another's.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import httpx

from explorer.core.findings import finding
from explorer.core.words.messages import finding_words
from explorer.net.live import subscriber_events as ev
from explorer.net.live.callback.callback_server import CallbackServer
from explorer.net.live.delivery_intake import DeliveryIntake
from explorer.net.live.event_pipeline import Enrich, EventPipeline, Refetch
from explorer.net.live.hub_client import HubClient
from explorer.net.live.lease_schedule import LeaseSchedule
from explorer.net.live.probe_payloads import ProbePayloads
from explorer.net.live.push_transport import PushTransport
from explorer.net.live.subscriber_config import SubscriberConfig
from explorer.net.live.subscription_book import SubscriptionBook
from explorer.net.store.database import Store
from explorer.net.store.exchange_log import ExchangeLog

if TYPE_CHECKING:
    from explorer.net.live.legacy.xmpp_account import XmppAccount, XmppOptions


@dataclass(frozen=True, slots=True)
class TransportOptions:
    """What a transport is told besides the shared parts."""

    config: SubscriberConfig  # hub requests, leases, secrets, verification deadlines
    xmpp_account: XmppAccount | None = None  # who the explorer is on XMPP, when given
    xmpp_options: XmppOptions | None = None  # bounds of the XMPP session


@dataclass(eq=False)
class LiveParts:
    """One store's and one callback server's shared live machinery."""

    store: Store
    server: CallbackServer
    exchange_log: ExchangeLog
    workers: ThreadPoolExecutor  # checks of large deliveries, the tracker's enrichment
    pipeline: EventPipeline
    book: SubscriptionBook
    intake: DeliveryIntake
    leases: LeaseSchedule
    settings: Callable[[], SubscriberConfig]  # read at each use: settings may change
    client: Callable[[], httpx.AsyncClient]  # hub requests' client (made on first use)

    @classmethod
    def build(
        cls,
        store: Store,
        server: CallbackServer,
        *,
        exchange_log: ExchangeLog,
        settings: Callable[[], SubscriberConfig],
        client: Callable[[], httpx.AsyncClient],
        enrich: Enrich | None = None,
        refetch: Refetch | None = None,
        probe_payloads: ProbePayloads | None = None,
    ) -> LiveParts:
        workers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="explorer-check")
        pipeline = EventPipeline(workers, enrich, refetch)
        book = SubscriptionBook(store, server)
        pipeline.state_of = book.state_of  # events say a restored subscription's doubt
        intake = DeliveryIntake(
            store,
            pipeline.emit,
            workers,
            inline_parse_bytes=lambda: settings().inline_parse_bytes,
            probe_payloads=probe_payloads,
            decode=server.decode,
            unverified_quota=server.max_body,  # unsigned bodies: one at the largest, in all
        )
        leases = LeaseSchedule(
            lambda: settings().renew_fraction, lambda: settings().min_renew_delay
        )
        return cls(
            store,
            server,
            exchange_log,
            workers,
            pipeline,
            book,
            intake,
            leases,
            settings,
            client,
        )

    def hub_client(self) -> HubClient:
        """Made at each request: settings may change on a running session."""
        return HubClient(self.client(), self.exchange_log, self.settings().hub_requests())

    def refused(self, token: str, code: str, message: str) -> None:
        """A delivery the callback server (or a transport's own bound) refused unread."""
        sub = self.book.by_token[token]
        refused = finding(code, message, params={"detail": message})
        self.pipeline.emit(sub, ev.ERROR, message=finding_words(refused), findings=[refused])

    async def close(self) -> None:
        """After every transport closed: wait for changes on their way to their events,
        stop the lease timers, publish what is queued, then stop the worker threads."""
        await self.book.wait_quiet(self.settings().request_timeout)
        await self.leases.close()
        await self.pipeline.close()
        self.workers.shutdown(wait=True)


class SessionTransport(PushTransport, Protocol):
    """A ``PushTransport`` a ``LiveSession`` can make: each class of the registry."""

    @classmethod
    def for_session(cls, parts: LiveParts, options: TransportOptions) -> SessionTransport:
        """The transport on a session's shared parts (book, intake, pipeline, hub client)."""
        ...


@runtime_checkable
class TakesXmppAccount(Protocol):
    """A transport whose facts say it needs an XMPP account, told a new one."""

    async def use_xmpp_account(self, account: XmppAccount) -> None: ...
