"""One live session: what ``listen`` and the window both build to be pushed notifications.

``LiveSession`` owns the exchange log, the callback server, the shared parts of every
push transport (subscription book, delivery intake, event pipeline, lease timers), the
transports of the registry (``live.transports``), the forwarders, the recorder and the
change tracker. The front ends give it a ``LiveConfig`` and listeners, call ``start``,
subscribe and unsubscribe through it, and call ``stop``; none of them builds a server, a
subscriber, an intake or a forwarder itself.
"""

from __future__ import annotations

import asyncio
import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import httpx

from explorer.core.findings import Finding
from explorer.core.phrase import Phrase
from explorer.net.http.bounded_body import bounded_client
from explorer.net.http.fetcher import Fetcher
from explorer.net.http.network_access import NetworkAccess
from explorer.net.live import transports
from explorer.net.live.callback.callback_server import DEFAULT_MAX_BODY, CallbackServer
from explorer.net.live.callback_restart import (
    CallbackStart,
    move_stale_subscriptions,
    start_callback_server,
)
from explorer.net.live.forwarders import Forwarders
from explorer.net.live.forwarding.forwarder import Forwarder, ForwardTarget
from explorer.net.live.hub_discovery import DiscoveredChannel
from explorer.net.live.legacy.legacy_transport import end_unresumed
from explorer.net.live.legacy.xmpp_account import XmppAccount, XmppOptions
from explorer.net.live.parts import (
    LiveParts,
    SessionTransport,
    TakesXmppAccount,
    TransportOptions,
)
from explorer.net.live.probe_payloads import ProbePayloads
from explorer.net.live.push_transport import PushTransport
from explorer.net.live.recorder import Recorder
from explorer.net.live.refetch import ChangeTracker
from explorer.net.live.refetch_bounds import bounded_tracker
from explorer.net.live.subscriber import Subscriber, SubscriberConfig
from explorer.net.live.subscriber_events import SubscriberEvent
from explorer.net.live.subscription import FINAL_STATES, Subscription
from explorer.net.live.subscription_book import ViewsListener
from explorer.net.store.channel_sets import ChannelSet, remember_set, sets_of
from explorer.net.store.database import Store
from explorer.net.store.exchange_log import ExchangeLog

PRIME_WAIT = 20.0
"""Seconds the feed's first diffs after a start wait for the priming of resumed channels
(their deliveries are answered and stored meanwhile); then they go out without it."""


def transport_class(entry: transports.TransportEntry) -> type[SessionTransport]:
    """The class a registry line names (imported now: XMPP's library only at its login)."""
    module, _, name = entry.implementation.partition(":")
    made: type[SessionTransport] = getattr(importlib.import_module(module), name)
    return made


def _stored_sets(store: Store) -> list[ChannelSet]:
    """The sets of resources the stored subscriptions that may still deliver belong to."""
    rows = store.subscriptions()
    topics = [row["topic"] for row in rows if row["state"] not in FINAL_STATES]
    return sets_of(store.path, topics)


