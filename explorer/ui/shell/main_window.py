"""The main window: the shell that composes the features.

``MainWindowWidgets`` builds and lays out the window; this class composes the features
around it: ``SourceController`` (explorer.ui.source.controller) opens Sources and moves
about in them, ``SettingsController`` runs Edit ▸ Settings…, the features listed in
``explorer.ui.shell.features`` fill their docks and add their actions through the
``Shell`` protocol (``explorer.ui.shared.shell``) this class implements,
``menu_actions`` says what the window's own actions do, ``window_state`` keeps the
geometry and docks and ``AddressHistory`` the addresses opened. The window owns no
I/O: every engine is reached through ``ExplorerServices``.

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
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import QRect, QSettings, Signal
from PySide6.QtGui import QAction, QCloseEvent, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QMenu, QWidget
from shiboken6 import isValid

from explorer.ui.shared.app_settings import AppSettings, load_settings
from explorer.ui.shared.plain_text import clip
from explorer.ui.shared.shell import STARTING, Key
from explorer.ui.shell import window_state
from explorer.ui.shell.address_history import AddressHistory
from explorer.ui.shell.deferred_build import focus_first
from explorer.ui.shell.main_window_widgets import MainWindowWidgets
from explorer.ui.shell.window_layout import DockBalancer

if TYPE_CHECKING:  # the engines are imported after the window shows (attach_services)
    import asyncio

    from explorer.core.findings import Finding, Severity
    from explorer.net.source.crawl_tree import CrawlResult, DocumentNode
    from explorer.ui.services import ExplorerServices
    from explorer.ui.settings.settings_dialog import SettingsDialog
    from explorer.ui.shared.tasks import TaskKeeper
    from explorer.ui.shell.settings_controller import SettingsController
    from explorer.ui.source.controller import SourceController
    from explorer.ui.source.source_tree import SourceTreeModel, TreeItem

log = logging.getLogger(__name__)
T = TypeVar("T")

FEATURE_ACTIONS = frozenset(
    {
        "open_folder",
        "export_report",
        "save_recording",
        "next_problem",
        "previous_problem",
        "signature",
    }
)
"""The window's own actions a feature gives its behaviour (``Shell.action``)."""


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
        self.auth_prompt: Any = None  # explorer.ui.source.auth_prompt.AuthPrompt, with the engines
        self._parts: dict[Key[Any], Any] = {}  # what the features published
        self._file_anchor: QAction | None = None  # the features' File actions go before it
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
        from explorer.ui.shared.tasks import TaskKeeper
        from explorer.ui.shell.settings_controller import SettingsController
        from explorer.ui.source.controller import SourceController

        self.build_content()
        self._tasks = TaskKeeper(self.show_error, owner=self)
        self.source = SourceController(self)
        self.settings_controller = SettingsController(
            self, self.settings, self._add_settings_pages, self._settings_accepted
        )
        self._connect_menu_actions()
        self.built = True

    def _connect_menu_actions(self) -> None:
        """What the window's own actions do (the features connect theirs)."""
        from explorer.ui.shell.help_menu import open_guide, show_shortcuts
        from explorer.ui.shell.menu_actions import copy_document_url, focus_address, show_about
        from explorer.ui.shell.window_state import reset_layout

        source = self.source
        for action, slot in (
            (self.address_action, lambda: focus_address(self)),
            (self.back_action, source.go_back),
            (self.forward_action, source.go_forward),
            (self.refresh_action, source.refresh),
            (self.rediscover_action, source.rediscover),
            (self.settings_action, self.settings_controller.show),
            (self.quit_action, self.quit_requested.emit),
            (self.find_action, self.document_view.focus_filter),
            (self.copy_url_action, lambda: copy_document_url(self)),
            (self.reset_layout_action, lambda: reset_layout(self)),
            (self.about_action, lambda: show_about(self)),
            (self.guide_action, lambda: open_guide(self)),
            (self.shortcuts_action, lambda: show_shortcuts(self)),
        ):
            action.triggered.connect(slot)

    def _add_settings_pages(self, dialog: SettingsDialog) -> None:
        if self.auth_prompt is not None:  # the credentials prompt's pages, with the engines
            self.auth_prompt.add_settings_pages(dialog)

    def _settings_accepted(self, values: AppSettings) -> None:
        self.preferences = values
        self.settings_applied.emit(values)

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
        self.tree_model = install_tree_model(self.tree, services.source.expand, self)
        services.source.crawl_progress.connect(self.progress.report)
        self.source.attach(services)
        if self.statusBar().currentMessage() == self.tr(STARTING):
            self.statusBar().clearMessage()
        self.auth_prompt = AuthPrompt(self, services)
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
        window_state.restore_state(self, self.settings, screen)

    def save_state(self) -> None:
        window_state.save_state(self, self.settings)

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

    def show_stored_source(self, result: CrawlResult, note: str, detail: str) -> bool:
        return self.source.show_stored(result, note, detail) is not None

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

    # --- the Shell protocol (explorer.ui.shared.shell), as the features see the window
    def widget(self) -> QWidget:
        return self

    def show_dock(self, name: str) -> None:
        dock = self.docks[name]
        dock.show()
        dock.raise_()

    def action(self, name: str) -> QAction:
        if name not in FEATURE_ACTIONS:
            raise LookupError(f"the window has no {name} action for a feature")
        found = getattr(self, f"{name}_action")
        assert isinstance(found, QAction)
        return found

    def add_action(self, menu: str, action: QAction, before: QAction | None = None) -> None:
        """File actions go in one group above Quit; other menus' at their end."""
        if menu == "file" and before is None:
            if self._file_anchor is None:
                self._file_anchor = self.menus["file"].insertSeparator(self.quit_action)
            before = self._file_anchor
        target = self.menus[menu]
        if before is None:
            target.addAction(action)
        else:
            target.insertAction(before, action)

    def extend_tree_menu(self, extension: Callable[[Any, str, str | None], object]) -> None:
        def for_documents(menu: QMenu, item: TreeItem) -> None:
            if item.doc is not None:
                extension(menu, item.url, item.capability)

        self.source.menu_extensions.append(for_documents)

    def selected_document(self) -> tuple[str, str | None] | None:
        item = self.selected_item()
        return (item.url, item.capability) if item is not None and item.doc is not None else None

    def navigate(
        self,
        url: str,
        finding: Finding | None = None,
        *,
        at_line: bool = True,
        entry: str | None = None,
    ) -> bool:
        return self.source.show_place(url, finding, at_line=at_line, entry=entry)

    def on_settings(self, apply: Callable[[AppSettings], object]) -> None:
        self.settings_applied.connect(apply)
        apply(self.preferences)

    def publish(self, key: Key[T], part: T) -> None:
        self._parts[key] = part

    def part(self, key: Key[T]) -> T:
        try:
            found: T = self._parts[key]
        except KeyError:
            raise LookupError(f"no feature published {key!r} before this one") from None
        return found

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


async def build_after_first_frame(window: MainWindow) -> None:
    """Wait for ``window``'s first paint (or its timeout), then complete it."""
    await window.first_frame()
    if window.built:
        return
    activated = window.focusWidget() is not None  # Qt focused the frame's first widget
    window.build_features()
    if activated:
        window.document_view.show()  # the layout would on its next turn; focus needs it now
        focus_first(window, stop=window.address)
