"""The HTTP inspector: every exchange of the exchange log, with details, curl and replay.

Like ngrok's inspector: the list shows each request the explorer sent or received,
the detail pane its headers, pretty-printed bodies (with the cap shown) and timing.
A received delivery can be replayed to its callback; any request can be copied as
a curl command. Credential headers are masked in the detail and in "Copy as curl"
(``Authorization: Bearer ••••1234``), whatever the record holds; a command with the
real credentials (and, for a subscription request, the real ``hub.secret``) is a
separate, explicit action, built from the credentials kept now for the request's own
origin and the stored subscription.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QWidget,
)

from explorer.net.store.exchange_log import SECRET_MASK
from explorer.net.store.records import ExchangeRecord
from explorer.ui.inspector.exchange_model import ExchangeModel
from explorer.ui.inspector.inspector_widgets import InspectorWidgets
from explorer.ui.services import ExplorerServices
from explorer.ui.shared.exchange_text import curl_command, describe
from explorer.ui.shared.feedback import confirm
from explorer.ui.shared.plain_text import visible
from explorer.ui.shared.wording import count_text


class InspectorPanel(InspectorWidgets):
    """The HTTP inspector dock: fills the exchange table from the services' log and
    copies, replays and describes the selected exchange."""

    def __init__(
        self, services: ExplorerServices, spawn: Any, parent: QWidget | None = None
    ) -> None:
        super().__init__(ExchangeModel(), parent)
        self.model.setParent(self)
        self.services = services
        self.spawn = spawn
        self.table.selectionModel().currentRowChanged.connect(self._row_selected)
        self.secret_curl_button.clicked.connect(self.copy_curl_with_credentials)
        self.curl_button.clicked.connect(self.copy_curl)
        self.replay_button.clicked.connect(self.replay)
        self.filter_edit.textChanged.connect(self._apply_filter)
        self.model.rowsInserted.connect(self._follow_newest)
        self.model.rowsInserted.connect(self._update_count)
        self.model.modelReset.connect(self._update_count)
        services.exchanges_logged.connect(self._append)
        self._update_buttons(None)

    def _append(self, records: list[ExchangeRecord]) -> None:
        # A bound slot, not a lambda: Qt drops the connection when this panel is destroyed,
        # while the services object (and its signal) may outlive the window.
        self.model.add(records)

    def _apply_filter(self) -> None:
        selected = self.selected()
        self.model.set_filter(self.filter_edit.text())
        if selected is not None and selected in self.model._rows:
            self.table.selectRow(self.model._rows.index(selected))
        elif selected is not None:  # hidden by the filter: its detail goes with it
            self.table.clearSelection()
            self.table.setCurrentIndex(QModelIndex())
            self.detail.set_xml("")
            self._update_buttons(None)

    def _follow_newest(self) -> None:
        if self.follow.isChecked() and not self.table.selectionModel().hasSelection():
            self.table.scrollToBottom()

    def _update_count(self) -> None:
        shown, total = self.model.rowCount(), self.model.total
        self.count_label.setText(
            self.tr("{shown} of {total}").format(shown=f"{shown:,}", total=f"{total:,}")
            if shown != total
            else count_text(total, "exchange")
        )

    def restore(self) -> None:
        self.model.add(self.services.stored_exchanges())

    def selected(self) -> ExchangeRecord | None:
        index = self.table.currentIndex()
        return self.model.record(index.row()) if index.isValid() else None

    def _row_selected(self, current: QModelIndex, _previous: QModelIndex) -> None:
        record = self.model.record(current.row()) if current.isValid() else None
        self.detail.set_xml(visible(describe(record)) if record is not None else "")
        self._update_buttons(record)

    def _update_buttons(self, record: ExchangeRecord | None) -> None:
        self.curl_button.setEnabled(record is not None)
        self.secret_curl_button.setEnabled(
            record is not None
            and record.direction == "out"
            and (
                bool(self.services.access.headers_for(record.url))
                or self.services.evidence.with_secret(record) is not record
            )
        )
        self.replay_button.setEnabled(
            record is not None and record.direction == "in" and record.kind == "delivery"
        )

    def copy_curl(self) -> None:
        record = self.selected()
        if record is not None:
            QGuiApplication.clipboard().setText(curl_command(record))
            masked = SECRET_MASK.encode() in (record.request_body or b"")
            self.status.setText(
                self.tr(
                    "curl command copied; its hub.secret is masked (••••): put the "
                    "subscription's secret in its place (Copy secret, Subscriptions) or it "
                    "subscribes with the mask as its secret"
                )
                if masked
                else self.tr("curl command copied, secrets masked")
            )
            confirm(
                self,
                self.tr("copied a curl command for {method} {url}").format(
                    method=record.method, url=record.url
                ),
            )

    def copy_curl_with_credentials(self) -> None:
        """The explicit action: the command with the credentials kept for the request's
        origin now and, for a subscription request, the subscription's real
        ``hub.secret`` (the record itself holds only masked values)."""
        record = self.selected()
        if record is None:
            return
        credentials = self.services.access.headers_for(record.url)
        revealed = self.services.evidence.with_secret(record)
        if not credentials and revealed is record:
            self.status.setText(self.tr("no credentials or secret are kept for this request"))
            return
        QGuiApplication.clipboard().setText(curl_command(revealed, credentials))
        self.status.setText(self.tr("curl command copied, WITH secrets in clear"))
        confirm(
            self,
            self.tr("copied a curl command with secrets in clear for {url}").format(url=record.url),
        )

    def replay(self) -> None:
        record = self.selected()
        if record is not None:
            self.spawn(self._replay(record))

    async def _replay(self, record: ExchangeRecord) -> None:
        answer = await self.services.replay_delivery(record)
        self.status.setText(
            self.tr("replayed: the callback answered {answer}").format(answer=answer)
        )
        confirm(
            self, self.tr("delivery replayed: the callback answered {answer}").format(answer=answer)
        )
