"""The main window's view: menus, toolbar and address bar, the Source tree dock, the
document view and the live docks, built and laid out with no behaviour.

``MainWindow`` (the shell's controller) derives from it and connects what is built here
to the features' controllers. Only Qt and the pure core are imported, so the window
shows before the engines exist.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QFrame,
    QLabel,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QToolBar,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from explorer.ui.shared.plain_text import PlainLabel
from explorer.ui.shared.shell import MENUS, STARTING, DockSpec
from explorer.ui.shell.deferred_build import PixmapNames, StyleIcons
from explorer.ui.shell.features import feature_docks
from explorer.ui.shell.window_layout import MINIMUM_WINDOW, SOURCE_DOCK_MINIMUM

if TYPE_CHECKING:  # built by build_content, after the first frame at start-up
    from explorer.ui.shared.progress import ProgressIndicator
    from explorer.ui.shell.message_bar import MessageBar
    from explorer.ui.source.document_panel import DocumentPanel


class MainWindowWidgets(QMainWindow):
    """Every widget, action, menu and dock of the window, laid out; nothing connected.

    Built in two steps: the frame (menus, toolbar, address bar, tree, docks), then
    ``build_content`` (message strip, document view, progress), the heavier part, which
    start-up builds after the frame's first paint.
    """

    messages: MessageBar
    document_view: DocumentPanel
    progress: ProgressIndicator

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("MainWindow")
        self.setMinimumSize(MINIMUM_WINDOW)
        self.setDockNestingEnabled(True)
        central = QWidget()
        central.setMinimumSize(QSize(200, 160))
        self._centre = QVBoxLayout(central)
        self._centre.setContentsMargins(0, 0, 0, 0)
        self.setCentralWidget(central)
        self.panel_widgets: dict[str, QWidget] = {}  # by dock name, once installed
        self._create_actions()
        self._build_address_bar()
        self._build_tree()
        self._build_panel_docks()
        self._build_menus()

    def build_content(self) -> None:
        """The message strip and the document view in the centre, the progress in the
        status bar; then the focus chain as if they had been built first."""
        from explorer.ui.shared.progress import ProgressIndicator
        from explorer.ui.shell.deferred_build import focus_before_the_frame
        from explorer.ui.shell.message_bar import MessageBar
        from explorer.ui.source.document_panel import DocumentPanel

        self.messages = MessageBar()
        self.document_view = DocumentPanel()
        self._centre.addWidget(self.messages)
        self._centre.addWidget(self.document_view, 1)
        self.progress = ProgressIndicator()
        self.statusBar().addPermanentWidget(self.progress)
        self.style_icons.apply(self.style())
        focus_before_the_frame(self, [self.messages, self.document_view, self.progress])

    def _create_actions(self) -> None:
        """Every action of the window, each key sequence owned by exactly one of them
        (tests/ui/test_desktop_conventions.py collects them and fails on a collision)."""
        self.style_icons = StyleIcons()  # the style's icons come with build_content
        pixmap = PixmapNames()

        def action(text: str, shortcuts: list[str], tip: str, icon_name: Any = None) -> QAction:
            item = QAction(text, self)
            item.setShortcuts([QKeySequence(key) for key in shortcuts])
            if shortcuts:
                native = QKeySequence.SequenceFormat.NativeText
                tip = f"{tip} ({QKeySequence(shortcuts[0]).toString(native)})"
            item.setToolTip(tip)
            item.setStatusTip(tip)
            if icon_name is not None:
                self.style_icons.give(item, icon_name)
            self.addAction(item)
            return item

        self.address_action = action(
            self.tr("Go to address"), ["Ctrl+L"], self.tr("Type a Source URL")
        )
        self.back_action = action(
            self.tr("Back"),
            ["Alt+Left"],
            self.tr("Back to the previous document or Source"),
            pixmap.SP_ArrowBack,
        )
        self.forward_action = action(
            self.tr("Forward"),
            ["Alt+Right"],
            self.tr("Forward again"),
            pixmap.SP_ArrowForward,
        )
        self.refresh_action = action(
            self.tr("Refresh document"),
            ["F5", "Ctrl+R"],
            self.tr("Fetch the open document again, keeping your place in the tree"),
            pixmap.SP_BrowserReload,
        )
        self.rediscover_action = action(
            self.tr("Re-discover Source"),
            ["Shift+F5", "Ctrl+Shift+R"],
            self.tr("Discover and load the whole Source again"),
            pixmap.SP_FileDialogContentsView,
        )
        self.settings_action = action(
            self.tr("Settings…"),
            ["Ctrl+,"],
            self.tr("Network, live side and appearance settings"),
            pixmap.SP_FileDialogDetailedView,
        )
        self.quit_action = action(self.tr("Quit"), ["Ctrl+Q"], self.tr("Quit"))
        self.find_action = action(
            self.tr("Filter entries"),
            ["Ctrl+F"],
            self.tr("Filter the entries table"),
        )
        self.copy_url_action = action(
            self.tr("Copy document URL"),
            ["Ctrl+Shift+C"],
            self.tr("Copy the open document's URL"),
        )
        self.guide_action = action(
            self.tr("User guide"), ["F1"], self.tr("Open the user guide: each task step by step")
        )
        self.shortcuts_action = action(
            self.tr("Keyboard shortcuts"), [], self.tr("List every keyboard shortcut")
        )
        self.open_folder_action = action(
            self.tr("Open folder as Source…"),
            ["Ctrl+Shift+O"],
            self.tr("Read a folder of documents as the Source it will be once uploaded"),
        )
        self.export_report_action = action(
            self.tr("Export report…"),
            ["Ctrl+Shift+E"],
            self.tr("Save every finding of the Source as an HTML page or CSV to hand over"),
        )
        self.save_recording_action = action(
            self.tr("Save recording…"),
            [],
            self.tr("Write what this session read and received, for demo-source --replay"),
        )
        self.next_problem_action = action(
            self.tr("Next problem"), ["F8"], self.tr("Go to the next problem of the Source")
        )
        self.previous_problem_action = action(
            self.tr("Previous problem"),
            ["Shift+F8"],
            self.tr("Go to the previous problem of the Source"),
        )
        self.signature_action = action(
            self.tr("Signature…"),
            [],
            self.tr("Check an X-Hub-Signature against a body and a secret"),
        )
        self.reset_layout_action = action(
            self.tr("Reset layout"),
            [],
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
        self.go_button = go = QPushButton(self.tr("Open"))
        go.setAccessibleName(self.tr("Open address"))
        go.setToolTip(self.tr("Discover and open the Source at this address (Return)"))
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
        self.tree_dock = self._new_dock(
            self.tr("Source"), "SourceDock", self.tree, Qt.DockWidgetArea.LeftDockWidgetArea
        )
        self.tree_dock.setMinimumSize(SOURCE_DOCK_MINIMUM)

    def _build_panel_docks(self) -> None:
        """The features' docks (``explorer.ui.shell.features``), laid out and restorable
        before their panels exist: each holds a placeholder until the feature's
        ``add_dock`` puts the real panel in."""
        self.dock_specs: dict[str, DockSpec] = {spec.name: spec for spec in feature_docks()}
        self.docks: dict[str, QDockWidget] = {}
        for spec in self.dock_specs.values():
            placeholder = QLabel(self.tr(STARTING))
            placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
            placeholder.setEnabled(False)
            dock = self._new_dock(self.tr(spec.title), spec.name, placeholder, spec.area)
            if spec.minimum is not None:
                dock.setMinimumSize(QSize(*spec.minimum))
            if spec.tabbed:  # the tabs name it: its title beside it, its height to the panel
                dock.setFeatures(
                    dock.features() | QDockWidget.DockWidgetFeature.DockWidgetVerticalTitleBar
                )
            self.docks[spec.name] = dock
        self.tabify_bottom()

    def tabify_bottom(self) -> None:
        """The docks declared ``tabbed`` as tabs of one another, the first in front."""
        tabbed = [self.docks[spec.name] for spec in self.dock_specs.values() if spec.tabbed]
        for left, right in itertools.pairwise(tabbed):
            self.tabifyDockWidget(left, right)
        if tabbed:
            tabbed[0].raise_()

    def all_docks(self) -> list[QDockWidget]:
        return [self.tree_dock, *self.docks.values()]

    def add_dock(self, name: str, widget: QWidget) -> None:
        """Put a feature's panel into its declared dock, replacing the placeholder."""
        dock = self.docks[name]
        placeholder = dock.widget()
        self.panel_widgets[name] = widget
        if self.dock_specs[name].scrolled:  # controls that would not shrink: scroll instead
            area = QScrollArea()
            area.setWidgetResizable(True)
            area.setFrameShape(QFrame.Shape.NoFrame)
            area.setWidget(widget)
            dock.setWidget(area)
        else:
            dock.setWidget(widget)
        if placeholder is not None:
            placeholder.deleteLater()

    def _build_menus(self) -> None:
        menu_bar = self.menuBar()
        file_menu = menu_bar.addMenu(self.tr("&File"))
        file_menu.addAction(self.address_action)
        file_menu.addAction(self.open_folder_action)
        file_menu.addAction(self.refresh_action)
        file_menu.addAction(self.rediscover_action)
        file_menu.addSeparator()
        file_menu.addAction(self.export_report_action)
        file_menu.addAction(self.save_recording_action)
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
        go_menu.addSeparator()
        self.history_menu = go_menu.addMenu(self.tr("History"))
        go_menu.addAction(self.next_problem_action)
        go_menu.addAction(self.previous_problem_action)
        self.view_menu = menu_bar.addMenu(self.tr("&View"))
        for dock in self.all_docks():  # not findChildren: it wraps every widget (10 ms)
            self.view_menu.addAction(dock.toggleViewAction())
        self.view_menu.addAction(self.toolbar.toggleViewAction())
        self.view_menu.addSeparator()
        self.view_menu.addAction(self.reset_layout_action)
        self.tools_menu = menu_bar.addMenu(self.tr("&Tools"))
        self.tools_menu.addAction(self.signature_action)
        self.help_menu = menu_bar.addMenu(self.tr("&Help"))
        self.help_menu.addAction(self.guide_action)
        self.help_menu.addAction(self.shortcuts_action)
        self.help_menu.addSeparator()
        self.about_action = self.help_menu.addAction(self.tr("&About ResourceSync Explorer"))
        for menu in (file_menu, edit_menu, go_menu, self.view_menu, self.tools_menu):
            menu.setToolTipsVisible(True)
        self.menus = dict(
            zip(
                MENUS,
                (file_menu, edit_menu, go_menu, self.view_menu, self.tools_menu, self.help_menu),
                strict=True,
            )
        )
        """The menus by the names features use (``Shell.add_action``)."""

    def _new_dock(
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
