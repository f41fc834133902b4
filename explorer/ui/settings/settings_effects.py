"""Putting the Settings into effect: at start-up and whenever the user accepts them.

The dialog only edits values; this is where they reach the engines: the fetch timeout
and retries, the callback server's address, port and public URL
(a change restarts it through ``ExplorerServices.start_callback_server``, which owns
what happens when a fixed port is taken), and the theme.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication

from explorer.net.http.fetcher import Timeouts
from explorer.ui.shared.app_settings import AppSettings
from explorer.ui.theme import apply_theme

if TYPE_CHECKING:
    from explorer.ui.services import ExplorerServices
    from explorer.ui.shared.shell import Shell

CONNECT_SECONDS = 5.0
TOTAL_SECONDS = 120.0


def fetch_timeouts(values: AppSettings) -> Timeouts:
    """The request timeout bounds the wait for an answer; connecting is capped lower and
    a whole request (a slow, large body) may take longer."""
    seconds = values.request_timeout
    return Timeouts(
        connect=min(CONNECT_SECONDS, seconds),
        read=seconds,
        total=max(TOTAL_SECONDS, seconds * 4),
    )


def apply_settings(window: Shell, services: ExplorerServices, values: AppSettings) -> None:
    """Everything that can change while the explorer runs; the language waits for the
    next start."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        apply_theme(app, values.theme)
    services.configure_fetcher(fetch_timeouts(values), values.retries)
    wanted = (values.callback_host, values.callback_port, values.public_url or None)
    running = (services.callback_host, services.callback_port, services.public_url or None)
    port_is_free_choice = values.callback_port == 0 and services.server is not None
    if (
        wanted[0] != running[0]
        or wanted[2] != running[2]
        or (wanted[1] != running[1] and not port_is_free_choice)
    ):
        window.spawn(services.start_callback_server(*wanted))
