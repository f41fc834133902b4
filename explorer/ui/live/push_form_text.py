"""How a subscription row names its push transport: WebSub's hub dialect as it is, the
2012 draft's two forms (core 0.1-alpha §5.2) by name, with the reminder that a transport
without leases holds none, so a reader of the row knows what kind of subscription it is."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.net.live import transports
from explorer.net.live.subscription import SubscriptionView

FORM_NAMES = {  # by registry kind; WebSub's rows show their hub's dialect instead
    transports.XMPP_PUBSUB_2012: QT_TRANSLATE_NOOP("PushFormText", "XMPP PubSub (2012 draft)"),
    transports.HTTP_CALLBACK_2012: QT_TRANSLATE_NOOP("PushFormText", "HTTP callback (2012 draft)"),
}
NO_LEASE = QT_TRANSLATE_NOOP("PushFormText", "none: the 2012 draft has no lease")


def flavour_text(view: SubscriptionView) -> str:
    name = FORM_NAMES.get(view.transport)
    return QCoreApplication.translate("PushFormText", name) if name else view.dialect or ""


def no_lease_text(view: SubscriptionView) -> str | None:
    """Why the row of a transport without leases has none; None for one with leases."""
    if transports.facts(view.transport).leases:
        return None
    return QCoreApplication.translate("PushFormText", NO_LEASE)
