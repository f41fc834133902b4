"""The inspector's copy feedback stays in its row: a long message is elided, whole in the
tooltip, and neither the exchange table nor the buttons move."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRect
from PySide6.QtWidgets import QLabel

from explorer.ui.inspector.exchange_model import ExchangeModel
from explorer.ui.inspector.inspector_widgets import InspectorWidgets

LONG = (
    "curl command copied; its hub.secret is masked (••••): put the subscription's secret "
    "in its place (Copy secret, Subscriptions) or it subscribes with the mask as its secret "
) * 4


def _geometry(view: InspectorWidgets) -> list[QRect]:
    return [
        view.table.geometry(),
        view.curl_button.geometry(),
        view.export_button.geometry(),
        view.follow.geometry(),
        view.count_label.geometry(),
    ]


def _settle(view: InspectorWidgets) -> None:
    """Run the layout requests the new text posted, now (no waiting on a clock)."""
    for _ in range(3):
        QCoreApplication.sendPostedEvents()
        view.layout().activate()


def test_a_long_feedback_moves_nothing(qtbot) -> None:
    view = InspectorWidgets(ExchangeModel())
    qtbot.addWidget(view)
    view.resize(900, 300)
    view.show()
    qtbot.waitExposed(view)
    view.status.setText("copied")
    _settle(view)
    before = _geometry(view)
    view.status.setText(LONG)
    _settle(view)
    assert _geometry(view) == before
    painted = QLabel.text(view.status)  # what the label paints
    assert painted.endswith("…") and len(painted) < len(LONG)
    assert view.status.geometry().right() <= view.status.parentWidget().width()
    assert view.status.text() == LONG and "subscribes with the mask" in view.status.toolTip()
    assert view.minimumSizeHint().width() < 900
