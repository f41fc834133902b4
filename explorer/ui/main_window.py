"""The main window: address bar, Source tree dock, document view and the live docks.

The window owns no I/O: it asks ``ExplorerServices`` (explorer/ui/services.py) to
discover, fetch, subscribe and so on, and draws what comes back. Every long job runs
as a task behind the status-bar progress indicator.

The window is built in two steps so that it shows before the engines exist: the shell
(menus, address bar, document view, empty docks) imports only Qt and the pure core;
``attach_services`` then wires in the engines, whose imports (httpx, aiohttp) take most
of a second (issue 9). Addresses asked for in between wait for them.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, QPoint, QSettings, Qt, QUrl, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDesktopServices,
    QGuiApplication,
    QKeySequence,
    QPaintEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QHeaderView,
    QLabel,
    QMainWindow,
    QMenu,
    QPushButton,
    QToolBar,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from explorer.core.findings import Severity
from explorer.ui.document_view import DocumentView
from explorer.ui.message_bar import MessageBar
from explorer.ui.plain_text import PlainLabel, clip, tooltip_text
from explorer.ui.progress import ProgressIndicator
from explorer.ui.tasks import TaskKeeper

if TYPE_CHECKING:  # the engines are imported after the window shows (attach_services)
    from explorer.net.crawl import CrawlResult, DocumentNode
    from explorer.ui.services import ExplorerServices
    from explorer.ui.source_tree import SourceTreeModel, TreeItem

log = logging.getLogger(__name__)
HISTORY_KEY = "address/history"
HISTORY_SIZE = 20
STARTING = "starting engines…"
ROUTE_TEXT = {  # keyed by explorer.net.discovery.Route values (a StrEnum: equal to these)
    "well-known": "found via /.well-known/resourcesync",
    "link-header": "found via an HTTP Link header (rel=resourcesync)",
    "html-link": 'found via an HTML <link rel="resourcesync">',
    "robots": "found via robots.txt Sitemap lines",
    "direct": "the address is a ResourceSync document",
}
PANEL_DOCKS = (  # (title, object name, area), filled by explorer.ui.panels.install_panels
    ("Subscriptions", "SubscriptionsDock", Qt.DockWidgetArea.RightDockWidgetArea),
    ("Live feed", "FeedDock", Qt.DockWidgetArea.BottomDockWidgetArea),
    ("HTTP inspector", "InspectorDock", Qt.DockWidgetArea.BottomDockWidgetArea),
    ("Hub workbench", "HubWorkbenchDock", Qt.DockWidgetArea.BottomDockWidgetArea),
)


def discovery_text(result: CrawlResult) -> tuple[str, str]:
    """A short outcome for the address bar and every route tried for its tooltip."""
    discovery = result.discovery
    tried = "\n".join(
        f"{'✓' if a.ok else '✗'} {a.route}: {a.url} — {a.detail}" for a in discovery.attempts
    )
    if discovery.route is None:
        return "no Source Description found", tried
    return ROUTE_TEXT.get(discovery.route, f"found via {discovery.route}"), tried


def _being_read(node: DocumentNode) -> bool:
    """Fetching, or fetched and still being parsed (no document and no parse finding yet)."""
    from explorer.net.crawl import NodeState

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
    tree_model: SourceTreeModel

    def __init__(
        self, services: ExplorerServices | None = None, settings: QSettings | None = None
    ) -> None:
        super().__init__()
        self.services: ExplorerServices | None = None
        self.engines_ready = asyncio.Event()
        self.painted = False  # the first frame has been drawn
        self._paint_waiters: list[Callable[[], None]] = []
        self.settings = settings or QSettings()
        self.setWindowTitle("ResourceSync Explorer")
        self.setObjectName("MainWindow")
        self._tasks = TaskKeeper(self.show_error)
        self.panels: Any = None  # explorer.ui.panels.Panels once installed
        self._opening: tuple[str, asyncio.Task[Any]] | None = None

        self.messages = MessageBar()
        self.document_view = DocumentView()
        self.document_view.link_activated.connect(self.open_url)
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.messages)
        layout.addWidget(self.document_view, 1)
        self.setCentralWidget(central)

        self.progress = ProgressIndicator()
        self.statusBar().addPermanentWidget(self.progress)
        self._build_address_bar()
        self._build_tree()
        self._build_panel_docks()
        self._build_actions()
        if services is None:
            self.statusBar().showMessage(STARTING)
        else:
            self.attach_services(services)

    def attach_services(self, services: ExplorerServices) -> None:
        """Wire the started engines into the window: the tree's model, the crawl signals;
        addresses that waited for them go ahead."""
        from explorer.ui.source_tree import BadgeDelegate, SourceTreeModel

        self.services = services
        self.tree_model = SourceTreeModel(services.expand, self)
        self.tree_model.node_loaded.connect(self._item_loaded)
        services.node_updated.connect(self._node_updated)
        services.crawl_progress.connect(self.progress.report)
        self.tree.setModel(self.tree_model)
        self.tree.setItemDelegateForColumn(1, BadgeDelegate(self.tree))
        self.tree.header().setStretchLastSection(False)
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.tree.header().setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        self.tree.header().resizeSection(1, 70)
        self.tree.selectionModel().currentChanged.connect(self._node_selected)
        self.tree.customContextMenuRequested.connect(self._tree_menu)
        if self.statusBar().currentMessage() == STARTING:
            self.statusBar().clearMessage()
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

    # --- construction
    def _build_address_bar(self) -> None:
        bar = QToolBar("Address")
        bar.setObjectName("AddressBar")
        bar.setMovable(False)
        self.address = QComboBox()
        self.address.setEditable(True)
        self.address.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        self.address.setMinimumContentsLength(40)
        self.address.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.address.setAccessibleName("Address")
        self.address.lineEdit().setPlaceholderText(
            "Source URL: site root, document or resource (Ctrl+L)"
        )
        self.address.addItems(self._history())
        self.address.setCurrentText("")
        self.address.lineEdit().returnPressed.connect(
            lambda: self.open_url(self.address.currentText())
        )
        go = QPushButton("Open")
        go.setAccessibleName("Open address")
        go.clicked.connect(lambda: self.open_url(self.address.currentText()))
        self.discovery_label = PlainLabel()
        self.discovery_label.setAccessibleName("Discovery outcome")
        bar.addWidget(self.address)
        bar.addWidget(go)
        bar.addSeparator()
        bar.addWidget(self.discovery_label)
        self.addToolBar(bar)

    def _build_tree(self) -> None:
        """The tree view; its model comes with the engines (``attach_services``)."""
        self.tree = QTreeView()
        self.tree.setUniformRowHeights(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.setAccessibleName("Source tree")
        self.tree_dock = self.add_dock(
            "Source", "SourceDock", self.tree, Qt.DockWidgetArea.LeftDockWidgetArea
        )

    def _build_panel_docks(self) -> None:
        """The live docks, laid out and restorable before their panels exist: each holds
        a placeholder until ``set_panel`` puts the real panel in."""
        self.docks: dict[str, QDockWidget] = {}
        for title, name, area in PANEL_DOCKS:
            placeholder = QLabel(STARTING)
            placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
            placeholder.setEnabled(False)
            self.docks[name] = self.add_dock(title, name, placeholder, area)
        feed, inspector, workbench = (
            self.docks[name] for name in ("FeedDock", "InspectorDock", "HubWorkbenchDock")
        )
        self.tabifyDockWidget(feed, inspector)
        self.tabifyDockWidget(inspector, workbench)
        feed.raise_()

    def set_panel(self, name: str, widget: QWidget) -> QDockWidget:
        """Put a panel into its dock (one of ``PANEL_DOCKS``), replacing the placeholder."""
        dock = self.docks[name]
        placeholder = dock.widget()
        dock.setWidget(widget)
        if placeholder is not None:
            placeholder.deleteLater()
        return dock

    def _build_actions(self) -> None:
        def action(text: str, shortcut: QKeySequence | str, slot: Any) -> QAction:
            item = QAction(text, self)
            item.setShortcut(QKeySequence(shortcut))
            item.triggered.connect(slot)
            self.addAction(item)
            return item

        file_menu = self.menuBar().addMenu("&File")
        self.address_action = action("Go to address", "Ctrl+L", self.focus_address)
        file_menu.addAction(self.address_action)
        self.refresh_action = action("Refresh", QKeySequence.StandardKey.Refresh, self.refresh)
        self.refresh_action.setShortcuts([QKeySequence("F5"), QKeySequence.StandardKey.Refresh])
        file_menu.addAction(self.refresh_action)
        file_menu.addSeparator()
        self.quit_action = action("Quit", QKeySequence("Ctrl+Q"), self.quit_requested.emit)
        file_menu.addAction(self.quit_action)
        edit_menu = self.menuBar().addMenu("&Edit")
        self.find_action = action("Filter", QKeySequence("Ctrl+F"), self.focus_filter)
        edit_menu.addAction(self.find_action)
        self.view_menu = self.menuBar().addMenu("&View")
        for dock in (self.tree_dock, *self.docks.values()):  # not findChildren: it wraps
            self.view_menu.addAction(dock.toggleViewAction())  # every widget (10 ms)
        help_menu = self.menuBar().addMenu("&Help")
        help_menu.addAction("&About ResourceSync Explorer", self.show_about)

    def show_about(self) -> None:
        from explorer.ui.about import show_about  # not needed for the first frame

        show_about(self)

    def add_dock(
        self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea
    ) -> QDockWidget:
        """Add a restorable dock (its object name keys the saved state)."""
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        dock.setAccessibleName(title)
        self.addDockWidget(area, dock)
        if hasattr(self, "view_menu"):
            self.view_menu.addAction(dock.toggleViewAction())
        return dock

    # --- settings
    def _history(self) -> list[str]:
        value = self.settings.value(HISTORY_KEY, [])
        if isinstance(value, str):
            return [value]
        return [str(item) for item in value or []]

    def remember(self, url: str) -> None:
        history = [url] + [item for item in self._history() if item != url]
        self.settings.setValue(HISTORY_KEY, history[:HISTORY_SIZE])
        self.address.blockSignals(True)
        self.address.clear()
        self.address.addItems(history[:HISTORY_SIZE])
        self.address.setCurrentText(url)
        self.address.blockSignals(False)

    def restore_state(self) -> None:
        geometry = self.settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1600, 1000)
        state = self.settings.value("window/state")
        if state is not None:
            self.restoreState(state)
        else:
            self._default_dock_sizes()

    def _default_dock_sizes(self) -> None:
        """First start: a wide tree and subscriptions, the feed a third of the height."""
        self.resizeDocks(
            [self.tree_dock, self.docks["SubscriptionsDock"]],
            [self.width() // 4, self.width() * 3 // 8],
            Qt.Orientation.Horizontal,
        )
        self.resizeDocks([self.docks["FeedDock"]], [self.height() // 3], Qt.Orientation.Vertical)

    def save_state(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.save_state()
        event.accept()
        self.quit_requested.emit()

    # --- messages and tasks
    def show_error(self, text: str, severity: Severity = Severity.ERROR) -> None:
        """Non-modal: a message strip plus the status bar (never a modal dialog)."""
        log.info("%s: %s", severity, text)
        self.messages.show_message(text, severity)
        self.statusBar().showMessage(clip(text), 10_000)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` as a task whose failure becomes a message, not a lost exception."""
        return self._tasks.spawn(coro)

    # --- address bar and tree
    def focus_address(self) -> None:
        self.address.setFocus()
        self.address.lineEdit().selectAll()

    def focus_filter(self) -> None:
        self.document_view.focus_filter()

    def open_url(self, url: str) -> asyncio.Task[Any] | None:
        url = url.strip()
        if not url:
            return None
        if self._opening is not None and not self._opening[1].done():
            if self._opening[0] == url:  # the same request twice (Return reaches us twice)
                return self._opening[1]
            self._opening[1].cancel()
        task = self.spawn(self.open_source(url))
        self._opening = (url, task)
        return task

    async def engines(self) -> ExplorerServices:
        """The engines, once started (an address typed while they start waits here)."""
        if self.services is None:
            await self.engines_ready.wait()
        assert self.services is not None
        return self.services

    async def open_source(self, url: str) -> TreeItem | None:
        """Discover the Source Description from any URL, crawl it to the Capability Lists
        and show it as the tree's root."""
        self.remember(url)
        try:
            if self.services is None:
                self.discovery_label.setText(f"waiting: {STARTING}")
            services = await self.engines()
            self.discovery_label.setText("discovering…")
            result = await self.progress.run(f"Opening {url}", services.crawl(url))
        except asyncio.CancelledError:
            self.discovery_label.setText("cancelled")
            return None
        summary, tried = discovery_text(result)
        self.discovery_label.setText(summary)
        self.discovery_label.setToolTip(tooltip_text(tried))
        if result.root is None:
            self.tree_model.clear()
            self.show_error(f"No ResourceSync document found from {url}.\n{tried}")
            return None
        self.messages.hide()
        root = self.tree_model.set_source(result.root)
        self.tree.setCurrentIndex(self.tree_model.index_of(root))
        self.tree.expand(self.tree_model.index_of(root))
        for child in root.children:
            self.tree.expand(self.tree_model.index_of(child))
        self.source_opened.emit(result.root.url)
        return root

    def selected_item(self) -> TreeItem | None:
        return self.tree_model.item(self.tree.currentIndex())

    def refresh(self) -> None:
        """F5: open the address again (the fetcher's cache makes unchanged documents cheap)."""
        if self.address.currentText().strip():
            self.open_url(self.address.currentText())

    def _node_selected(self, current: QModelIndex, _previous: QModelIndex) -> None:
        from explorer.net.crawl import NodeState

        item = self.tree_model.item(current)
        if item is None:
            return
        if item.doc is not None and item.doc.state is NodeState.PENDING:
            self.tree_model.expand(item)
        self._show_item(item)

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
        menu.addAction("Open in browser", lambda: QDesktopServices.openUrl(QUrl(url)))
        menu.addAction("Copy URL", lambda: QGuiApplication.clipboard().setText(url))
        if item.channel is not None:
            channel = item.channel
            menu.addAction(
                "Subscribe",
                lambda: self.spawn(self.subscribe(channel.topic, channel.hub, channel.capability)),
            )
        elif item.doc is not None:
            doc = item.doc
            menu.addAction("Refresh", self.refresh)
            if doc.is_index:
                menu.addAction(
                    "Show all entries of this index", lambda: self.spawn(self.show_all_entries(doc))
                )
            menu.addAction("Check resources", lambda: self.spawn(self.check(doc, "resources")))
            menu.addAction("Check dump", lambda: self.spawn(self.check(doc, "dump")))
        return menu

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
            await self.progress.run(f"Loading the components of {doc.url}", services.expand(doc))
            # expand() does not wait for components the tree view was already loading
            while any(_being_read(child) for child in doc.children):
                await asyncio.sleep(0.05)
            list_read()
        except asyncio.CancelledError:
            return 0
        finally:
            services.node_updated.disconnect(list_read)
        self.statusBar().showMessage(
            f"{view.entries.total:,} entries from {len(doc.children)} documents", 10_000
        )
        return view.entries.total

    async def subscribe(self, topic: str, hub: str | None, capability: str | None) -> None:
        """Subscribe to a channel; the subscription panel follows its state."""
        await (await self.engines()).subscribe(topic, hub, capability)
        self.statusBar().showMessage(clip(f"subscription to {topic} requested"), 10_000)

    async def check(self, doc: DocumentNode, what: str) -> None:
        """Run a resource or dump check on a document; findings join the node's."""
        if doc.document is None:
            self.show_error(f"Load {doc.url} before checking it.", Severity.WARNING)
            return
        try:
            findings = await self.progress.run(
                f"Checking {what} of {doc.url}", (await self.engines()).check(doc, what)
            )
        except asyncio.CancelledError:
            return
        self._node_updated(doc)
        self.statusBar().showMessage(
            clip(f"{what} check of {doc.url}: {len(findings)} findings"), 10_000
        )

    def shutdown(self) -> None:
        """Cancel every task the window started, before the engines are closed."""
        self._tasks.cancel_all()
        self.progress.cancel()
        if self.services is not None:
            self.tree_model.cancel()
        self.document_view.cancel()
        if self.panels is not None:
            self.panels.feed.cancel()
