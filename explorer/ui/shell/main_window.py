"""The main window: the shell that composes the features.

``MainWindowWidgets`` builds and lays out the window; this class composes the features
around it: ``SourceController`` (explorer.ui.source.controller) opens Sources and moves
about in them, ``SettingsController`` runs Edit ▸ Settings…, the live panels fill the
docks (``explorer.ui.shell.panels``), ``menu_actions`` says what the window's own
actions do, ``window_state`` keeps the geometry and docks and ``AddressHistory`` the
addresses opened. The window owns no I/O: every engine is reached through
``ExplorerServices``.

The window is built in two steps so that it shows before the engines exist: the shell
(menus, address bar, document view, empty docks) imports only Qt and the pure core;
``attach_services`` then wires in the engines, whose imports (httpx, aiohttp) take most
of a second. Addresses asked for in between wait for them. At start-up the shell's
first frame is lighter still (``light``: no document view, controllers or asyncio yet),
completed by ``build_features`` right after it (``explorer.ui.shell.deferred_build``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRect, QSettings, Signal
from PySide6.QtGui import QCloseEvent, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QMenu
from shiboken6 import isValid

from explorer.ui.settings.app_settings import AppSettings, load_settings
from explorer.ui.shared.plain_text import clip
from explorer.ui.shell import window_state
from explorer.ui.shell.address_history import AddressHistory
from explorer.ui.shell.main_window_widgets import STARTING, MainWindowWidgets
from explorer.ui.shell.window_layout import DockBalancer

if TYPE_CHECKING:  # the engines are imported after the window shows (attach_services)
    import asyncio

    from explorer.core.findings import Severity
    from explorer.net.source.crawl_tree import DocumentNode
    from explorer.ui.services import ExplorerServices
    from explorer.ui.settings.settings_controller import SettingsController
    from explorer.ui.settings.settings_dialog import SettingsDialog
    from explorer.ui.shared.tasks import TaskKeeper
    from explorer.ui.source.controller import SourceController
    from explorer.ui.source.source_tree import SourceTreeModel, TreeItem

log = logging.getLogger(__name__)


class MainWindow(MainWindowWidgets):
    """The explorer's one window. ``quit_requested`` asks the app to shut down cleanly.

    Without ``services`` it is the shell that start-up shows first; ``tree_model`` and
    the live panels exist once ``attach_services`` (and ``install_panels``) ran. With
    ``light`` the shell is only the frame for the first paint, and the document view and
    controllers come with ``build_features`` (``explorer.ui.shell.deferred_build``).
    """

    quit_requested = Signal()
    source_opened = Signal(str)  # Source Description URL
    settings_applied = Signal(object)  # AppSettings, after the user accepted Settings
    tree_model: SourceTreeModel
    source: SourceController
    settings_controller: SettingsController
    _tasks: TaskKeeper

    def __init__(
        self,
        services: ExplorerServices | None = None,
        settings: QSettings | None = None,
        *,
        light: bool = False,
    ) -> None:
        super().__init__()
        self.services: ExplorerServices | None = None
        self._engines_ready: asyncio.Event | None = None
        self.built = False  # build_features ran
        self.painted = False  # the first frame has been drawn
        self._paint_waiters: list[Callable[[], object]] = []
        self.settings = settings or QSettings()
        self.preferences: AppSettings = load_settings(self.settings)
        self.setWindowTitle(self.tr("ResourceSync Explorer"))
        self.panels: Any = None  # explorer.ui.shell.panels.Panels once installed
        self.watchdog: Any = None  # explorer.ui.watchdog.watchdog_panel.WatchdogPanel, with them
        self.auth_prompt: Any = None  # explorer.ui.source.auth_prompt.AuthPrompt, with the engines
        self.demo_menu: QMenu | None = None
        self.address_history = AddressHistory(self.address, self.settings)
        self.dock_balancer = DockBalancer(self, self.all_docks())
        if not light:
            self.build_features()
        if services is None:
            self.statusBar().showMessage(self.tr(STARTING))
        else:
            self.attach_services(services)

    def build_features(self) -> None:
        """The document view and the controllers behind the address bar, the tree and
        the actions: all that the first frame does not need."""
        from explorer.ui.settings.settings_controller import SettingsController
        from explorer.ui.shared.tasks import TaskKeeper
        from explorer.ui.shell.menu_actions import connect_menu_actions
        from explorer.ui.source.controller import SourceController

        self.build_content()
        self._tasks = TaskKeeper(self.show_error)
        self.source = SourceController(self)
        self.settings_controller = SettingsController(self)
        connect_menu_actions(self)
        self.built = True

    @property
    def engines_ready(self) -> asyncio.Event:
        """Set once ``attach_services`` ran (made on first use: asyncio loads after the
        first frame)."""
        if self._engines_ready is None:
            import asyncio

            self._engines_ready = asyncio.Event()
        return self._engines_ready

    def attach_services(self, services: ExplorerServices) -> None:
        """Wire the started engines into the window: the tree's model, the crawl signals;
        addresses that waited for them go ahead."""
        from explorer.ui.source.auth_prompt import AuthPrompt
        from explorer.ui.source.source_tree import install_tree_model

        self.services = services
        self.tree_model = install_tree_model(self.tree, services.expand, self)
        services.crawl_progress.connect(self.progress.report)
        self.source.attach(services)
        if self.statusBar().currentMessage() == self.tr(STARTING):
            self.statusBar().clearMessage()
        self.auth_prompt = AuthPrompt(self, services)
        from explorer.ui.history.time_actions import TimeActions

        self.time_actions = TimeActions(self, services)
        self.engines_ready.set()

    async def first_frame(self, timeout: float = 1.0) -> None:
        """Return once the window has painted its first frame (or after ``timeout``, for a
        window the platform never exposes): start-up work that holds the event loop goes
        after this, so the window is on screen while it runs."""
        import asyncio

        if self.painted:
            return
        loop = asyncio.get_running_loop()
        done = asyncio.Event()
        self._paint_waiters.append(lambda: loop.call_soon(done.set))  # once it is flushed
        try:
            await asyncio.wait_for(done.wait(), timeout)
        except TimeoutError:
            log.info("no paint within %.1f s; going on", timeout)

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if not self.painted:
            self.painted = True
            for wake in self._paint_waiters:
                wake()
            self._paint_waiters.clear()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Docks keep their share of the window as it grows or shrinks."""
        super().resizeEvent(event)
        if self.isVisible():
            self.dock_balancer.window_resized()

    def install_demo_menu(self, faults: Any, descriptions: dict[str, str]) -> QMenu:
        """A Demo menu switching the embedded demo's faults, before the Help menu."""
        from explorer.ui.shell.demo_menu import build_demo_menu

        self.demo_menu = build_demo_menu(self, faults, descriptions)
        self.menuBar().insertMenu(self.help_menu.menuAction(), self.demo_menu)
        return self.demo_menu

    # --- geometry, docks and settings
    def restore_state(self, screen: QRect | None = None) -> None:
        """The saved geometry and docks; on first launch a size that fits ``screen``
        (the available geometry of the screen the window opens on, by default)."""
        window_state.restore_state(self, screen)

    def save_state(self) -> None:
        window_state.save_state(self)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_state()
        event.accept()
        self.quit_requested.emit()

    def show_settings(self) -> SettingsDialog:
        return self.settings_controller.show()

    # --- messages and tasks
    def show_error(
        self, text: str, severity: Severity | None = None, details: str | None = None
    ) -> None:
        """Non-modal: a message strip plus the status bar (never a modal dialog); an
        error unless ``severity`` says otherwise; ``details`` wait behind the strip's
        Details toggle."""
        from explorer.core.findings import Severity  # not before the first frame

        severity = Severity.ERROR if severity is None else severity
        log.info("%s: %s", severity, text)
        if not isValid(self):  # a task that ended after the window closed
            return
        self.messages.show_message(text, severity, details)
        self.statusBar().showMessage(clip(text.split("\n", 1)[0]), 10_000)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` as a task whose failure becomes a message, not a lost exception."""
        return self._tasks.spawn(coro)

    # --- the Source, for the app, the self-test and the tests
    def open_url(self, url: str, select: str | None = None) -> asyncio.Task[Any] | None:
        return self.source.open_url(url, select)

    async def open_source(self, url: str, select: str | None = None) -> TreeItem | None:
        return await self.source.open_source(url, select)

    async def engines(self) -> ExplorerServices:
        return await self.source.engines()

    def selected_item(self) -> TreeItem | None:
        return self.source.selected_item()

    def rediscover(self) -> None:
        self.source.rediscover()

    def tree_menu(self, item: TreeItem) -> QMenu:
        return self.source.tree_menu(item)

    async def subscribe(self, topic: str, hub: str | None, capability: str | None) -> None:
        await self.source.subscribe(topic, hub, capability)

    async def show_all_entries(self, doc: DocumentNode) -> int:
        return await self.source.show_all_entries(doc)

    def shutdown(self) -> None:
        """Cancel every task the window started, before the engines are closed."""
        if not self.built:  # closed before its first frame: no task was started
            return
        self._tasks.cancel_all()
        self.progress.cancel()
        if self.services is not None:
            self.tree_model.cancel()
        self.document_view.cancel()
        if self.panels is not None:
            self.panels.feed.cancel()