class CannotListen(OSError):
    """The callback server could not listen where it was asked to."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.errno, error.strerror)
        self.error = error


@dataclass(frozen=True, slots=True)
class LiveConfig:
    """Where to listen and how to subscribe; each front end fills it from its options."""

    host: str = "127.0.0.1"
    port: int | None = None  # None: where stored subscriptions are called back, else any
    public_url: str | None = None  # None: the stored one, else the server's own URL
    max_body: int = DEFAULT_MAX_BODY
    subscriber: SubscriberConfig = field(default_factory=SubscriberConfig)
    access: NetworkAccess | None = None  # credentials, proxy and TLS for hubs and refetches
    xmpp_account: XmppAccount | None = None
    xmpp_options: XmppOptions | None = None
    record: Path | None = None  # a recording of the session (``listen --record``)
    forward_to: ForwardTarget | None = None  # every subscription's deliveries forwarded
    any_port_if_taken: bool = False  # an asked port that is taken: listen anywhere, say so
    move_in_background: bool = False  # moving stale subscriptions does not hold up start
    move_secret: str | None = None  # the hub.secret of subscriptions made again by a move


class LiveObserver(Protocol):
    """What a front end is told while the session starts, to say it its own way."""

    def server_started(self, notes: list[Phrase]) -> None: ...

    def recording_started(self, path: Path) -> None: ...

    def forwarding_started(self, forwarder: Forwarder) -> None: ...

    def transports_started(self) -> None: ...

    def recording_full(self, limit: int) -> None: ...

    def priming_failed(self, problems: list[Finding]) -> None: ...


class LiveSession:
    """Starts and stops the live side in the one right order.

    ``start``:

    1. the callback server (on the stored subscriptions' port and public URL when none
       is asked for; ``CannotListen`` otherwise), logging into the exchange log;
    2. the recorder (``config.record``), hooked to the exchange log before any request;
    3. the change tracker (unless given) and the hub requests' client;
    4. the transports' shared parts, with the listeners given so far;
    5. rows of transports that do not resume after a restart are ended, so no transport
       restores them as its own;
    6. the forwarders: their outbox is ready and hooked to the intake before any
       delivery can be taken, and what an earlier run left starts draining;
    7. the change tracker is primed, in the background, for the sets of resources of the
       stored subscriptions (``prime``: what an earlier run primed them from), and the
       feed's diffs wait for it, a bounded time;
    8. the event pipeline, then every transport of the registry (WebSub restores its
       stored subscriptions: from here their callbacks are answered);
    9. stale subscriptions (their callback URL changed) are subscribed again, awaited
       or in the background (``config.move_in_background``).

    ``stop`` undoes it backwards: the move and the priming are cancelled, the transports
    close (no more deliveries taken), the shared parts publish what is queued and stop
    their threads, then the forwarders, the tracker and the client this session made
    close, the server stops, the recorder writes what is queued, and the listeners are
    let go (nothing on the loop keeps a front end's objects alive).

    The exchange log, the tracker and the forwarders may be given: the window keeps them
    across restarts of its callback server and closes them itself.
    """

    def __init__(
        self,
        store: Store,
        config: LiveConfig,
        *,
        exchange_log: ExchangeLog | None = None,
        tracker: ChangeTracker | None = None,
        forwarders: Forwarders | None = None,
        probe_payloads: ProbePayloads | None = None,
        observer: LiveObserver | None = None,
    ) -> None:
        self.store = store
        self.config = config
        self.exchange_log = exchange_log if exchange_log is not None else ExchangeLog(store)
        self.tracker = tracker
        self._own_tracker = tracker is None
        self.forwarders = forwarders if forwarders is not None else Forwarders()
        self._own_forwarders = forwarders is None
        self.probe_payloads = probe_payloads
        self.observer = observer
        self.listeners: list[
            Callable[[SubscriberEvent], None]
        ] = []  # every event, in order (add before ``start``)
        self.view_listeners: list[ViewsListener] = []  # fresh views after each change
        self.notes: list[Phrase] = []  # why the server is not where it was before
        self.port_refused: OSError | None = None  # the asked port, when it was taken
        self.server: CallbackServer | None = None
        self.recorder: Recorder | None = None
        self.parts: LiveParts | None = None
        self.transports: dict[str, SessionTransport] = {}
        self._client: httpx.AsyncClient | None = None
        self._moving: asyncio.Task[Any] | None = None
        self._priming: dict[str, asyncio.Task[list[Finding]]] = {}  # by Capability List

    # --- lifecycle ----------------------------------------------------------------------

    async def start(self) -> None:
        config = self.config
        self.server = await self._listen()
        if self.observer is not None:
            self.observer.server_started(self.notes)
        if config.record is not None:
            self.recorder = Recorder(config.record, self.store, on_full=self._recording_full)
            self.exchange_log.listeners.append(self.recorder.logged)
            self.listeners.append(self.recorder.event)
            if self.observer is not None:
                self.observer.recording_started(config.record)
        if self.tracker is None:
            self.tracker = bounded_tracker(config.access, self.on_fetch)
        tracker = self.tracker
        self._client = client = bounded_client(
            config.subscriber.request_timeout, access=config.access
        )
        parts = LiveParts.build(
            self.store,
            self.server,
            exchange_log=self.exchange_log,
            settings=lambda: config.subscriber,
            client=lambda: client,
            enrich=tracker.enrich,  # sets each change notification's diff
            refetch=tracker.refetch,  # framework diffs: later, as diff events
            probe_payloads=self.probe_payloads,
        )
        parts.pipeline.listeners.extend(self.listeners)
        self.listeners = parts.pipeline.listeners
        parts.book.view_listeners.extend(self.view_listeners)
        self.view_listeners = parts.book.view_listeners
        self.parts = parts
        await end_unresumed(self.store)
        if config.forward_to is not None:
            forwarder = await self.forwarders.start(self.store, config.forward_to)
            if self.observer is not None:
                self.observer.forwarding_started(forwarder)
        self.forwarders.attach(parts.intake)
        await self._prime_stored()
        options = TransportOptions(config.subscriber, config.xmpp_account, config.xmpp_options)
        self.transports = {
            entry.facts.kind: transport_class(entry).for_session(parts, options)
            for entry in transports.REGISTRY
        }
        parts.pipeline.start()
        for transport in self.transports.values():
            await transport.start()
        if self.observer is not None:
            self.observer.transports_started()
        moving = move_stale_subscriptions(self.subscriber, secret=config.move_secret)
        if config.move_in_background:
            self._moving = asyncio.create_task(moving)
        else:
            await moving

    async def stop(self) -> None:
        """Stop what ``start`` started (also after a start that failed part way)."""
        if self._moving is not None:
            moving, self._moving = self._moving, None
            moving.cancel()
            await asyncio.gather(moving, return_exceptions=True)
        priming, self._priming = list(self._priming.values()), {}
        for task in priming:
            task.cancel()
        await asyncio.gather(*priming, return_exceptions=True)
        for transport in reversed(list(self.transports.values())):
            await transport.close()
        self.transports = {}
        parts, self.parts = self.parts, None
        if parts is not None:
            await parts.close()
        self.forwarders.detach()
        if self._own_forwarders:
            await self.forwarders.close()
        if self._own_tracker and self.tracker is not None:
            await self.tracker.aclose()
        client, self._client = self._client, None
        if client is not None:
            await client.aclose()
        server, self.server = self.server, None
        if server is not None:
            await server.stop()
        recorder, self.recorder = self.recorder, None
        if recorder is not None:
            self.exchange_log.listeners.remove(recorder.logged)
            recorder.close()
        self.listeners.clear()
        self.view_listeners.clear()

    async def _listen(self) -> CallbackServer:
        config = self.config
        try:
            started = await self._start_server(config.port)
        except OSError as exc:
            if not config.any_port_if_taken or config.port is None:
                raise CannotListen(exc) from exc
            self.port_refused = exc
            started = await self._start_server(None)
        self.notes = list(started.notes)
        return started.server

    async def _start_server(self, port: int | None) -> CallbackStart:
        config = self.config
        return await start_callback_server(
            self.store,
            config.host,
            port,
            config.public_url,
            exchange_log=self.exchange_log,
            max_body=config.max_body,
        )

    def _recording_full(self, limit: int) -> None:
        if self.observer is not None:
            self.observer.recording_full(limit)

    @property
    def on_fetch(self) -> Callable[..., None] | None:
        """The hook a ``Fetcher`` of this session calls with each exchange (the recording's)."""
        return self.recorder.fetched if self.recorder is not None else None

    # --- priming ------------------------------------------------------------------------

    async def prime(
        self, capability_list: str, change_topic: str | None, topics: list[str]
    ) -> list[Finding]:
        """Teach the change tracker a set of resources before its notifications arrive, so
        the first 'updated' one already has a before (and framework diffs an earlier
        version); what went wrong. ``topics``: the channels of the set, remembered in the
        store so a later start primes them again when it resumes them. Each Capability
        List is read once per session: a second call waits for the first and says
        nothing (its problems were told once, to that caller or the ``observer``)."""
        channel_set = ChannelSet(capability_list, change_topic)
        await asyncio.to_thread(remember_set, self.store.path, topics, channel_set)
        first = capability_list not in self._priming
        problems = await self._priming_of(channel_set)
        return problems if first else []

    def _priming_of(self, channel_set: ChannelSet) -> asyncio.Task[list[Finding]]:
        task = self._priming.get(channel_set.capability_list)
        if task is None:
            task = asyncio.create_task(self._read_set(channel_set))
            self._priming[channel_set.capability_list] = task
        return task

    async def _read_set(self, channel_set: ChannelSet) -> list[Finding]:
        assert self.tracker is not None
        async with Fetcher(
            timeout=30.0, retries=1, access=self.config.access, on_exchange=self.on_fetch
        ) as fetcher:
            return await self.tracker.prime(
                channel_set.capability_list, fetcher, topic=channel_set.change_topic
            )

    async def _prime_stored(self) -> None:
        """Prime, in the background, the sets of the subscriptions a start resumes; the
        feed's first diffs wait for it (``PRIME_WAIT`` at most), the hub's answers never."""
        channel_sets = await asyncio.to_thread(_stored_sets, self.store)
        if not channel_sets:
            return
        work = asyncio.gather(*(self._priming_of(item) for item in channel_sets))
        work.add_done_callback(self._primed_stored)
        assert self.parts is not None
        self.parts.pipeline.enrich_after(work, PRIME_WAIT)

    def _primed_stored(self, work: asyncio.Future[list[list[Finding]]]) -> None:
        """What the background priming could not read, told to the front end (a stop that
        cancelled it says nothing; an error only leaves diffs without a before)."""
        if work.cancelled() or work.exception() is not None:
            return
        problems = [item for found in work.result() for item in found]
        if problems and self.observer is not None:
            self.observer.priming_failed(problems)

    # --- subscriptions ------------------------------------------------------------------

    @property
    def subscriber(self) -> Subscriber:
        """WebSub's transport (resumes, moves and abandons stored subscriptions)."""
        websub = self.transports[transports.WEBSUB]
        assert isinstance(websub, Subscriber)
        return websub

    def transport_of(self, sub: Subscription) -> PushTransport:
        """The transport that made ``sub`` (by its registry kind)."""
        return self.transports[transports.entry(sub.transport).facts.kind]

    async def subscribe_channel(
        self, channel: DiscoveredChannel, *, secret: str | None = None
    ) -> Subscription:
        """Subscribe to a discovered channel through the transport of its form."""
        transport = self.transports[transports.entry(channel.form).facts.kind]
        return await transport.subscribe_channel(channel, secret=secret)

    async def unsubscribe(self, sub: Subscription | str, *, wait: bool = True) -> None:
        sub = self.subscriber.book.find(sub)
        await self.transport_of(sub).unsubscribe(sub, wait=wait)

    async def renew(self, sub: Subscription | str) -> None:
        """Renew a lease now (a transport without leases does nothing)."""
        sub = self.subscriber.book.find(sub)
        await self.transport_of(sub).renew(sub)

    async def use_xmpp_account(self, account: XmppAccount) -> None:
        """Subscribe to XMPP channels as ``account`` from now on."""
        for kind, transport in self.transports.items():
            needs = transports.facts(kind).needs_xmpp_account
            if needs and isinstance(transport, TakesXmppAccount):
                await transport.use_xmpp_account(account)
