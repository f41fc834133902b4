"""The Subscriptions dock's widgets: the callback server's form, a new subscription's
fields, the subscriptions table with its actions, and the event log."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from explorer.ui.shared.columns import set_column_widths
from explorer.ui.shared.plain_text import PlainLabel, PlainTextView, tooltip_text
from explorer.ui.shared.row_table_model import RowTableModel
from explorer.ui.shared.wheel_guard import wheel_only_when_focused

WIDEST_ADDRESS = "255.255.255.255"
LINE_EDIT_MARGIN = 2
"""QLineEdit's fixed horizontal margin inside its frame, a side (QLineEditPrivate)."""
LOG_LINES = 2000


def text_field_width(field: QLineEdit, text: str) -> int:
    """The width ``field`` needs to show ``text`` whole: the text, the line edit's own
    margins and its frame."""
    frame = field.style().pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth, None, field)
    margins = field.textMargins()
    extra = 2 * frame + 2 * LINE_EDIT_MARGIN + margins.left() + margins.right()
    return field.fontMetrics().horizontalAdvance(text) + extra + 1


TABLE_ROWS_SHOWN = 3
"""The Subscriptions table is never shorter than this many rows."""


class SubscriptionPanelWidgets(QWidget):
    """Layout only: the widgets of the Subscriptions dock, top to bottom.
    ``SubscriptionPanel`` gives them behaviour."""

    def __init__(self, model: RowTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        model.setParent(self)

        self.host = QLineEdit()
        self.host.setAccessibleName(self.tr("Callback bind address"))
        self.port = QSpinBox()
        self.port.setRange(0, 65535)
        self.port.setSpecialValueText(self.tr("any free port"))
        self.port.setAccessibleName(self.tr("Callback port"))
        wheel_only_when_focused(self.port)
        self.server_button = QPushButton(self.tr("Stop"))
        self.server_button.setAccessibleName(self.tr("Start or stop the callback server"))
        self.server_status = PlainLabel("", self)
        self.server_status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.public_url = QLineEdit()
        self.public_url.setPlaceholderText(
            self.tr("Public URL: https://….ngrok.app (optional tunnel)")
        )
        self.public_url.setAccessibleName(self.tr("Public URL"))
        self.apply_public = QPushButton(self.tr("Apply"))
        self.apply_public.setAccessibleName(self.tr("Use this public URL"))
        self.apply_public.setToolTip(
            self.tr(
                "Restart the callback server with this public URL and move live subscriptions "
                "to it (you are asked first; an old subscription ends only once the hub has "
                "verified its replacement)"
            )
        )
        self.test_public = QPushButton(self.tr("Test"))
        self.test_public.setAccessibleName(self.tr("Test the public URL"))
        self.test_public.setToolTip(
            self.tr("Request a probe through the public URL to see it arrive")
        )
        # An address is read whole or not at all: its field is never narrower than the
        # widest IPv4 address, and rows put their fields under the label when narrow.
        self.host.setMinimumWidth(text_field_width(self.host, WIDEST_ADDRESS))
        # Two lines (bind, public URL), where it is reachable in the box's title: a short
        # screen in Japanese had no height left for a single row of the table below.
        self.server_box = QGroupBox(self.tr("Callback server"))
        self.server_status.hide()  # said in the title (set_server_status)
        lines = QVBoxLayout(self.server_box)  # the fields' placeholders and tooltips name them
        address = QHBoxLayout()
        address.addWidget(self.host, 1)
        address.addWidget(self.port)
        address.addWidget(self.server_button)
        lines.addLayout(address)
        public = QHBoxLayout()
        public.addWidget(self.public_url, 1)
        public.addWidget(self.apply_public)
        public.addWidget(self.test_public)
        lines.addLayout(public)
        self.host.setToolTip(self.tr("Bind address and port of the callback server"))
        self.public_url.setToolTip(self.tr("Public URL"))
        # the last Test's outcome stays in view (a status message was gone in seconds)
        self.public_test_result = PlainLabel()
        self.public_test_result.setWordWrap(True)
        self.public_test_result.setAccessibleName(self.tr("Public URL test result"))
        self.public_test_result.hide()
        lines.addWidget(self.public_test_result)

        self.topic = QLineEdit()
        self.topic.setPlaceholderText(self.tr("topic URL (or pick a channel in the Source tree)"))
        self.topic.setAccessibleName(self.tr("Topic"))
        self.hub = QLineEdit()
        self.hub.setPlaceholderText(self.tr("hub URL (empty: discover from the topic)"))
        self.hub.setAccessibleName(self.tr("Hub"))
        self.subscribe_button = QPushButton(self.tr("Subscribe"))
        self.subscribe_button.setAccessibleName(self.tr("Subscribe"))
        hub_row = QHBoxLayout()
        hub_row.addWidget(self.hub, 1)
        hub_row.addWidget(self.subscribe_button)
        new_row = QVBoxLayout()
        new_row.addWidget(self.topic)
        new_row.addLayout(hub_row)

        self.table = QTableView()
        self.table.setModel(model)
        self.table.setAccessibleName(self.tr("Subscriptions"))
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        self.table.setWordWrap(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)  # both ends of a URL show
        set_column_widths(self.table, (80, 120, 140, 260, 70, 110))
        self.renew_button = QPushButton(self.tr("Renew"))
        self.unsubscribe_button = QPushButton(self.tr("Unsubscribe"))
        self.copy_secret_button = QPushButton(self.tr("Copy secret"))
        self.remove_ended_button = QPushButton(self.tr("Remove ended"))
        self.forward_button = QPushButton(self.tr("Forward to…"))
        for button, tip in (
            (
                self.renew_button,
                self.tr("Ask the hub to renew the selected subscription's lease now"),
            ),
            (self.unsubscribe_button, self.tr("Ask the hub to end the selected subscription")),
            (
                self.copy_secret_button,
                self.tr("Copy the selected subscription's hub.secret to the clipboard"),
            ),
            (
                self.forward_button,
                self.tr("Pass the selected subscription's deliveries on to your own application"),
            ),
            (
                self.remove_ended_button,
                self.tr(
                    "Remove the ended, denied and failed rows from this list (the store "
                    "keeps them: their notifications refer to them)"
                ),
            ),
        ):
            button.setAccessibleName(button.text())
            button.setToolTip(tip)
        # two rows of two: one row of four is wider than the dock on a laptop screen
        actions = QGridLayout()
        actions.addWidget(self.renew_button, 0, 0)
        actions.addWidget(self.unsubscribe_button, 0, 1)
        actions.addWidget(self.copy_secret_button, 1, 0)
        actions.addWidget(self.remove_ended_button, 1, 1)
        actions.addWidget(self.forward_button, 2, 0)
        actions.setColumnStretch(2, 1)

        self.log = PlainTextView()  # topics and hubs' answers: outside text
        self.log.setMaximumBlockCount(LOG_LINES)
        self.log.setAccessibleName(self.tr("Subscription events and hub answers"))
        self.log.setPlaceholderText(self.tr("Subscription events and hub answers (verbatim)"))
        # Never squeezed away: the dock scrolls as a whole instead (its scroll area), so a
        # short screen in a wordier language (Japanese at 1366×768) still shows three rows
        # of the table and a few lines of the log.
        rows = self.table.verticalHeader().defaultSectionSize()
        frame = 2 * self.table.frameWidth()
        self.table.setMinimumHeight(
            self.table.horizontalHeader().sizeHint().height() + TABLE_ROWS_SHOWN * rows + frame
        )
        self.log.setMinimumHeight(3 * self.fontMetrics().lineSpacing() + 2 * self.log.frameWidth())

        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.server_box)
        layout.addLayout(new_row)
        layout.addWidget(self.table, 2)
        layout.addLayout(actions)
        layout.addWidget(self.log, 1)

    def set_server_status(self, text: str) -> None:
        """Where the callback server is reachable (or why it is not), in the box's title."""
        self.server_status.setText(text)
        self.server_box.setTitle(self.tr("Callback server: {status}").format(status=text))
        self.server_box.setToolTip(tooltip_text(text))  # a typed URL or an OS error: text
