"""How a subscription row names its push form: WebSub's flavours as they are, the 2012
draft's two forms (core 0.1-alpha §5.2) by name, with the reminder that they hold no
lease, so a reader of the row knows what kind of subscription it is."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from explorer.core.push.legacy_push import CALLBACK, XMPP
from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP

FORM_NAMES = {
    XMPP: QT_TRANSLATE_NOOP("PushFormText", "XMPP PubSub (2012 draft)"),
    CALLBACK: QT_TRANSLATE_NOOP("PushFormText", "HTTP callback (2012 draft)"),
}
NO_LEASE = QT_TRANSLATE_NOOP("PushFormText", "none: the 2012 draft has no lease")


def flavour_text(flavour: str | None) -> str:
    name = FORM_NAMES.get(flavour or "")
    return QCoreApplication.translate("PushFormText", name) if name else flavour or ""


def no_lease_text(flavour: str | None) -> str | None:
    """Why a 2012 form's row has no lease; None for WebSub's."""
    return QCoreApplication.translate("PushFormText", NO_LEASE) if flavour in FORM_NAMES else None
