"""The watchdog's controls in the Subscriptions dock, and the lease history window."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from explorer.ui.shared.plain_text import PlainLabel
from explorer.ui.shared.tables import table
from explorer.ui.shared.wheel_guard import wheel_only_when_focused
from explorer.ui.watchdog.lease_model import LeaseModel

DEFAULT_PERIOD = 300
MINIMUM_PERIOD = 5


class WatchdogWidgets(QGroupBox):
    """For the selected subscription: reconcile every N seconds with a Capability List."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("Watchdog: is the hub still delivering?"))
        self.enabled_box = QCheckBox(self.tr("Check every"))
        self.enabled_box.setToolTip(
            self.tr(
                "Read the Capability List's Change Lists every period and compare them with"
                " the notifications received: changes never notified, notified changes"
                " never listed, and a hub gone quiet are reported in the feed"
            )
        )
        self.period = QSpinBox()
        self.period.setRange(MINIMUM_PERIOD, 86_400)
        self.period.setValue(DEFAULT_PERIOD)
        self.period.setSuffix(self.tr(" s"))
        wheel_only_when_focused(self.period)
        self.capability_list = QLineEdit()
        self.capability_list.setPlaceholderText(self.tr("the Capability List naming this channel"))
        self.capability_list.setAccessibleName(self.tr("Capability List"))
        self.history_button = QPushButton(self.tr("Lease history…"))
        self.history_button.setToolTip(
            self.tr("Every subscription request, the hub's answers and its verifications")
        )
        self.state = PlainLabel()
        # one line that the dock may cut short (its full text is the tooltip): a wrapped
        # label's height follows its width, and the dock layout's rebalancing then fights it
        self.state.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        every = QHBoxLayout()
        every.addWidget(self.enabled_box)
        every.addWidget(self.period)
        every.addStretch(1)
        history = QHBoxLayout()
        history.addWidget(self.state, 1)
        history.addWidget(self.history_button)
        form = QFormLayout(self)
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        form.addRow(every)
        form.addRow(self.tr("Capability List"), self.capability_list)
        form.addRow(history)


class LeaseHistoryWidgets(QWidget):
    """A subscription's lease history, in a window of its own."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("LeaseHistoryWindow")
        self.resize(1000, 420)
        self.model = LeaseModel(self)
        self.heading = PlainLabel()
        self.heading.setWordWrap(True)
        self.table = table(self.model)
        self.refresh_button = QPushButton(self.tr("Refresh"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.table, 1)
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.refresh_button)
        layout.addLayout(row)
