"""Replay…: a stored delivery or a logged exchange, edited (method, URL, headers, body)
and sent anywhere, re-signed with a chosen secret and algorithm or with its original
signature; the answer is recorded as a new exchange linked to the original and shown.

Non-modal (``open``). The secret is a password field; it goes to the engine only and is
never shown or logged. The answer is shown as plain text (``PlainTextView``: its
invisible characters as escapes), its first 4 KiB, as in the feed's Forwarded tab.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from explorer.core.said_error import SaidError
from explorer.net.live.forwarding.forward_outbox import ANSWER_KEPT
from explorer.net.live.forwarding.replay import Edits, ReplayRequest, ReplayResult
from explorer.net.store.exchange_links import DELIVERY
from explorer.ui.language import ui_language
from explorer.ui.shared.plain_text import PlainLabel, PlainTextView
from explorer.ui.shared.request_fields import algorithm_box, header_lines

METHODS = ("POST", "PUT", "GET", "DELETE", "PATCH")


class ReplayDialogWidgets(QDialog):
    """Layout only: the request's fields, the signing choice, Send, and the answer."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Replay…"))
        self.original = PlainLabel()
        self.method = QComboBox()
        self.method.setEditable(True)
        self.method.addItems(list(METHODS))
        self.method.setAccessibleName(self.tr("Method"))
        self.url = QLineEdit()
        self.url.setAccessibleName(self.tr("URL"))
        self.headers = QPlainTextEdit()
        self.headers.setAccessibleName(self.tr("Headers, one 'Name: value' a line"))
        self.headers.setFixedHeight(self.fontMetrics().height() * 6)
        self.body = QPlainTextEdit()
        self.body.setAccessibleName(self.tr("Body"))
        self.resign = QRadioButton(self.tr("Re-sign with this secret"))
        self.keep_signature = QRadioButton(self.tr("Send with its original signature"))
        self.keep_signature.setChecked(True)
        self.signing = QButtonGroup(self)
        self.signing.addButton(self.resign)
        self.signing.addButton(self.keep_signature)
        self.secret = QLineEdit()
        self.secret.setEchoMode(QLineEdit.EchoMode.Password)
        self.secret.setAccessibleName(self.tr("Secret"))
        self.algorithm = algorithm_box(self.tr("Signature algorithm"))
        resign_row = QHBoxLayout()
        resign_row.addWidget(self.resign)
        resign_row.addWidget(self.secret, 1)
        resign_row.addWidget(self.algorithm)
        self.answer = PlainTextView()  # the target's own words
        self.answer.setAccessibleName(self.tr("Answer"))
        self.answer.setPlaceholderText(self.tr("The answer appears here, recorded in the log"))
        form = QFormLayout()
        form.addRow(self.tr("Original"), self.original)
        form.addRow(self.tr("Method"), self.method)
        form.addRow(self.tr("URL"), self.url)
        form.addRow(self.tr("Headers"), self.headers)
        form.addRow(self.tr("Body"), self.body)
        form.addRow(self.tr("Signature"), resign_row)
        form.addRow("", self.keep_signature)
        self.send_button = QPushButton(self.tr("Send"))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.addButton(self.send_button, QDialogButtonBox.ButtonRole.ActionRole)
        layout = QVBoxLayout(self)
        layout.addLayout(form, 2)
        layout.addWidget(self.answer, 1)
        layout.addWidget(self.buttons)
        self.resize(640, 560)


class ReplayDialog(ReplayDialogWidgets):
    """Fills the editor from ``request``; Send replays it through the services."""

    def __init__(
        self, services: Any, spawn: Any, request: ReplayRequest, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.services = services
        self.spawn = spawn
        self.request = request
        self.outcome: ReplayResult | None = None
        self._body_text = request.body.decode("utf-8", "replace")
        self.original.setText(self.original_text(request.original_kind, request.original_id))
        self.method.setCurrentText(request.method)
        self.url.setText(request.url)
        self.headers.setPlainText("\n".join(f"{n}: {v}" for n, v in request.headers))
        self.body.setPlainText(self._body_text)
        self.send_button.clicked.connect(self.send)
        self.buttons.rejected.connect(self.reject)
        self.secret.textEdited.connect(lambda _text: self.resign.setChecked(True))

    def edits(self) -> tuple[ReplayRequest, Edits] | str:
        """The request with the edited headers, and the rest of the edits; or why not."""
        headers = header_lines(self.headers.toPlainText())
        if isinstance(headers, int):
            return self.tr("Header line {number} is not 'Name: value'.").format(number=headers)
        if self.resign.isChecked() and not self.secret.text().strip():
            # fails closed, as the command line does: a blank secret is a mistake, not "none"
            return self.tr(
                "The secret is empty or blank, so there is nothing to re-sign with: type "
                "the subscription's secret (hub.secret), or choose Send with its original "
                "signature."
            )
        text = self.body.toPlainText()
        body = None if text == self._body_text else text.encode("utf-8")
        request = ReplayRequest(
            self.request.original_kind,
            self.request.original_id,
            self.request.method,
            self.request.url,
            headers,
            self.request.body,
            self.request.complete,
        )
        edits = Edits(
            url=self.url.text().strip() or None,
            method=self.method.currentText().strip() or None,
            body=body,
            secret=self.secret.text() if self.resign.isChecked() else None,
            algorithm=self.algorithm.currentText(),
        )
        return request, edits

    def send(self) -> None:
        self.spawn(self.send_now())

    async def send_now(self) -> ReplayResult | None:
        made = self.edits()
        if isinstance(made, str):
            self.answer.setPlainText(made)
            return None
        self.send_button.setEnabled(False)
        self.answer.setPlainText(self.tr("sending…"))
        try:
            result = await self.services.replay.send_replay(*made)
        except SaidError as exc:
            self.answer.setPlainText(exc.describe(ui_language()))
            return None
        finally:
            self.send_button.setEnabled(True)
        self.outcome = result
        self.answer.setPlainText(self.describe(result))
        return result

    def original_text(self, kind: str, original_id: int) -> str:
        if kind == DELIVERY:
            return self.tr("delivery {id}").format(id=original_id)
        return self.tr("exchange {id}").format(id=original_id)

    def describe(self, result: ReplayResult) -> str:
        record = result.record
        signing = {
            "re-signed": self.tr("re-signed"),
            "original": self.tr("with its original signature"),
            "none": self.tr("unsigned"),
        }[result.signature]
        if record.status is None:
            head = self.tr("exchange {id}, replay of {original}, {signing}: no answer ({error})")
        else:
            head = self.tr(
                "exchange {id}, replay of {original}, {signing}: {status} in {ms:.0f} ms"
            )
        head = head.format(
            id=record.id,
            original=self.original_text(result.link.original_kind, result.link.original_id),
            signing=signing,
            status=record.status,
            ms=record.duration_ms or 0.0,
            error=record.error,
        )
        body = (record.response_body or b"")[:ANSWER_KEPT].decode("utf-8", "replace")
        return f"{head}\n\n{body}" if body else head
