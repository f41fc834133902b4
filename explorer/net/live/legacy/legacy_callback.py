"""The 2012 draft's HTTP callback (core 0.1-alpha §5.2.2) as a push transport.

Subscribing is one form POST of ``callbackURI=<our URL>`` to the Source's subscription
interface (through the one ``HubClient``: retries, 307/308, the exchange log). The Source
then POSTs Change Sets to that URL. The draft defines no verification of intent and no
signature, so the row says the subscription is unverified and unsigned; the URL's path is
an unguessable token (``new_callback_token``: 192 random bits), and a post to any other
path is the callback server's 404. It defines no unsubscription either: ``unsubscribe``
only stops accepting (the intake answers 410 once the row is final) and says so.

Deliveries arrive on the same callback server as WebSub's and go to the same intake, so
they are bounded, stored before the 2xx and shown like any change notification.
"""

from __future__ import annotations

from explorer.core.push.legacy_push import unverified_finding
from explorer.core.words.messages import said
from explorer.net.live import transports
from explorer.net.live.callback.callback_server import Delivery, Reply, reply_saying
from explorer.net.live.hub_discovery import DiscoveredChannel
from explorer.net.live.legacy.legacy_transport import LegacyTransportBase
from explorer.net.live.parts import LiveParts, TransportOptions
from explorer.net.live.subscription import Subscription

SECTION = "§5.2.2"
FORM_FIELD = "callbackURI"


class CallbackPush(LegacyTransportBase):
    """Subscriptions by the 2012 HTTP callback form; the callback server's target for them."""

    kind = transports.HTTP_CALLBACK_2012

    @classmethod
    def for_session(cls, parts: LiveParts, options: TransportOptions) -> CallbackPush:
        return cls(parts)

    async def subscribe_channel(
        self, channel: DiscoveredChannel, *, secret: str | None = None
    ) -> Subscription:
        """A discovered callback link: its href is the subscription interface."""
        if not channel.hub:
            return await self.cannot(channel.topic, "", "legacy_push.no-node")
        return await self.subscribe(channel.topic, channel.hub)

    async def subscribe(self, topic: str, hub: str | None = None) -> Subscription:
        """POST ``callbackURI`` to ``hub``, the subscription interface ``topic`` advertised."""
        if hub is None:
            raise ValueError("the HTTP callback form needs its subscription interface")
        sub = self.new_subscription(topic, hub)
        self.book.adopt(sub, self)
        await self.book.save(sub)
        answer = await self.parts.hub_client().post_form(
            hub, {FORM_FIELD: sub.callback_url}, "subscribe"
        )
        if answer.accepted:
            message = said(
                "legacy_push.subscribed-callback",
                url=sub.callback_url,
                interface=hub,
                section=SECTION,
            )
            await self.activate(sub, message, [*answer.findings, unverified_finding(hub)])
        else:
            status = answer.status if answer.status is not None else "nothing"
            why = answer.message or answer.error
            detail = said("legacy_push.detail", detail=why) if why else ""
            message = said(
                "legacy_push.subscribe-failed", interface=hub, status=status, detail=detail
            )
            await self.fail(sub, message, answer.findings)
        return sub

    async def unsubscribe(self, sub: Subscription | str, *, wait: bool = True) -> None:
        """No unsubscription is defined (§5.2.2): stop accepting, and say so."""
        await self.end(self.book.find(sub), said("legacy_push.no-unsubscription"))

    async def close(self, *, unsubscribe: bool = False) -> None:
        """Nothing runs between deliveries; ``unsubscribe`` ends every live row here."""
        if unsubscribe:
            for sub in list(self.mine.values()):
                if not sub.final:
                    await self.unsubscribe(sub)

    # --- the callback server's target (CallbackTarget) ----------------------------------

    async def on_verification(self, token: str, params: dict[str, bytes]) -> Reply:
        """The form has no verification of intent: a GET here matches nothing."""
        return reply_saying(404, "callback.reply-no-verification-2012")

    async def on_delivery(self, token: str, delivery: Delivery) -> Reply:
        return await self.intake.take(self.book.by_token[token], delivery)

    def on_refused(self, token: str, code: str, message: str) -> None:
        self.parts.refused(token, code, message)
