"""The workbench's "Subscriber under test" mode, laid out with no behaviour: the command
row (what ``subscriber-check --run`` takes), the test picker with the timeout and the
buttons, and the results with their evidence. ``SubscriberWorkbench`` connects them."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QDoubleSpinBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from explorer.core import catalog
from explorer.core.subscribers import GROUPS, TESTS
from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.net.subscribers import SubscriberSettings
from explorer.ui.language import ui_language
from explorer.ui.shared.plain_text import PlainTextView, tooltip_text
from explorer.ui.workbench.evidence_pane import EvidencePane, results_tree

GROUP_TEXT = {
    "discovery": QT_TRANSLATE_NOOP("SubscriberWorkbench", "Discovery"),
    "verification": QT_TRANSLATE_NOOP("SubscriberWorkbench", "Verification"),
    "distribution": QT_TRANSLATE_NOOP("SubscriberWorkbench", "Distribution"),
    "payloads": QT_TRANSLATE_NOOP("SubscriberWorkbench", "ResourceSync payloads"),
    "lease": QT_TRANSLATE_NOOP("SubscriberWorkbench", "Lease"),
}
"""The picker's headings, one per group of the catalogue (``GROUPS``)."""
ANNOUNCE_LINES = 4
"""Lines of a by-hand test's URLs shown: the test, then topic, Capability List and hub."""


class SubscriberWorkbenchWidgets(QWidget):
    """Every widget of the subscriber mode; ``command_row`` goes where the hub mode has
    its Hub and Topic fields, so the mode switch costs no line of the short dock."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.command_edit = QLineEdit()
        self.command_edit.setAccessibleName(self.tr("Subscriber command"))
        self.command_edit.setPlaceholderText(
            self.tr(
                "command that starts your subscriber, with {topic}, {caplist} or {hub}; "
                "empty: start it by hand"
            )
        )
        self.command_edit.setToolTip(
            self.tr(
                "Run once per test through the shell, each placeholder replaced by that "
                "test's URL, and stopped after the test with its whole process group"
            )
        )
        self.command_row = QWidget()
        row = QHBoxLayout(self.command_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(QLabel(self.tr("Command")))
        row.addWidget(self.command_edit, 1)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self._build_picker())
        splitter.addWidget(self._build_results())
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 4)
        splitter.setSizes([300, 1100])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)

    def _build_picker(self) -> QWidget:
        box = QGroupBox(self.tr("Tests"))
        self.tests_tree = QTreeWidget()  # a heading per group, a checkable row per test
        self.tests_tree.setHeaderHidden(True)
        self.tests_tree.setAccessibleName(self.tr("Tests to run"))
        self.tests_tree.setMinimumHeight(self.fontMetrics().height() * 4)
        language = ui_language()
        for group in GROUPS:
            heading = QTreeWidgetItem(
                [QCoreApplication.translate("SubscriberWorkbench", GROUP_TEXT[group])]
            )
            heading.setFlags(heading.flags() | Qt.ItemFlag.ItemIsAutoTristate)
            heading.setFlags(heading.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            self.tests_tree.addTopLevelItem(heading)
            for test in TESTS:
                if test.group == group:
                    row = QTreeWidgetItem(heading, [test.id])
                    row.setFlags(row.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                    row.setCheckState(0, Qt.CheckState.Checked)
                    row.setData(0, Qt.ItemDataRole.UserRole, test.id)
                    title = catalog.text(f"subscribers.test.{test.id}", language)
                    row.setToolTip(0, tooltip_text(f"{title} ({test.spec})"))
        self.tests_tree.expandAll()  # every test in sight: the ids are what --only takes
        self.timeout_spin = QDoubleSpinBox()
        self.timeout_spin.setRange(0.5, 3600.0)
        self.timeout_spin.setDecimals(1)
        self.timeout_spin.setSuffix(QCoreApplication.translate("HubWorkbenchWidgets", " s"))
        self.timeout_spin.setValue(SubscriberSettings().timeout)
        self.timeout_spin.setAccessibleName(self.tr("Timeout"))
        self.timeout_spin.setToolTip(
            self.tr("how long each test waits for the subscriber to subscribe (--timeout)")
        )
        self.run_button = QPushButton(self.tr("Run"))
        self.run_button.setToolTip(self.tr("Run the chosen tests against the subscriber"))
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setToolTip(
            self.tr("Stop the run and the subscriber it started; finished tests stay listed")
        )
        self.stop_button.setEnabled(False)
        self.copy_button = QPushButton(self.tr("Copy command line"))
        self.copy_button.setToolTip(
            self.tr("Copy the resourcesync-explorer subscriber-check command that runs this form")
        )
        timeout_row = QHBoxLayout()
        timeout_row.addWidget(QLabel(self.tr("Timeout")))
        timeout_row.addWidget(self.timeout_spin)
        timeout_row.addStretch(1)
        timeout_row.addWidget(self.copy_button)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(4)
        # the buttons above the list, as the hub checks' are: never scrolled off a short dock
        layout.addLayout(buttons)
        layout.addLayout(timeout_row)
        layout.addWidget(self.tests_tree, 1)
        return box

    def _build_results(self) -> QWidget:
        box = QGroupBox(self.tr("Subscriber under test"))
        self.announce_view = PlainTextView()  # a by-hand run's URLs: selectable, copyable
        self.announce_view.setAccessibleName(self.tr("URLs for the subscriber"))
        margins = 2 * (self.announce_view.frameWidth() + 4)
        line = self.announce_view.fontMetrics().lineSpacing()
        self.announce_view.setMaximumHeight(ANNOUNCE_LINES * line + margins)
        self.announce_view.hide()  # shown while a subscriber started by hand is waited for
        self.results_tree = results_tree(
            [self.tr("Result"), self.tr("Test"), self.tr("Reason")],
            self.tr("Subscriber test results"),
            190,
        )
        self.evidence = EvidencePane(
            self.tr("select a test to see its reason and evidence"), self.tr("Test detail")
        )
        self.summary_label = QLabel()
        self.summary_label.setAccessibleName(self.tr("Subscriber test summary"))
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.results_tree)
        split.addWidget(self.evidence)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 4)
        layout = QVBoxLayout(box)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(4)
        layout.addWidget(self.announce_view)
        layout.addWidget(split, 1)
        layout.addWidget(self.summary_label)
        return box
