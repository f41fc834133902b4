"""Handing a URL to the desktop's browser: only http and https.

A Source names whatever URLs it likes. ``QDesktopServices.openUrl`` passes any scheme to
the desktop, which opens ``file:///etc/passwd`` in a file viewer, ``smb://`` on a share,
``javascript:`` or ``data:text/html,…`` in a browser tab. Every place that opens a URL
from outside goes through ``open_in_browser``, which refuses the other schemes and says
why.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtGui import QDesktopServices

from explorer.ui.shared.plain_text import clip

WEB_SCHEMES = frozenset({"http", "https"})


def web_url(url: str) -> QUrl | None:
    """``url`` as a ``QUrl`` when it is a valid http or https URL with a host, else None."""
    parsed = QUrl(url.strip(), QUrl.ParsingMode.StrictMode)
    if not parsed.isValid() or parsed.scheme().lower() not in WEB_SCHEMES or not parsed.host():
        return None
    return parsed


def open_in_browser(url: str, refuse: Callable[[str], object]) -> bool:
    """Open ``url`` in the desktop's browser if it is http or https; otherwise call
    ``refuse`` with a one-line message naming the cause and what to do instead."""
    parsed = web_url(url)
    if parsed is None:
        refuse(
            QCoreApplication.translate(
                "Browser",
                "not opened: {url} is not an http or https URL; only web addresses are "
                "handed to the browser (use Copy URL to see it)",
            ).format(url=clip(url, 200))
        )
        return False
    return bool(QDesktopServices.openUrl(parsed))
