"""The 2012 draft's XMPP PubSub push (core 0.1-alpha §5.2.1, XEP-0060) as a push transport.

The explorer logs in with the user's own XMPP account (``XmppAccount``: JID and password,
the password never shown), subscribes its bare JID to the node at the service the link
names, and takes each published item's payload, a Change Set, to the same intake as a
WebSub delivery: bounded, stored, then shown with its diff. XMPP has no answer to a
published item, so the intake's reply is only logged when it is not a success. A
subscription's ``hub`` is the node as an XMPP URI (RFC 5122: ``xmpp:service?;node=N``)
and its ``callback_url`` is ``xmpp:`` and the JID, where the items are sent.

A lost connection is made again with the one ``RetryPolicy``; XEP-0060 keeps the bare
JID's subscriptions on the service, so they are asked for again only to be sure. Items
published while disconnected are not sent again by XEP-0060's default node settings.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
import xml.etree.ElementTree as ET
from typing import TYPE_CHECKING, Any

from explorer.core import catalog
from explorer.core.words.messages import Phrase, said, verbatim
from explorer.net.live import subscriber_events as ev
from explorer.net.live import transports
from explorer.net.live.callback.callback_server import Delivery
from explorer.net.live.hub_discovery import DiscoveredChannel
from explorer.net.live.legacy.legacy_transport import LegacyTransportBase
from explorer.net.live.legacy.xmpp_account import XmppAccount, XmppOptions, node_uri, parse_node_uri
from explorer.net.live.parts import LiveParts, TransportOptions
from explorer.net.live.subscription import State, Subscription

if TYPE_CHECKING:
    import slixmpp

SECTION = "§5.2.1"
STANZA_OVERHEAD = 8 * 1024  # the message and item elements around an item's payload
PENDING_LIMIT = 256
"""Items received but not yet stored; more are dropped (and said) rather than held."""


class XmppError(Exception):
    """The XMPP server could not be reached, refused the login, or refused a request:
    said as ``said`` (a catalog line), so every language can say it."""

    def __init__(self, said: Phrase) -> None:
        super().__init__(str(said))
        self.said = said


class XmppPush(LegacyTransportBase):
    """One XMPP session for every 2012 XMPP PubSub subscription of a run, made at the
    first subscription, as the account given (none yet: such a channel fails, saying so)."""

    kind = transports.XMPP_PUBSUB_2012

    def __init__(
        self,
        parts: LiveParts,
        account: XmppAccount | None = None,
        options: XmppOptions | None = None,
    ) -> None:
        super().__init__(parts)
        self.account = account
        self.options = options or XmppOptions()
        self._client: slixmpp.ClientXMPP | None = None
        self._by_node: dict[tuple[str, str], Subscription] = {}
        self._items: asyncio.Queue[tuple[Subscription, Delivery]] = asyncio.Queue(PENDING_LIMIT)
        self._consumer: asyncio.Task[None] | None = None
        self._reconnecting: asyncio.Task[None] | None = None
        self._closing = False

    @classmethod
    def for_session(cls, parts: LiveParts, options: TransportOptions) -> XmppPush:
        return cls(parts, options.xmpp_account, options.xmpp_options)

    async def use_xmpp_account(self, account: XmppAccount) -> None:
        """Channels are subscribed as ``account`` from now on (the window asks for it at
        the first one); another account replaces the session, which logs out."""
        if self.account == account:
            return
        if self.account is not None:
            await self.close()
        self.account = account
        self._by_node = {}
        self._items = asyncio.Queue(PENDING_LIMIT)
        self._consumer = self._reconnecting = None
        self._closing = False

    # --- PushTransport -------------------------------------------------------------------

    async def subscribe_channel(
        self, channel: DiscoveredChannel, *, secret: str | None = None
    ) -> Subscription:
        """A discovered XMPP link: its service and node, as the account given."""
        hub = channel.hub or ""
        if not channel.node:
            return await self.cannot(channel.topic, hub, "legacy_push.no-node")
        uri = node_uri(hub.removeprefix("xmpp:").strip("/"), channel.node)
        if self.account is None:
            return await self.cannot(channel.topic, uri, "legacy_push.xmpp-need-jid")
        return await self.subscribe(channel.topic, uri)

    async def subscribe(self, topic: str, hub: str | None = None) -> Subscription:
        """Subscribe the account to the node ``hub`` names (``node_uri``)."""
        if hub is None or self.account is None:
            raise ValueError("XMPP PubSub needs the node's URI and an account")
        sub = self.new_subscription(topic, hub, f"xmpp:{self.account.jid}")
        # Known by its token too (refusals name it), but not served: items come over XMPP.
        self.book.subscriptions[sub.id] = sub
        self.book.by_token[sub.callback_path] = sub
        await self.book.save(sub)
        try:
            service, node = parse_node_uri(hub)
            await self._session()
            await self._subscribe_node(service, node)
        except (ValueError, XmppError) as exc:
            await self.fail(sub, self._failure(hub, exc), [])
            return sub
        self._by_node[(service, node)] = sub
        message = said(
            "legacy_push.subscribed-xmpp",
            jid=self.account.jid,
            node=node,
            service=service,
            section=SECTION,
        )
        await self.activate(sub, message, [])
        return sub

    async def unsubscribe(self, sub: Subscription | str, *, wait: bool = True) -> None:
        """Ask the service to end the subscription; items for it are refused from now on."""
        sub = self.book.find(sub)
        if sub.final:
            return
        service, node = parse_node_uri(sub.hub)
        self._by_node.pop((service, node), None)
        sub.transition(State.UNSUBSCRIBING, None)
        await self.book.save(sub)
        try:
            await self._unsubscribe_node(service, node)
            reason = said("legacy_push.unsubscribed-xmpp", node=node, service=service)
        except XmppError as exc:
            reason = self._failure(sub.hub, exc)
        await self.end(sub, reason)

    async def close(self, *, unsubscribe: bool = False) -> None:
        """Unsubscribe (if asked), store what was received, then log out."""
        if unsubscribe:
            for sub in list(self._by_node.values()):
                await self.unsubscribe(sub)
        self._closing = True
        if self._reconnecting is not None:
            self._reconnecting.cancel()
        if self._consumer is not None:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.options.request_timeout):
                    await self._items.join()
            self._consumer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._consumer
        client, self._client = self._client, None
        if client is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(client.disconnect(), self.options.request_timeout)

    # --- the session ---------------------------------------------------------------------

    async def _session(self) -> slixmpp.ClientXMPP:
        if self._client is None:
            self._client = await self._connect()
            self._consumer = asyncio.ensure_future(self._consume())
        return self._client

    async def _connect(self) -> slixmpp.ClientXMPP:
        """Log in and send presence (so the service's messages reach us), within the
        request timeout; XmppError with the reason otherwise."""
        from explorer.net.live.legacy.xmpp_client import (
            BoundedClient,  # the XMPP library, when needed
        )

        account = self.account
        if account is None:
            raise XmppError(said("xmpp.not-connected"))
        context = ssl.create_default_context()
        if account.ca_bundle:
            context.load_verify_locations(cafile=account.ca_bundle)
        client = BoundedClient(account.jid, account.password, ssl_context=context)
        client.max_stanza = self.options.max_item_bytes + STANZA_OVERHEAD
        client.on_too_large = self._on_too_large
        client.enable_plaintext = False  # never log in without TLS
        if account.server is not None:  # a port given by hand: STARTTLS (RFC 6120 §5)
            client.enable_direct_tls = False
        client.register_plugin("xep_0030")
        client.register_plugin("xep_0060")
        started: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def settle(problem: Phrase | None) -> None:
            if not started.done():
                if problem is None:
                    started.set_result(None)
                else:
                    started.set_exception(XmppError(problem))

        client.add_event_handler("session_start", lambda _: settle(None))
        client.add_event_handler("failed_all_auth", lambda _: settle(said("xmpp.login-refused")))
        client.add_event_handler(
            "connection_failed", lambda exc: settle(said("xmpp.cannot-connect", reason=exc))
        )
        client.add_event_handler("disconnected", lambda _: settle(said("xmpp.stream-closed")))
        client.add_event_handler("pubsub_publish", self._on_publish)
        host, port = account.server if account.server else (None, None)
        try:
            async with asyncio.timeout(self.options.request_timeout):
                client.connect(host, port)
                await started
        except TimeoutError:
            client.cancel_connection_attempt()
            client.abort()
            raise XmppError(said("xmpp.no-session", seconds=self.options.request_timeout)) from None
        except XmppError:
            client.cancel_connection_attempt()
            client.abort()
            raise
        client.send_presence()
        client.add_event_handler("disconnected", self._on_disconnected)
        return client

    def _on_too_large(self, size: int) -> None:
        message = said("legacy_push.xmpp-too-large", size=size, limit=self.options.max_item_bytes)
        for sub in self._by_node.values():
            self.pipeline.emit(sub, ev.ERROR, flavour=sub.flavour, message=message)

    def _on_disconnected(self, _: object) -> None:
        if not self._closing and self._reconnecting is None:
            self._reconnecting = asyncio.ensure_future(self._reconnect())

    async def _reconnect(self) -> None:
        """Connect again with the retry policy; then ask for each live subscription again.
        Out of retries, every live subscription fails with the last reason."""
        self._client = None
        attempt, problem = 0, said("xmpp.connection-lost")
        try:
            while (delay := self.options.retry.delay(attempt + 1)) is not None:
                attempt += 1
                for sub in self._by_node.values():
                    lost = said("legacy_push.xmpp-lost", attempt=attempt)
                    self.pipeline.emit(sub, ev.ERROR, flavour=sub.flavour, message=lost)
                await asyncio.sleep(delay)
                try:
                    self._client = await self._connect()
                    for (service, node), sub in list(self._by_node.items()):
                        await self._subscribe_node(service, node)
                        back = said("legacy_push.xmpp-back", node=node, service=service)
                        self.pipeline.emit(
                            sub, ev.SUBSCRIBE_REQUESTED, flavour=sub.flavour, message=back
                        )
                    return
                except XmppError as exc:
                    problem = exc.said
                    client, self._client = self._client, None
                    if client is not None:  # connected, but the node was refused
                        client.abort()
            for key, sub in list(self._by_node.items()):
                del self._by_node[key]
                await self.fail(sub, self._failure(sub.hub, XmppError(problem)), [])
        finally:
            self._reconnecting = None

    async def _subscribe_node(self, service: str, node: str) -> None:
        await self._iq(lambda pubsub: pubsub.subscribe(service, node, bare=True))

    async def _unsubscribe_node(self, service: str, node: str) -> None:
        await self._iq(lambda pubsub: pubsub.unsubscribe(service, node, bare=True))

    async def _iq(self, request: Any) -> None:
        from slixmpp.exceptions import IqError, IqTimeout  # loaded with the client

        client = self._client
        if client is None:
            raise XmppError(said("xmpp.not-connected"))
        try:
            await request(client.plugin["xep_0060"])
        except IqError as exc:
            raise XmppError(said("xmpp.service-answered", condition=exc.condition)) from None
        except IqTimeout:
            raise XmppError(said("xmpp.no-answer", seconds=self.options.request_timeout)) from None

    # --- items -----------------------------------------------------------------------------

    def _on_publish(self, message: Any) -> None:
        """Each published item's payload, in arrival order, to the intake (via a queue,
        since slixmpp calls this synchronously)."""
        service = str(message["from"])
        items = message["pubsub_event"]["items"]
        sub = self._by_node.get((service, items["node"]))
        if sub is None or sub.final:
            return
        for item in items["substanzas"]:
            payload = item.xml[0] if len(item.xml) else None
            body = ET.tostring(payload, encoding="utf-8") if payload is not None else b""
            url = f"{node_uri(service, items['node'])};item={item['id']}"
            if len(body) > self.options.max_item_bytes:
                self.parts.refused(
                    sub.callback_path,
                    "websub.delivery-too-large",
                    catalog.text(
                        "xmpp.item-too-large", size=len(body), limit=self.options.max_item_bytes
                    ),
                )
                continue
            try:
                self._items.put_nowait((sub, Delivery.of(url, body, [], time.time())))
            except asyncio.QueueFull:
                self.pipeline.emit(sub, ev.ERROR, message=said("xmpp.queue-full", url=url))

    async def _consume(self) -> None:
        while True:
            sub, delivery = await self._items.get()
            try:
                reply = await self.intake.take(sub, delivery)
                if reply.status >= 300 and reply.status != 410:
                    self.pipeline.emit(sub, ev.ERROR, message=verbatim(reply.body.decode().strip()))
            finally:
                self._items.task_done()

    def _failure(self, where: str, exc: Exception) -> Phrase:
        problem = exc.said if isinstance(exc, XmppError) else verbatim(str(exc))
        return said("legacy_push.xmpp-failed", service=where, problem=problem)
