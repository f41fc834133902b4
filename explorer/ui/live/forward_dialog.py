"""Forward to…: where a subscription's accepted deliveries go on to (the user's own
application), with an optional forward secret, its algorithm, extra headers, and whether
deliveries without a valid hub signature are forwarded (unsigned and marked
``X-ResourceSync-Explorer-Verified: no``) or not at all, as ``listen --forward-unverified``.

Non-modal (``open``): the feed keeps moving while the user types. The secret is a
password field; it is handed to the services (and the credentials vault) and never
shown, logged or put in a message. Header values can be credentials: they are declared
as such (``explorer.net.http.credentials``), so logs and exports mask them.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from explorer.core.push.signatures import MAX_SECRET_BYTES
from explorer.net.live.forwarding.forwarder import ForwardTarget
from explorer.net.live.subscription import SubscriptionView
from explorer.ui.shared.plain_text import PlainLabel
from explorer.ui.shared.request_fields import algorithm_box, header_lines


class ForwardDialogWidgets(QDialog):
    """Layout only: target URL, secret, algorithm, headers, the verdict line, buttons."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Forward to…"))
        self.topic = PlainLabel()
        self.url = QLineEdit()
        self.url.setPlaceholderText(self.tr("http://127.0.0.1:8000/hook (your application)"))
        self.url.setAccessibleName(self.tr("Target URL"))
        self.secret = QLineEdit()
        self.secret.setEchoMode(QLineEdit.EchoMode.Password)
        self.secret.setPlaceholderText(  # empty is a choice here, so the field says what it does
            self.tr("empty: forwarded unsigned; a secret signs each delivery (X-Hub-Signature)")
        )
        self.secret.setAccessibleName(self.tr("Forward secret"))
        self.algorithm = algorithm_box(self.tr("Signature algorithm"))
        self.headers = QPlainTextEdit()
        self.headers.setPlaceholderText(self.tr("Extra headers, one 'Name: value' a line"))
        self.headers.setAccessibleName(self.tr("Extra headers"))
        self.headers.setFixedHeight(self.fontMetrics().height() * 5)
        self.unverified = QCheckBox(self.tr("Also forward unverified deliveries"))
        self.unverified_note = PlainLabel(
            self.tr(
                "Unverified: no valid hub signature (a 2012 callback or XMPP push, a "
                "subscription without a secret), so anyone who knows the callback URL could "
                "have sent it. Ticked: sent without X-Hub-Signature and with "
                "X-ResourceSync-Explorer-Verified: no. Not ticked: not forwarded."
            )
        )
        self.unverified_note.setWordWrap(True)
        self.problem = PlainLabel()
        self.problem.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Subscription"), self.topic)
        form.addRow(self.tr("Target URL"), self.url)
        form.addRow(self.tr("Forward secret"), self.secret)
        form.addRow(self.tr("Algorithm"), self.algorithm)
        form.addRow(self.tr("Headers"), self.headers)
        unverified = QVBoxLayout()
        unverified.addWidget(self.unverified)
        unverified.addWidget(self.unverified_note)
        form.addRow(self.tr("Unverified"), unverified)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.stop_button = QPushButton(self.tr("Stop forwarding"))
        self.buttons.addButton(self.stop_button, QDialogButtonBox.ButtonRole.DestructiveRole)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.resize(520, self.heightForWidth(520))  # tall enough for the wrapped note


class ForwardDialog(ForwardDialogWidgets):
    """Reads the form into a ``ForwardTarget``; ``chosen(target)`` or ``stopped()`` is
    called by the owner's hooks, so the dialog itself touches no service."""

    def __init__(
        self,
        subscription: SubscriptionView,
        current: ForwardTarget | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.subscription = subscription
        self.target: ForwardTarget | None = None
        self.stop_asked = False
        self.topic.setText(subscription.topic)
        if current is not None:
            self.url.setText(current.url)
            self.algorithm.setCurrentText(current.algorithm)
            self.headers.setPlainText("\n".join(f"{n}: {v}" for n, v in current.headers))
            self.secret.setText(current.secret or "")
            self.unverified.setChecked(current.forward_unverified)
        self.stop_button.setEnabled(current is not None)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        self.stop_button.clicked.connect(self._stop)

    def read_target(self) -> ForwardTarget | str:
        """The target the form describes, or why it cannot be used (no secret in it)."""
        url = self.url.text().strip()
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            return self.tr("Give the application's address as http://host:port/path.")
        if "@" in parts.netloc:
            return self.tr(
                "Leave the user name and password out of the URL; give an "
                "'Authorization: …' header instead."
            )
        secret = self.secret.text() or None
        if secret is not None and not secret.strip():
            return self.tr(
                "The forward secret is only spaces: type the secret, or empty the field "
                "to forward unsigned."
            )
        if secret is not None and len(secret.encode()) > MAX_SECRET_BYTES:
            return self.tr("The forward secret is too long.")
        headers = header_lines(self.headers.toPlainText())
        if isinstance(headers, int):
            return self.tr("Header line {number} is not 'Name: value'.").format(number=headers)
        return ForwardTarget(
            url,
            secret,
            self.algorithm.currentText(),
            tuple(headers),
            forward_unverified=self.unverified.isChecked(),
        )

    def _accept(self) -> None:
        target = self.read_target()
        if isinstance(target, str):
            self.problem.setText(target)
            return
        self.target = target
        self.accept()

    def _stop(self) -> None:
        self.stop_asked = True
        self.accept()
