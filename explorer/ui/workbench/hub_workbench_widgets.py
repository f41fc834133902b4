"""The hub workbench's view: the target form, the publisher (templates, editor,
validation, response) and the conformance run (settings, results, evidence), built and
laid out with no behaviour. ``HubWorkbench`` derives from it and connects them."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QPoint, QRect, Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QStackedWidget,
    QStyle,
    QStyleOptionComboBox,
    QVBoxLayout,
    QWidget,
)

from explorer.core.push.payload_templates import templates
from explorer.core.words.messages import render_template_title
from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.net.conformance import (
    PUBLISH_AUTO,
    PUBLISH_FORM,
    PUBLISH_NONE,
    PUBLISH_XML,
    ConformanceSettings,
)
from explorer.ui.language import ui_language
from explorer.ui.shared.plain_text import PlainLabel, tooltip_text
from explorer.ui.shared.xml_view import XmlSourceView
from explorer.ui.workbench.evidence_pane import EvidencePane, results_tree

PUBLISH_CHOICES = (
    (QT_TRANSLATE_NOOP("HubWorkbench", "Publish: §4.1 POST, else hub.mode=publish"), PUBLISH_AUTO),
    (QT_TRANSLATE_NOOP("HubWorkbench", "Publish: §4.1 POST only"), PUBLISH_XML),
    (QT_TRANSLATE_NOOP("HubWorkbench", "Publish: hub.mode=publish only"), PUBLISH_FORM),
    (QT_TRANSLATE_NOOP("HubWorkbench", "Don't publish: the Source does"), PUBLISH_NONE),
)
MODES = (
    QT_TRANSLATE_NOOP("HubWorkbenchWidgets", "Hub under test"),
    QT_TRANSLATE_NOOP("HubWorkbenchWidgets", "Subscriber under test"),
)
"""The workbench's modes, in the order of its pages."""
HUB_MODE, SUBSCRIBER_MODE = range(len(MODES))
EDITOR_LINES = 4
"""Whole lines of payload the editor shows at least, its horizontal scroll bar below them
(a change notification's head; the rest scrolls)."""
RESPONSE_LINES = 4
"""Lines of the hub's response shown at most; the rest scrolls."""


