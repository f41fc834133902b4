"""The two 2012 push transports behind one door, for ``listen`` (and any other caller).

A discovered channel carries its form (``DiscoveredChannel.form``); this routes it to the
transport of that form, and routes a subscription back by its ``flavour``. WebSub channels
never come here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core import catalog
from explorer.core.push.legacy_push import CALLBACK, FORMS, XMPP
from explorer.net.live.hub_discovery import DiscoveredChannel
from explorer.net.live.legacy.legacy_callback import CallbackPush
from explorer.net.live.legacy.legacy_transport import LegacyTransportBase, end_leftovers
from explorer.net.live.legacy.xmpp_account import XmppAccount, XmppOptions, node_uri
from explorer.net.live.subscriber import Subscriber
from explorer.net.live.subscription import Subscription

if TYPE_CHECKING:
    from explorer.net.live.legacy.xmpp_push import XmppPush


class LegacyTransports:
    """The HTTP callback transport always; the XMPP one when an account is given."""

    def __init__(
        self,
        subscriber: Subscriber,
        account: XmppAccount | None = None,
        options: XmppOptions | None = None,
    ) -> None:
        self.subscriber = subscriber
        self.callback = CallbackPush(subscriber)
        self.xmpp: XmppPush | None = None
        if account is not None:
            self.xmpp = _xmpp_push(subscriber, account, options)

    async def start(self) -> None:
        """Before ``Subscriber.start``: end the 2012 rows an earlier run left live."""
        await end_leftovers(self.subscriber)

    async def use_xmpp_account(
        self, account: XmppAccount, options: XmppOptions | None = None
    ) -> None:
        """XMPP channels are subscribed as ``account`` from now on (the window asks for it at
        the first one); another account replaces the session, which logs out."""
        if self.xmpp is not None:
            if self.xmpp.account == account:
                return
            await self.xmpp.close()
        self.xmpp = _xmpp_push(self.subscriber, account, options)

    @staticmethod
    def owns(sub: Subscription) -> bool:
        return sub.flavour in FORMS

    async def subscribe_discovered(self, channel: DiscoveredChannel) -> Subscription:
        """Subscribe by the channel's form; a channel this run cannot take fails, saying why."""
        if channel.form == CALLBACK and channel.hub:
            return await self.callback.subscribe(channel.topic, channel.hub)
        hub = channel.hub or ""
        if channel.form == XMPP and channel.node:
            uri = node_uri(hub.removeprefix("xmpp:").strip("/"), channel.node)
            if self.xmpp is not None:
                return await self.xmpp.subscribe(channel.topic, uri)
            return await self._cannot(channel.topic, uri, XMPP, "legacy_push.xmpp-need-jid")
        return await self._cannot(channel.topic, hub, XMPP, "legacy_push.no-node")

    async def unsubscribe(self, sub: Subscription) -> None:
        await self._transport(sub).unsubscribe(sub)

    async def close(self, *, unsubscribe: bool = False) -> None:
        await self.callback.close(unsubscribe=unsubscribe)
        if self.xmpp is not None:
            await self.xmpp.close(unsubscribe=unsubscribe)

    def _transport(self, sub: Subscription) -> CallbackPush | XmppPush:
        if sub.flavour == XMPP and self.xmpp is not None:
            return self.xmpp
        return self.callback  # an XMPP row without a session can only be ended here

    async def _cannot(self, topic: str, hub: str, form: str, key: str) -> Subscription:
        base: LegacyTransportBase = self.callback
        sub = base.new_subscription(topic, hub, form, "")
        base.book.subscriptions[sub.id] = sub
        await base.fail(sub, catalog.text(key), [])
        return sub


def _xmpp_push(
    subscriber: Subscriber, account: XmppAccount, options: XmppOptions | None
) -> XmppPush:
    """The XMPP transport; the XMPP library loads only for a run that needs it."""
    from explorer.net.live.legacy.xmpp_push import XmppPush

    return XmppPush(subscriber, account, options)
