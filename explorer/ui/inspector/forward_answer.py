"""Beside a received delivery in the inspector: what the user's application answered to
its forwarded copy (``listen --forward``'s durable ``Forwarder``, through the services)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QObject

from explorer.ui.shared.forward_answer import answer_text
from explorer.ui.shared.plain_text import tooltip_text

if TYPE_CHECKING:
    from explorer.ui.inspector.inspector_panel import InspectorPanel


class InspectorForwarding(QObject):
    """Beside a received delivery in the inspector: what the application answered to its
    forwarded copy (one line in the status; the answer's first 4 KiB in its tooltip)."""

    def __init__(self, inspector: InspectorPanel) -> None:
        super().__init__(inspector)
        self.inspector = inspector
        self.services = inspector.services
        self._shown = False
        inspector.table.selectionModel().currentRowChanged.connect(self.show_answer)

    def show_answer(self, current: QModelIndex, _previous: QModelIndex | None = None) -> None:
        record = self.inspector.model.record(current.row()) if current.isValid() else None
        delivery = self.services.forwarding.delivery_of(record) if record is not None else None
        answer = self.services.forwarding.forward_answer(delivery) if delivery is not None else None
        if answer is None:
            if self._shown:  # only what this put there
                self.inspector.status.setText("")
                self.inspector.status.setToolTip("")
                self._shown = False
            return
        text = answer_text(answer)
        first = text.split("\n", 1)[0]
        if answer.attempts == 0:  # withheld: the line itself says "not forwarded: …"
            self.inspector.status.setText(first)
        else:
            self.inspector.status.setText(self.tr("forwarded: {answer}").format(answer=first))
        self.inspector.status.setToolTip(tooltip_text(text))
        self._shown = True
