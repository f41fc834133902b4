"""The main window: address bar, Source tree dock, document view and the live docks.

The window owns no I/O: it asks ``ExplorerServices`` (explorer/ui/services.py) to
discover, fetch, subscribe and so on, and draws what comes back. Every long job runs
as a task behind the status-bar progress indicator.

The window is built in two steps so that it shows before the engines exist: the shell
(menus, address bar, document view, empty docks) imports only Qt and the pure core;
``attach_services`` then wires in the engines, whose imports (httpx, aiohttp) take most
of a second. Addresses asked for in between wait for them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QPoint,
    QRect,
    QSettings,
    QSize,
    Qt,
    QUrl,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDesktopServices,
    QGuiApplication,
    QKeySequence,
    QPaintEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QFrame,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMenu,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QToolBar,
    QTreeView,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from explorer.core.findings import Severity
from explorer.core.translation_marks import QT_TRANSLATE_NOOP
from explorer.ui.settings.app_settings import AppSettings, load_settings, save_settings
from explorer.ui.shared.feedback import confirm
from explorer.ui.shared.plain_text import PlainLabel, clip, tooltip_text
from explorer.ui.shared.progress import ProgressIndicator
from explorer.ui.shared.tasks import TaskKeeper
from explorer.ui.shared.wording import count_text
from explorer.ui.shell.message_bar import MessageBar
from explorer.ui.shell.navigation import NavigationHistory, Place
from explorer.ui.shell.window_layout import (
    DEFAULT_SIZE,
    DOCK_MINIMUMS,
    MINIMUM_WINDOW,
    DockBalancer,
    first_launch_geometry,
)
from explorer.ui.source.document_view import DocumentView

if TYPE_CHECKING:  # the engines are imported after the window shows (attach_services)
    from explorer.net.crawl_tree import CrawlResult, DocumentNode
    from explorer.ui.services import ExplorerServices
    from explorer.ui.source.source_tree import SourceTreeModel, TreeItem

log = logging.getLogger(__name__)
HISTORY_KEY = "address/history"
HISTORY_SIZE = 20
STARTING = QT_TRANSLATE_NOOP("MainWindow", "starting engines…")
ROUTE_TEXT = {  # keyed by explorer.net.discovery.Route values (a StrEnum: equal to these)
    "well-known": QT_TRANSLATE_NOOP("MainWindow", "found via /.well-known/resourcesync"),
    "link-header": QT_TRANSLATE_NOOP(
        "MainWindow", "found via an HTTP Link header (rel=resourcesync)"
    ),
    "html-link": QT_TRANSLATE_NOOP("MainWindow", 'found via an HTML <link rel="resourcesync">'),
    "robots": QT_TRANSLATE_NOOP("MainWindow", "found via robots.txt Sitemap lines"),
    "direct": QT_TRANSLATE_NOOP("MainWindow", "the address is a ResourceSync document"),
}
"""Shown through ``route_text``, in the interface language."""
ROUTE_NAMES = {  # the same keys: each route as the tooltip of the address lists it
    "direct": QT_TRANSLATE_NOOP("MainWindow", "the address"),
    "link-header": QT_TRANSLATE_NOOP("MainWindow", "Link header"),
    "html-link": QT_TRANSLATE_NOOP("MainWindow", "HTML link"),
    "well-known": QT_TRANSLATE_NOOP("MainWindow", "/.well-known/resourcesync"),
    "robots": QT_TRANSLATE_NOOP("MainWindow", "robots.txt"),
}
SOURCE_LEVEL = frozenset({"description", "capabilitylist"})
"""Capabilities whose entries are documents of the Source, not resources to check."""
SCROLLED_PANELS = frozenset({"SubscriptionsDock", "HubWorkbenchDock"})
"""Panels with many controls, put in a scroll area so that their dock can be smaller than
them on a laptop screen instead of drawing over its neighbours."""
DUMPS = frozenset({"resourcedump", "changedump"})
"""Capabilities with packages a dump check can download (core 1.1 §10, §14)."""
PANEL_DOCKS = (  # (title, object name, area), filled by explorer.ui.shell.panels.install_panels
    (
        QT_TRANSLATE_NOOP("MainWindow", "Subscriptions"),
        "SubscriptionsDock",
        Qt.DockWidgetArea.RightDockWidgetArea,
    ),
    (
        QT_TRANSLATE_NOOP("MainWindow", "Live feed"),
        "FeedDock",
        Qt.DockWidgetArea.BottomDockWidgetArea,
    ),
    (
        QT_TRANSLATE_NOOP("MainWindow", "HTTP inspector"),
        "InspectorDock",
        Qt.DockWidgetArea.BottomDockWidgetArea,
    ),
    (
        QT_TRANSLATE_NOOP("MainWindow", "Hub workbench"),
        "HubWorkbenchDock",
        Qt.DockWidgetArea.BottomDockWidgetArea,
    ),
)


def route_text(route: object) -> str:
    """How the Source Description was found, in the interface language."""
    known = ROUTE_TEXT.get(str(route))
    if known is None:
        return QCoreApplication.translate("MainWindow", "found via {route}").format(route=route)
    return QCoreApplication.translate("MainWindow", known)


def discovery_text(result: CrawlResult) -> tuple[str, str]:
    """A short outcome for the address bar and every route tried for its tooltip."""
    discovery = result.discovery
    names = {
        route: QCoreApplication.translate("MainWindow", name) for route, name in ROUTE_NAMES.items()
    }
    tried = "\n".join(
        f"{'✓' if a.ok else '✗'} {names.get(str(a.route), a.route)}: {a.url} — {a.detail}"
        for a in discovery.attempts
    )
    if tried:
        tried = QCoreApplication.translate("MainWindow", "Discovery routes tried:") + "\n" + tried
    if discovery.route is None:
        return QCoreApplication.translate("MainWindow", "no Source Description found"), tried
    return route_text(discovery.route), tried


def start_problem(url: str, result: CrawlResult) -> str | None:
    """Why the address itself was not what opened: a document URL that failed (a 404, a
    typo) while another route found the Source. None when the address was used."""
    discovery = result.discovery
    if result.root is None or discovery.route == "direct":
        return None
    start = discovery.fetched.get(url)
    if start is None or start.ok:
        return None
    return QCoreApplication.translate(
        "MainWindow",
        "{url} could not be read ({error}); showing instead the Source Description "
        "that was {route}.",
    ).format(url=url, error=start.describe_error(), route=route_text(discovery.route))


def unreadable_start(result: CrawlResult) -> bool:
    """The address answered with a body that is not HTML yet no route could read it as
    a ResourceSync document: most likely broken XML, worth showing as text."""
    discovery = result.discovery
    start = discovery.fetched.get(discovery.start_url)
    direct = next((a for a in discovery.attempts if a.route == "direct"), None)
    return (
        start is not None
        and start.ok
        and (start.content_type or "") not in ("text/html", "application/xhtml+xml")
        and direct is not None
        and not direct.ok
    )


def _being_read(node: DocumentNode) -> bool:
    """Fetching, or fetched and still being parsed (no document and no parse finding yet)."""
    from explorer.net.crawl_tree import NodeState

    return node.state is NodeState.LOADING or (
        node.state is NodeState.LOADED
        and node.document is None
        and not any(f.code.startswith("parse.") for f in node.findings)
    )


class MainWindow(QMainWindow):
    """The explorer's one window. ``quit_requested`` asks the app to shut down cleanly.

    Without ``services`` it is the shell that start-up shows first; ``tree_model`` and
    the live panels exist once ``attach_services`` (and ``install_panels``) ran.
    """

    quit_requested = Signal()
    source_opened = Signal(str)  # Source Description URL
    settings_applied = Signal(object)  # AppSettings, after the user accepted Settings
    tree_model: SourceTreeModel

    def __init__(
        self, services: ExplorerServices | None = None, settings: QSettings | None = None
    ) -> None:
        super().__init__()
        self.services: ExplorerServices | None = None
        self.engines_ready = asyncio.Event()
        self.painted = False  # the first frame has been drawn
        self._paint_waiters: list[Callable[[], object]] = []
        self.settings = settings or QSettings()
        self.preferences: AppSettings = load_settings(self.settings)
        self.navigation = NavigationHistory()
        self._navigating = False  # Back/Forward in progress: do not record a visit
        self._source_address: str | None = None  # the address the open Source came from
        self.setWindowTitle(self.tr("ResourceSync Explorer"))
        self.setObjectName("MainWindow")
        self.setMinimumSize(MINIMUM_WINDOW)
        self.setDockNestingEnabled(True)
        self._tasks = TaskKeeper(self.show_error)
        self.panels: Any = None  # explorer.ui.shell.panels.Panels once installed
        self._opening: tuple[str, asyncio.Task[Any]] | None = None
        self._settings_dialog: Any = None
        self.auth_prompt: Any = None  # explorer.ui.source.auth_prompt.AuthPrompt, with the engines
        self.demo_menu: QMenu | None = None

        self.messages = MessageBar()
        self.document_view = DocumentView()
        self.document_view.link_activated.connect(self.open_url)
        central = QWidget()
        central.setMinimumSize(QSize(200, 160))
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.messages)
        layout.addWidget(self.document_view, 1)
        self.setCentralWidget(central)

        self.progress = ProgressIndicator()
        self.statusBar().addPermanentWidget(self.progress)
        self._create_actions()
        self._build_address_bar()
        self._build_tree()
        self._build_panel_docks()
        self._build_menus()
        self.dock_balancer = DockBalancer(self, self._all_docks())
        self._update_navigation()
        if services is None:
            self.statusBar().showMessage(self.tr(STARTING))
        else:
            self.attach_services(services)

    def attach_services(self, services: ExplorerServices) -> None:
        """Wire the started engines into the window: the tree's model, the crawl signals;
        addresses that waited for them go ahead."""
        from explorer.ui.source.source_tree import BadgeDelegate, SourceTreeModel

        self.services = services
        self.tree_model = SourceTreeModel(services.expand, self)
        self.tree_model.node_loaded.connect(self._item_loaded)
        services.node_updated.connect(self._node_updated)
        services.crawl_progress.connect(self.progress.report)
        self.tree.setModel(self.tree_model)
        self.tree.setItemDelegateForColumn(1, BadgeDelegate(self.tree))
        self.tree.header().setStretchLastSection(False)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        self.tree.header().resizeSection(1, 64)
        self.tree.selectionModel().currentChanged.connect(self._node_selected)
        self.tree.customContextMenuRequested.connect(self._tree_menu)
        if self.statusBar().currentMessage() == self.tr(STARTING):
            self.statusBar().clearMessage()
        from explorer.ui.source.auth_prompt import AuthPrompt

        self.auth_prompt = AuthPrompt(self, services)
        self.engines_ready.set()

    async def first_frame(self, timeout: float = 1.0) -> None:
        """Return once the window has painted its first frame (or after ``timeout``, for a
        window the platform never exposes): start-up work that holds the event loop goes
        after this, so the window is on screen while it runs."""
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

    # --- construction
    def _create_actions(self) -> None:
        """Every action of the window, each key sequence owned by exactly one of them
        (tests/ui/test_desktop_conventions.py collects them and fails on a collision)."""
        style = self.style()
        icon = style.standardIcon
        pixmap = style.StandardPixmap

        def action(
            text: str, shortcuts: list[str], slot: Any, tip: str, icon_name: Any = None
        ) -> QAction:
            item = QAction(text, self)
            item.setShortcuts([QKeySequence(key) for key in shortcuts])
            if shortcuts:
                native = QKeySequence.SequenceFormat.NativeText
                tip = f"{tip} ({QKeySequence(shortcuts[0]).toString(native)})"
            item.setToolTip(tip)
            item.setStatusTip(tip)
            if icon_name is not None:
                item.setIcon(icon(icon_name))
            item.triggered.connect(slot)
            self.addAction(item)
            return item

        self.address_action = action(
            self.tr("Go to address"), ["Ctrl+L"], self.focus_address, self.tr("Type a Source URL")
        )
        self.back_action = action(
            self.tr("Back"),
            ["Alt+Left"],
            self.go_back,
            self.tr("Back to the previous document or Source"),
            pixmap.SP_ArrowBack,
        )
        self.forward_action = action(
            self.tr("Forward"),
            ["Alt+Right"],
            self.go_forward,
            self.tr("Forward again"),
            pixmap.SP_ArrowForward,
        )
        self.refresh_action = action(
            self.tr("Refresh document"),
            ["F5", "Ctrl+R"],
            self.refresh,
            self.tr("Fetch the open document again, keeping your place in the tree"),
            pixmap.SP_BrowserReload,
        )
        self.rediscover_action = action(
            self.tr("Re-discover Source"),
            ["Shift+F5", "Ctrl+Shift+R"],
            self.rediscover,
            self.tr("Discover and load the whole Source again"),
            pixmap.SP_FileDialogContentsView,
        )
        self.settings_action = action(
            self.tr("Settings…"),
            ["Ctrl+,"],
            self.show_settings,
            self.tr("Network, live side and appearance settings"),
            pixmap.SP_FileDialogDetailedView,
        )
        self.quit_action = action(
            self.tr("Quit"), ["Ctrl+Q"], self.quit_requested.emit, self.tr("Quit")
        )
        self.find_action = action(
            self.tr("Filter entries"),
            ["Ctrl+F"],
            self.focus_filter,
            self.tr("Filter the entries table"),
        )
        self.copy_url_action = action(
            self.tr("Copy document URL"),
            ["Ctrl+Shift+C"],
            self.copy_document_url,
            self.tr("Copy the open document's URL"),
        )
        self.reset_layout_action = action(
            self.tr("Reset layout"),
            [],
            self.reset_layout,
            self.tr("Put every panel back where it started"),
        )

    def _build_address_bar(self) -> None:
        bar = QToolBar(self.tr("Navigation"))
        bar.setObjectName("AddressBar")
        bar.setMovable(False)
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
        self.toolbar = bar
        self.address = QComboBox()
        self.address.setEditable(True)
        self.address.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.address.setMinimumContentsLength(24)
        self.address.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.address.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.address.setAccessibleName(self.tr("Address"))
        address_line = self.address.lineEdit()
        assert address_line is not None  # the address box is editable
        address_line.setPlaceholderText(
            self.tr("Source URL: site root, document or resource (Ctrl+L)")
        )
        self.address.addItems(self._history())
        self.address.setCurrentText("")
        address_line.returnPressed.connect(lambda: self.open_url(self.address.currentText()))
        self.address.activated.connect(self._history_chosen)
        go = QPushButton(self.tr("Open"))
        go.setAccessibleName(self.tr("Open address"))
        go.setToolTip(self.tr("Discover and open the Source at this address (Return)"))
        go.clicked.connect(lambda: self.open_url(self.address.currentText()))
        self.discovery_label = PlainLabel()
        self.discovery_label.setAccessibleName(self.tr("Discovery outcome"))
        self.discovery_label.setMaximumWidth(320)
        for item in (self.back_action, self.forward_action, self.refresh_action):
            bar.addAction(item)
        bar.addWidget(self.address)
        bar.addWidget(go)
        bar.addAction(self.rediscover_action)
        bar.addSeparator()
        bar.addWidget(self.discovery_label)
        bar.addSeparator()
        bar.addAction(self.settings_action)
        self.addToolBar(bar)

    def _build_tree(self) -> None:
        """The tree view; its model comes with the engines (``attach_services``)."""
        self.tree = QTreeView()
        self.tree.setUniformRowHeights(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.setIndentation(14)  # deep trees keep their titles readable in a narrow dock
        self.tree.setAccessibleName(self.tr("Source tree"))
        self.tree_dock = self.add_dock(
            self.tr("Source"), "SourceDock", self.tree, Qt.DockWidgetArea.LeftDockWidgetArea
        )

    def _build_panel_docks(self) -> None:
        """The live docks, laid out and restorable before their panels exist: each holds
        a placeholder until ``set_panel`` puts the real panel in."""
        self.docks: dict[str, QDockWidget] = {}
        for title, name, area in PANEL_DOCKS:
            placeholder = QLabel(self.tr(STARTING))
            placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
            placeholder.setEnabled(False)
            self.docks[name] = self.add_dock(self.tr(title), name, placeholder, area)
        self._tabify_bottom()

    def _tabify_bottom(self) -> None:
        feed, inspector, workbench = (
            self.docks[name] for name in ("FeedDock", "InspectorDock", "HubWorkbenchDock")
        )
        self.tabifyDockWidget(feed, inspector)
        self.tabifyDockWidget(inspector, workbench)
        feed.raise_()

    def _all_docks(self) -> list[QDockWidget]:
        return [self.tree_dock, *self.docks.values()]

    def set_panel(self, name: str, widget: QWidget) -> QDockWidget:
        """Put a panel into its dock (one of ``PANEL_DOCKS``), replacing the placeholder."""
        dock = self.docks[name]
        placeholder = dock.widget()
        if name in SCROLLED_PANELS:  # their controls would not shrink: scroll instead
            area = QScrollArea()
            area.setWidgetResizable(True)
            area.setFrameShape(QFrame.Shape.NoFrame)
            area.setWidget(widget)
            dock.setWidget(area)
        else:
            dock.setWidget(widget)
        if placeholder is not None:
            placeholder.deleteLater()
        return dock

    def _build_menus(self) -> None:
        menu_bar = self.menuBar()
        file_menu = menu_bar.addMenu(self.tr("&File"))
        file_menu.addAction(self.address_action)
        file_menu.addAction(self.refresh_action)
        file_menu.addAction(self.rediscover_action)
        file_menu.addSeparator()
        file_menu.addAction(self.quit_action)
        edit_menu = menu_bar.addMenu(self.tr("&Edit"))
        edit_menu.addAction(self.find_action)
        edit_menu.addAction(self.copy_url_action)
        edit_menu.addSeparator()
        edit_menu.addAction(self.settings_action)
        go_menu = menu_bar.addMenu(self.tr("&Go"))
        go_menu.addAction(self.back_action)
        go_menu.addAction(self.forward_action)
        self.view_menu = menu_bar.addMenu(self.tr("&View"))
        for dock in self._all_docks():  # not findChildren: it wraps every widget (10 ms)
            self.view_menu.addAction(dock.toggleViewAction())
        self.view_menu.addAction(self.toolbar.toggleViewAction())
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.reset_layout_action)
        self.help_menu = menu_bar.addMenu(self.tr("&Help"))
        self.help_menu.addAction(self.tr("&About ResourceSync Explorer"), self.show_about)
        for menu in (file_menu, edit_menu, go_menu, self.view_menu):
            menu.setToolTipsVisible(True)

    def install_demo_menu(self, faults: Any, descriptions: dict[str, str]) -> QMenu:
        """A Demo menu whose checkable entries switch the embedded demo's faults
        (``explorer.demo.faults``) while it runs."""
        menu = QMenu(self.tr("&Demo"), self)
        menu.setToolTipsVisible(True)
        faults_menu = menu.addMenu(self.tr("Faults"))
        faults_menu.setToolTipsVisible(True)
        for name, description in descriptions.items():
            entry = faults_menu.addAction(name)
            entry.setCheckable(True)
            entry.setChecked(name in faults)
            entry.setToolTip(QCoreApplication.translate("DemoFaults", description))
            entry.toggled.connect(lambda on, fault=name: self._set_fault(faults, fault, on))
        clear = menu.addAction(self.tr("Switch every fault off"))

        def switch_all_off() -> None:
            for action in faults_menu.actions():
                action.setChecked(False)

        clear.triggered.connect(switch_all_off)
        self.menuBar().insertMenu(self.help_menu.menuAction(), menu)
        self.demo_menu = menu
        return menu

    def _set_fault(self, faults: Any, name: str, on: bool) -> None:
        faults.set(name, on)
        text = self.tr("demo fault {name} on") if on else self.tr("demo fault {name} off")
        confirm(self, text.format(name=name))

    def show_about(self) -> None:
        from explorer.ui.shell.about import show_about  # not needed for the first frame

        show_about(self)

    def add_dock(
        self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea
    ) -> QDockWidget:
        """Add a restorable dock (its object name keys the saved state)."""
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setAccessibleName(title)
        minimum = DOCK_MINIMUMS.get(name)
        if minimum is not None:
            dock.setMinimumSize(minimum)
        self.addDockWidget(area, dock)
        if hasattr(self, "view_menu"):
            self.view_menu.addAction(dock.toggleViewAction())
        return dock

    # --- settings
    def _history(self) -> list[str]:
        value = self.settings.value(HISTORY_KEY, [])
        if isinstance(value, str):
            return [value]
        return [str(item) for item in value] if isinstance(value, list) else []

    def remember(self, url: str) -> None:
        history = [url] + [item for item in self._history() if item != url]
        self.settings.setValue(HISTORY_KEY, history[:HISTORY_SIZE])
        self.address.blockSignals(True)
        self.address.clear()
        self.address.addItems(history[:HISTORY_SIZE])
        self.address.setCurrentText(url)
        self.address.blockSignals(False)

    def restore_state(self, screen: QRect | None = None) -> None:
        """The saved geometry and docks; on first launch a size that fits ``screen``
        (the available geometry of the screen the window opens on, by default)."""
        geometry = self.settings.value("window/geometry")
        if geometry is None or not self.restoreGeometry(geometry):
            self.setGeometry(first_launch_geometry(screen or self._available_geometry()))
        state = self.settings.value("window/state")
        if state is None or not self.restoreState(state):
            self._default_dock_sizes()

    def _available_geometry(self) -> QRect:
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            return QRect(QPoint(0, 0), DEFAULT_SIZE)
        return screen.availableGeometry()

    def _default_dock_sizes(self) -> None:
        """First start: the tree and subscriptions a quarter of the width each, the
        bottom docks a third of the height."""
        width, height = self.width(), self.height()
        self.resizeDocks(
            [self.tree_dock, self.docks["SubscriptionsDock"]],
            [max(width // 4, 260), max(width // 4, 260)],
            Qt.Orientation.Horizontal,
        )
        self.resizeDocks([self.docks["FeedDock"]], [height // 3], Qt.Orientation.Vertical)

    def reset_layout(self) -> None:
        """Every dock back in its first-launch place and size, shown and docked."""
        areas = {"SourceDock": Qt.DockWidgetArea.LeftDockWidgetArea}
        areas.update({name: area for _title, name, area in PANEL_DOCKS})
        for dock in self._all_docks():
            dock.setFloating(False)
            self.removeDockWidget(dock)
        for dock in self._all_docks():
            self.addDockWidget(areas[dock.objectName()], dock)
            dock.show()
        self._tabify_bottom()
        self.toolbar.show()
        self._default_dock_sizes()
        confirm(self, self.tr("layout reset"))

    def save_state(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_state()
        event.accept()
        self.quit_requested.emit()

    def show_settings(self) -> Any:
        """The Settings dialog, opened without a nested event loop (GUIDE §4)."""
        from explorer.ui.settings.settings_dialog import SettingsDialog
        from explorer.ui.settings.settings_pages import AppearancePage, GeneralPage, LivePage

        if self._settings_dialog is not None:
            self._settings_dialog.raise_()
            return self._settings_dialog
        values = load_settings(self.settings)
        dialog = SettingsDialog(self)
        dialog.add_page(self.tr("General"), GeneralPage(values))
        dialog.add_page(self.tr("Live"), LivePage(values))
        dialog.add_page(self.tr("Appearance"), AppearancePage(values))
        if self.auth_prompt is not None:
            self.auth_prompt.add_settings_pages(dialog)
        dialog.applied.connect(lambda: self.apply_settings(values))
        dialog.finished.connect(self._settings_closed)
        self._settings_dialog = dialog
        dialog.open()
        return dialog

    def _settings_closed(self) -> None:
        if self._settings_dialog is not None:
            self._settings_dialog.deleteLater()
            self._settings_dialog = None

    def apply_settings(self, values: AppSettings) -> None:
        """Store the preferences and put them into effect (``explorer.ui.app`` wires what
        needs the engines to ``settings_applied``)."""
        save_settings(self.settings, values)
        self.preferences = values
        self.settings_applied.emit(values)
        confirm(self, self.tr("settings saved"))

    # --- messages and tasks
    def show_error(self, text: str, severity: Severity = Severity.ERROR) -> None:
        """Non-modal: a message strip plus the status bar (never a modal dialog)."""
        log.info("%s: %s", severity, text)
        if not isValid(self):  # a task that ended after the window closed
            return
        self.messages.show_message(text, severity)
        self.statusBar().showMessage(clip(text.split("\n", 1)[0]), 10_000)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` as a task whose failure becomes a message, not a lost exception."""
        return self._tasks.spawn(coro)

    # --- address bar and tree
    def focus_address(self) -> None:
        self.address.setFocus()
        address_line = self.address.lineEdit()
        if address_line is not None:
            address_line.selectAll()

    def focus_filter(self) -> None:
        self.document_view.focus_filter()

    def copy_document_url(self) -> None:
        url = self.document_view.url
        if url:
            QGuiApplication.clipboard().setText(url)
            confirm(self, self.tr("copied {url}").format(url=url))

    def _history_chosen(self, index: int) -> None:
        """Picking an address from the drop-down opens it."""
        url = self.address.itemText(index)
        if url:
            self.open_url(url)

    def open_url(self, url: str, select: str | None = None) -> asyncio.Task[Any] | None:
        """Open the Source at ``url``; then show the document ``select`` if it is in it."""
        url = url.strip()
        if not url:
            return None
        if self._opening is not None and not self._opening[1].done():
            if self._opening[0] == url:  # the same request twice (Return reaches us twice)
                return self._opening[1]
            self._opening[1].cancel()
        task = self.spawn(self.open_source(url, select))
        self._opening = (url, task)
        return task

    async def engines(self) -> ExplorerServices:
        """The engines, once started (an address typed while they start waits here)."""
        if self.services is None:
            await self.engines_ready.wait()
        assert self.services is not None
        return self.services

    async def open_source(
        self, url: str, select: str | None = None, expanded: set[str] | None = None
    ) -> TreeItem | None:
        """Discover the Source Description from any URL, crawl it to the Capability Lists
        and show it as the tree's root. A failure leaves the Source already open as it
        was, and says why; an address that is a broken document opens as text."""
        self.remember(url)
        try:
            if self.services is None:
                self.discovery_label.setText(
                    self.tr("waiting: {state}").format(state=self.tr(STARTING))
                )
            services = await self.engines()
            self.discovery_label.setText(self.tr("discovering…"))
            result = await self.progress.run(
                self.tr("Opening {url}").format(url=url), services.crawl(url)
            )
        except asyncio.CancelledError:
            self.discovery_label.setText(self.tr("cancelled"))
            return None
        self.auth_prompt.check_source(result, lambda: self.open_url(url, select))
        summary, tried = discovery_text(result)
        self.discovery_label.setText(summary)
        self.discovery_label.setToolTip(tooltip_text(tried))
        broken = unreadable_start(result)
        if result.root is None:
            if broken:
                await self.show_unreadable(url)
                return None
            text = self.tr("No ResourceSync document found from {url}.").format(url=url)
            if self.tree_model.roots:
                text += self.tr(" The Source already open stays open.")
            self.show_error(f"{text}\n{tried}")
            return None
        self.messages.hide()
        root = self.tree_model.set_source(result.root)
        self._source_address = url
        for item in [root, *root.children]:
            self.tree.expand(self.tree_model.index_of(item))
        for item in self.tree_model.walk():
            if expanded and item.url in expanded:
                self.tree.expand(self.tree_model.index_of(item))
        wanted = self.tree_model.find(select or url)  # the address itself, if in the tree
        self._navigating_to(wanted or root)
        problem = start_problem(url, result)
        if broken:
            await self.show_unreadable(url)
        elif problem is not None:
            self.show_error(problem, Severity.WARNING)
        self.source_opened.emit(result.root.url)
        return root

    def _navigating_to(self, item: TreeItem) -> None:
        self.tree.setCurrentIndex(self.tree_model.index_of(item))
        self.tree.scrollTo(self.tree_model.index_of(item))

    async def show_unreadable(self, url: str) -> bool:
        """Show a document no parser could read: its text in the XML view and why in
        Problems (line and column, clickable). Read once more, within the fetcher's
        limits, since discovery keeps no body it could not parse."""
        from explorer.core.validator import check_bytes

        services = await self.engines()
        fetched = await services.fetch_document(url)
        if not fetched.ok:
            return False
        checked = await asyncio.to_thread(check_bytes, fetched.body)
        self.tree.clearSelection()
        self.document_view.show_document(url, checked.document, checked.findings, fetched.body)
        first = next((f for f in checked.findings if f.code.startswith("parse.")), None)
        from explorer.ui.language import finding_text

        reason = (
            self.tr("{url} is not a ResourceSync document: {reason}.").format(
                url=url, reason=finding_text(first)
            )
            if first is not None
            else self.tr("{url} is not a ResourceSync document.").format(url=url)
        )
        self.show_error(
            reason
            + self.tr(" Its text is in the XML source tab; click the problem to go to its line."),
            Severity.WARNING,
        )
        self._record_visit(Place(url, url))
        return True

    def selected_item(self) -> TreeItem | None:
        return self.tree_model.item(self.tree.currentIndex())

    def refresh(self) -> None:
        """F5: fetch the open document again, in place; without one, the whole Source."""
        item = self.selected_item() if self.services is not None else None
        if item is None:
            self.rediscover()
            return
        self.spawn(self.refresh_item(item))

    async def refresh_item(self, item: TreeItem) -> None:
        """Fetch the document of ``item`` (a channel's: its Capability List) again; the
        rows, their expansion and the selection stay where they are."""
        target = item if item.doc is not None else item.parent
        if target is None or target.doc is None:
            return
        selected = item.url
        services = await self.engines()
        try:
            changed = await self.progress.run(
                self.tr("Refreshing {url}").format(url=target.url),
                services.reload(target.doc),
            )
        except asyncio.CancelledError:
            return
        if self.tree_model.item_for(target.doc) is not target:
            return  # another Source was opened meanwhile
        self.auth_prompt.check_node(target.doc, self.rediscover)
        if changed:
            self.tree_model.rebuild_children(target)
        self.tree_model.refresh(target.doc)
        current = self.tree_model.find(selected) or target
        if current is not self.selected_item():
            self._navigating_to(current)
        else:
            self._show_item(current)
        status = target.doc.status
        done = self.tr("refreshed {url}").format(url=target.url)
        confirm(self, done + (f" (HTTP {status})" if status else ""))

    def rediscover(self) -> None:
        """Discover the Source again from the address it was opened from, then expand
        the same rows and select the same document where they still exist."""
        address = self._source_address or self.address.currentText().strip()
        if not address:
            return
        selected = self.selected_item() if self.services is not None else None
        expanded = (
            {
                item.url
                for item in self.tree_model.walk()
                if self.tree.isExpanded(self.tree_model.index_of(item))
            }
            if self.services is not None
            else set()
        )
        if self._opening is not None and not self._opening[1].done():
            self._opening[1].cancel()
        task = self.spawn(self.open_source(address, selected.url if selected else None, expanded))
        self._opening = (address, task)

    # --- Back and Forward
    def _record_visit(self, place: Place) -> None:
        if not self._navigating:
            self.navigation.visit(place)
        self._update_navigation()

    def _update_navigation(self) -> None:
        self.back_action.setEnabled(self.navigation.can_go_back())
        self.forward_action.setEnabled(self.navigation.can_go_forward())

    def go_back(self) -> None:
        self._go(self.navigation.back())

    def go_forward(self) -> None:
        self._go(self.navigation.forward())

    def _go(self, place: Place | None) -> None:
        self._update_navigation()
        if place is None:
            return
        if self.services is not None and place.address == self._source_address:
            item = self.tree_model.find(place.document) if place.document else None
            if item is not None:
                self._navigating = True
                try:
                    self._navigating_to(item)
                finally:
                    self._navigating = False
                return
        self.spawn(self._open_place(place))

    async def _open_place(self, place: Place) -> None:
        self._navigating = True
        try:
            await self.open_source(place.address, place.document)
        finally:
            self._navigating = False

    def _node_selected(self, current: QModelIndex, _previous: QModelIndex) -> None:
        from explorer.net.crawl_tree import NodeState

        item = self.tree_model.item(current)
        if item is None:
            return
        if item.doc is not None and item.doc.state is NodeState.PENDING:
            self.tree_model.expand(item)
        self._show_item(item)
        if self._source_address is not None:
            self._record_visit(Place(self._source_address, item.url))

    def _node_updated(self, doc: DocumentNode) -> None:
        self.tree_model.refresh(doc)
        selected = self.selected_item()
        if selected is not None and selected.doc is doc:
            self._show_item(selected)

    def _item_loaded(self, item: TreeItem) -> None:
        if item is self.selected_item():
            self._show_item(item)
        if item.error:
            self.show_error(f"{item.url}: {item.error}")

    def _show_item(self, item: TreeItem) -> None:
        if item.channel is not None:
            self.document_view.show_channel(
                item.channel.topic, item.channel.capability, item.channel.hub, item.channel.findings
            )
            return
        doc = item.doc
        assert doc is not None
        if (
            self.document_view.url == doc.url
            and self.document_view.shown is doc.document
            and self.document_view.shown_findings == len(doc.findings)
        ):
            return
        self.document_view.show_document(doc.url, doc.document, doc.findings, doc.read_body)

    def _tree_menu(self, pos: QPoint) -> None:
        item = self.tree_model.item(self.tree.indexAt(pos))
        if item is None:
            return
        self.tree_menu(item).popup(self.tree.viewport().mapToGlobal(pos))

    def tree_menu(self, item: TreeItem) -> QMenu:
        """The context menu for a row (built separately so tests can trigger entries)."""
        menu = QMenu(self)
        url = item.url
        menu.addAction(self.tr("Open in browser"), lambda: QDesktopServices.openUrl(QUrl(url)))
        menu.addAction(self.tr("Copy URL"), lambda: self._copy(url))
        if item.channel is not None:
            channel = item.channel
            menu.addAction(
                self.tr("Subscribe"),
                lambda: self.spawn(self.subscribe(channel.topic, channel.hub, channel.capability)),
            )
        elif item.doc is not None:
            doc = item.doc
            menu.addAction(
                self.tr("Refresh this document"), lambda: self.spawn(self.refresh_item(item))
            )
            if doc.is_index:
                menu.addAction(
                    self.tr("Show all entries of this index"),
                    lambda: self.spawn(self.show_all_entries(doc)),
                )
            if doc.capability not in SOURCE_LEVEL:
                menu.addAction(
                    self.tr("Check resources"), lambda: self.spawn(self.check(doc, "resources"))
                )
            if doc.capability in DUMPS:
                menu.addAction(self.tr("Check dump"), lambda: self.spawn(self.check(doc, "dump")))
        return menu

    def _copy(self, text: str) -> None:
        QGuiApplication.clipboard().setText(text)
        confirm(self, self.tr("copied {url}").format(url=text))

    async def show_all_entries(self, doc: DocumentNode) -> int:
        """Load every component of an index and list all their entries in one table, each
        component as soon as it is read: the first rows show while the others still load
        (a million rows stay responsive: the model is a plain list, GUIDE §5)."""
        view = self.document_view
        view.show_document(doc.url, doc.document, doc.findings, doc.read_body)
        view.entries.set_entries([])
        listed: set[int] = set()

        def list_read(_node: object = None) -> None:
            if view.url != doc.url:
                return  # the view shows something else now
            for child in doc.children:
                if child.document is not None and id(child) not in listed:
                    listed.add(id(child))
                    view.entries.append_entries(child.document.entries)

        services = await self.engines()
        services.node_updated.connect(list_read)
        try:
            list_read()
            await self.progress.run(
                self.tr("Loading the components of {url}").format(url=doc.url),
                services.expand(doc),
            )
            # expand() does not wait for components the tree view was already loading
            while any(_being_read(child) for child in doc.children):
                await asyncio.sleep(0.05)
            list_read()
        except asyncio.CancelledError:
            return 0
        finally:
            services.node_updated.disconnect(list_read)
        self.statusBar().showMessage(
            self.tr("{entries} from {documents}").format(
                entries=count_text(view.entries.total, "entry"),
                documents=count_text(len(doc.children), "document"),
            ),
            10_000,
        )
        return view.entries.total

    async def subscribe(self, topic: str, hub: str | None, capability: str | None) -> None:
        """Subscribe to a channel; the subscription panel follows its state."""
        await (await self.engines()).subscribe(topic, hub, capability)
        self.statusBar().showMessage(
            clip(self.tr("subscription to {topic} requested").format(topic=topic)), 10_000
        )

    async def check(self, doc: DocumentNode, what: str) -> None:
        """Run a resource or dump check on a document; findings join the node's."""
        if doc.document is None:
            self.show_error(
                self.tr("Load {url} before checking it.").format(url=doc.url), Severity.WARNING
            )
            return
        try:
            findings = await self.progress.run(
                self.check_label(what).format(url=doc.url),
                (await self.engines()).check(doc, what),
            )
        except asyncio.CancelledError:
            return
        self._node_updated(doc)
        self.statusBar().showMessage(
            clip(
                self.check_done(what).format(
                    url=doc.url, findings=count_text(len(findings), "finding")
                )
            ),
            10_000,
        )

    def check_label(self, what: str) -> str:
        if what == "dump":
            return self.tr("Checking the dump of {url}")
        return self.tr("Checking the resources of {url}")

    def check_done(self, what: str) -> str:
        if what == "dump":
            return self.tr("dump check of {url}: {findings}")
        return self.tr("resources check of {url}: {findings}")

    def shutdown(self) -> None:
        """Cancel every task the window started, before the engines are closed."""
        self._tasks.cancel_all()
        self.progress.cancel()
        if self.services is not None:
            self.tree_model.cancel()
        self.document_view.cancel()
        if self.panels is not None:
            self.panels.feed.cancel()