class HubWorkbenchWidgets(QWidget):
    """Every widget of the "Hub workbench" tab, laid out; nothing connected."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hub_edit = QLineEdit()
        self.hub_edit.setPlaceholderText(self.tr("hub URL, e.g. http://127.0.0.1:8080/hub"))
        self.hub_edit.setAccessibleName(self.tr("Hub URL"))
        self.topic_edit = QLineEdit()
        self.topic_edit.setPlaceholderText(
            self.tr("topic URL (empty: host one on the callback server)")
        )
        self.topic_edit.setAccessibleName(self.tr("Topic URL"))
        self.host_button = QPushButton(self.tr("Host topic here"))
        self.host_button.setToolTip(
            self.tr(
                "Serve a topic URI (HEAD/GET, notification §4.1) on the "
                "callback server, answering with the last payload published"
            )
        )
        # What is under test: the hub (publisher and conformance) or a subscriber. The
        # switch heads the row of what names the target, the Hub and Topic fields or the
        # subscriber's command, so it takes no line of the dock.
        self.mode_combo = QComboBox()
        for text in MODES:
            self.mode_combo.addItem(QCoreApplication.translate("HubWorkbenchWidgets", text))
        self.mode_combo.setAccessibleName(self.tr("What is under test"))
        _whole(self.mode_combo)
        # Hub and topic share one row: on a laptop screen every line of the dock counts.
        hub_target = QWidget()
        target = QHBoxLayout(hub_target)
        target.setContentsMargins(0, 0, 0, 0)
        target.addWidget(QLabel(self.tr("Hub")))
        target.addWidget(self.hub_edit, 2)
        target.addWidget(QLabel(self.tr("Topic")))
        target.addWidget(self.topic_edit, 3)
        target.addWidget(self.host_button)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self._build_publisher())
        splitter.addWidget(self._build_conformance())
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setSizes([560, 840])
        self.status = PlainLabel()
        self.status.setWordWrap(True)  # a long status wraps instead of losing its start
        self.status.setAccessibleName(self.tr("Workbench status"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 2, 4, 2)  # a laptop's bottom dock: every line counts
        layout.setSpacing(4)
        self.target_stack = QStackedWidget()  # a page per mode, switched with mode_combo
        self.target_stack.addWidget(hub_target)
        self.page_stack = QStackedWidget()
        self.page_stack.addWidget(splitter)
        self.mode_combo.currentIndexChanged.connect(self.target_stack.setCurrentIndex)
        self.mode_combo.currentIndexChanged.connect(self.page_stack.setCurrentIndex)
        top = QHBoxLayout()
        top.addWidget(self.mode_combo)
        top.addWidget(self.target_stack, 1)
        layout.addLayout(top)
        layout.addWidget(self.page_stack, 1)
        layout.addWidget(self.status)

    def _build_publisher(self) -> QWidget:
        box = QGroupBox(self.tr("Publish"))
        self.template_combo = QComboBox()  # item data: the template key
        for template in templates():
            title = render_template_title(template.key, template.title, ui_language())
            self.template_combo.addItem(title, template.key)
        self.template_combo.setAccessibleName(self.tr("Template"))
        _whole(self.template_combo)
        self.count_spin = QSpinBox()
        self.count_spin.setRange(0, 100_000)
        self.count_spin.setValue(3)
        self.count_spin.setPrefix("N = ")
        self.count_spin.setAccessibleName(self.tr("Entries"))
        self.template_button = insert = QPushButton(self.tr("Use template"))
        self.load_button = load = QPushButton(self.tr("Load file…"))
        row = QHBoxLayout()  # the template whole on its row, what to do with it below
        row.addWidget(self.template_combo)
        row.addWidget(self.count_spin)
        row.addStretch(1)

        self.editor = XmlSourceView()
        self.editor.setReadOnly(False)
        self.editor.setAccessibleName(self.tr("Payload editor"))
        self.validation_label = PlainLabel(self.tr("no payload yet"))
        self.validation_label.setAccessibleName(self.tr("Validation"))
        self.problems = QListWidget()
        self.problems.setAccessibleName(self.tr("Payload problems"))
        self.problems.setMaximumHeight(90)
        self.problems.hide()  # shown only when there is something to say
        self.publish_button = QPushButton(self.tr("Publish"))
        self.publish_button.setToolTip(
            self.tr(
                "POST as application/xml with Link self, hub and "
                "resourcesync (change-notification 1.0.1 §4.1)"
            )
        )
        publish_row = QHBoxLayout()
        publish_row.addWidget(insert)
        publish_row.addWidget(load)
        publish_row.addWidget(self.validation_label, 1)
        publish_row.addWidget(self.publish_button)
        self.response_view = QPlainTextEdit()
        self.response_view.setReadOnly(True)
        self.response_view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.response_view.setPlaceholderText(self.tr("the hub's full response appears here"))
        self.response_view.setAccessibleName(self.tr("Hub response"))
        # On a laptop the dock is about 300 px tall: the payload being written gets the room
        # (EDITOR_LINES at least), the hub's answer a few lines that scroll.
        self.response_view.setMaximumHeight(_lines_high(self.response_view, RESPONSE_LINES))
        self.response_view.setMinimumHeight(_lines_high(self.response_view, 2))
        # a payload's lines are long: its horizontal scroll bar is there, below the lines
        scroll_bar = self.editor.horizontalScrollBar().sizeHint().height()
        self.editor.setMinimumHeight(_lines_high(self.editor, EDITOR_LINES) + scroll_bar)

        layout = QVBoxLayout(box)
        _compact(layout)
        layout.addLayout(row)
        layout.addLayout(publish_row)  # Publish under the template row: never scrolled away
        layout.addWidget(self.editor, 1)
        layout.addWidget(self.problems)
        layout.addWidget(self.response_view)
        return box

    def _build_conformance(self) -> QWidget:
        box = QGroupBox(self.tr("Conformance"))
        self.wait_spin = _seconds(
            ConformanceSettings().delivery_timeout,
            self.tr("wait for a verification or a delivery"),
        )
        self.quiet_spin = _seconds(
            ConformanceSettings().quiet_period,
            self.tr("watch this long for deliveries that must not come"),
        )
        self.settle_spin = _seconds(
            ConformanceSettings().settle,
            self.tr(
                "after a verified (un)subscription, give the hub this long to act on it "
                "before publishing; a delivery inside it is a warning, not a failure"
            ),
        )
        self.settle_spin.setMinimum(0.0)
        self.publish_style_combo = QComboBox()
        self.publish_style_combo.setAccessibleName(self.tr("Publish style"))
        self.publish_style_combo.setToolTip(
            self.tr(
                "how the checks publish; with the Source publishing, they wait for its deliveries"
            )
        )
        for text, style in PUBLISH_CHOICES:
            self.publish_style_combo.addItem(self.tr(text), style)
        _whole(self.publish_style_combo)
        self.run_button = QPushButton(self.tr("Run checks"))
        self.run_button.setToolTip(self.tr("Run every conformance check against the hub"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setToolTip(
            self.tr("Stop the conformance run; finished checks stay listed")
        )
        self.cancel_button.setEnabled(False)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Wait")))
        row.addWidget(self.wait_spin)
        row.addWidget(QLabel(self.tr("Quiet")))
        row.addWidget(self.quiet_spin)
        row.addWidget(QLabel(self.tr("Settle")))
        row.addWidget(self.settle_spin)
        style_row = QHBoxLayout()  # the publish style whole, with the buttons that use it
        style_row.addWidget(self.publish_style_combo)
        style_row.addStretch(1)
        style_row.addWidget(self.run_button)
        style_row.addWidget(self.cancel_button)
        # what the hub remembers: slow (retries and a lease waited out), so asked for
        self.memory_check = QCheckBox(self.tr("Memory checks"))
        self.memory_check.setToolTip(
            self.tr(
                "also check what the hub remembers after failed deliveries, a 410, a lease's "
                "end and a restart; they wait out its retries and a short lease (minutes)"
            )
        )
        self.restart_edit = QLineEdit()
        self.restart_edit.setAccessibleName(self.tr("Hub restart command"))
        self.restart_edit.setPlaceholderText(
            self.tr("shell command that restarts the hub (for the restart check)")
        )
        # beside the waits, not a row of their own: at 1280x720 the dock has no height
        # to spare for one (the results would scroll)
        row.addWidget(self.memory_check)
        row.addWidget(self.restart_edit, 1)

        self.results_tree = results_tree(
            [self.tr("Result"), self.tr("Check"), self.tr("Summary")],
            self.tr("Conformance results"),
            290,
        )
        self.summary_label = QLabel()
        self.summary_label.setAccessibleName(self.tr("Conformance summary"))

        self.evidence = EvidencePane(
            self.tr("select a check to see its evidence"), self.tr("Check detail")
        )
        self.detail_label = self.evidence.detail_label
        self.evidence_list = self.evidence.evidence_list
        self.exchange_view = self.evidence.exchange_view

        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.results_tree)
        split.addWidget(self.evidence)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 4)
        layout = QVBoxLayout(box)
        _compact(layout)
        layout.addLayout(row)
        layout.addLayout(style_row)
        layout.addWidget(split, 1)
        layout.addWidget(self.summary_label)
        return box

    # --- the payload ----------------------------------------------------------------------


def _compact(layout: QVBoxLayout) -> None:
    """A group's rows close together: at 1280×720 the dock holds the editor's lines and
    the entries table above it its dozen rows only without the default margins."""
    layout.setContentsMargins(6, 4, 6, 4)
    layout.setSpacing(4)


def _lines_high(view: QPlainTextEdit, lines: int) -> int:
    """The height that shows ``lines`` lines of ``view``'s font, frame and margins included."""
    margins = 2 * (view.frameWidth() + int(view.document().documentMargin()))
    return lines * view.fontMetrics().lineSpacing() + margins


def _whole(combo: QComboBox) -> None:
    """A combo box (filled) as wide as its longest item, on a row of its own: cut short,
    its Japanese lost the end of a word (「変更通知（N 件のエント」). Qt's own width for
    its contents can fall a few pixels short of full-width brackets: measured again here."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
    metrics = combo.fontMetrics()
    longest = max(
        (metrics.horizontalAdvance(combo.itemText(n)) for n in range(combo.count())), default=0
    )
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    option.rect = QRect(QPoint(0, 0), combo.sizeHint())
    field = combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
    )
    if longest > field.width():
        combo.setMinimumWidth(combo.sizeHint().width() + longest - field.width())


def _seconds(value: float, tip: str) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setRange(0.1, 600.0)
    spin.setDecimals(1)
    spin.setSuffix(QCoreApplication.translate("HubWorkbenchWidgets", " s"))  # 秒, as in Settings
    spin.setValue(value)
    spin.setToolTip(tooltip_text(tip))
    return spin
