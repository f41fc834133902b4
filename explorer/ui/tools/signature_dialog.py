"""Tools ▸ Signature…: is this X-Hub-Signature right for this body under this secret?

The judgement is the ``signature`` command's (``explorer.core.push.signature_tool``: HMAC over
the body's bytes, WebSub §7.1, compared in constant time). The secret is typed into a
password field and never shown; the expected value is shown only when asked for, and
hidden again as soon as anything changes, since it is as good as the secret for that body.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from explorer.core import catalog
from explorer.core.push.signature_tool import SignatureVerdict, judge
from explorer.core.push.signatures import SignatureState
from explorer.ui.language import ui_language
from explorer.ui.tools.signature_widgets import SignatureWidgets

MAX_BODY_BYTES = 16 * 1024 * 1024
VALID_STYLE, INVALID_STYLE = (
    "color: #2e7d32; font-weight: bold",
    "color: #c62828; font-weight: bold",
)


class SignatureDialog(SignatureWidgets):
    """Judges the inputs as they are typed; ``verdict`` says valid or invalid and why."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.body_edit.textChanged.connect(self.check)
        self.header_edit.textChanged.connect(self.check)
        self.secret_edit.textChanged.connect(self.check)
        self.algorithm.currentIndexChanged.connect(self.check)
        self.expected_button.clicked.connect(self.show_expected)
        self.buttons.rejected.connect(self.reject)
        self.check()

    def check(self) -> SignatureVerdict | None:
        """Judge what is typed now; None while something is missing."""
        self.expected.clear()
        body, secret, header = self._body(), self.secret_edit.text(), self.header_edit.text()
        verdict = None
        if body is None:
            text = self.tr("The body is over {limit} MiB.").format(limit=MAX_BODY_BYTES >> 20)
        elif not header.strip():
            text = self.tr("Paste the X-Hub-Signature value, e.g. sha256=…")
        elif not secret:
            text = self.tr("Type the secret the subscription gave the hub (hub.secret).")
        else:
            verdict = judge(body, secret, header, self.algorithm.currentData())
            text = self._verdict_text(verdict, len(body))
        self.verdict.setText(text)
        self.verdict.setStyleSheet(
            "" if verdict is None else VALID_STYLE if verdict.valid else INVALID_STYLE
        )
        self.expected_button.setEnabled(body is not None and bool(secret))
        return verdict

    def _body(self) -> bytes | None:
        body = self.body_edit.toPlainText().encode("utf-8")
        return None if len(body) > MAX_BODY_BYTES else body

    def _verdict_text(self, verdict: SignatureVerdict, size: int) -> str:
        lang = ui_language()
        if verdict.state is SignatureState.MALFORMED:
            return self.tr(
                "invalid: not ALGORITHM=HEX with ALGORITHM one of sha1, sha256, sha384, "
                "sha512 (WebSub §7.1)"
            )
        if verdict.valid:
            return catalog.text("signature.valid", lang, algorithm=verdict.algorithm, size=size)
        if verdict.required is not None and verdict.algorithm != verdict.required:
            return catalog.text(
                "signature.wrong-algorithm",
                lang,
                algorithm=verdict.algorithm,
                required=verdict.required,
                size=size,
            )
        return catalog.text("signature.invalid", lang, algorithm=verdict.algorithm, size=size)

    def show_expected(self) -> str:
        """On request: the value the secret gives for this body (with the algorithm asked
        for, else the header's, else sha256)."""
        body, secret = self._body(), self.secret_edit.text()
        if body is None or not secret:
            return ""
        verdict = judge(body, secret, self.header_edit.text(), self.algorithm.currentData())
        self.expected.setText(verdict.expected)
        return verdict.expected


def show_signature_tool(parent: QWidget) -> SignatureDialog:
    """Open the tool, non-modal (never a nested event loop inside the qasync loop)."""
    dialog = SignatureDialog(parent)
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()
    return dialog
