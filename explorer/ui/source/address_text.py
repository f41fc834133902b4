"""What the address bar says about a typed address: the scheme it assumed, and a failure
with one cause in one line (the words of ``explorer.core.addresses``, in the window's
language)."""

from __future__ import annotations

from urllib.parse import urlsplit

from PySide6.QtCore import QCoreApplication

from explorer.core.addresses import HTTP, HTTPS, REFUSED, TIMEOUT, UNKNOWN_HOST, TypedAddress
from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP

CAUSES = {
    REFUSED: QT_TRANSLATE_NOOP("AddressText", "nothing listens on {host}:{port}"),
    UNKNOWN_HOST: QT_TRANSLATE_NOOP("AddressText", "unknown host {host}: check the spelling"),
    TIMEOUT: QT_TRANSLATE_NOOP("AddressText", "{host}:{port} did not answer in time"),
}


def assumption_text(address: TypedAddress) -> str:
    if address.assumed == HTTP:
        return QCoreApplication.translate(
            "AddressText", "no scheme given: opened {url} (http for a loopback or private host)"
        ).format(url=address.url)
    return QCoreApplication.translate("AddressText", "no scheme given: opened {url}").format(
        url=address.url
    )


def cause_text(url: str, cause: str) -> str:
    """One cause of failure at ``url``'s host, e.g. "nothing listens on 127.0.0.1:45096"."""
    parts = urlsplit(url)
    host = parts.hostname or url
    try:
        port = parts.port or (443 if parts.scheme == HTTPS else 80)
    except ValueError:
        port = 0
    template = CAUSES.get(cause, "{host}")
    shown = f"[{host}]" if ":" in host else host
    return QCoreApplication.translate("AddressText", template).format(host=shown, port=port)
