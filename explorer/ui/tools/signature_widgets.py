"""Tools ▸ Signature…'s view: the body, the X-Hub-Signature value, the secret (never
shown), the algorithm a receiver insists on, the verdict and, on request, the expected
value. Built only; ``SignatureDialog`` connects it."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from explorer.core.push.signatures import ALGORITHMS
from explorer.ui.shared.plain_text import PlainLabel


class SignatureWidgets(QDialog):
    """Every widget of the signature tool, laid out; nothing connected."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Signature"))
        self.setMinimumSize(560, 420)
        fixed = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.body_edit = QPlainTextEdit()
        self.body_edit.setFont(fixed)
        self.body_edit.setAccessibleName(self.tr("Body"))
        self.body_edit.setPlaceholderText(
            self.tr("Paste the body exactly as it was sent (UTF-8; line endings count)")
        )
        self.header_edit = QLineEdit()
        self.header_edit.setFont(fixed)
        self.header_edit.setAccessibleName(self.tr("X-Hub-Signature value"))
        self.header_edit.setPlaceholderText("sha256=…")
        self.secret_edit = QLineEdit()
        self.secret_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.secret_edit.setAccessibleName(self.tr("Secret"))
        self.secret_edit.setPlaceholderText(self.tr("the subscription's hub.secret"))
        self.algorithm = QComboBox()
        self.algorithm.setAccessibleName(self.tr("Algorithm"))
        self.algorithm.addItem(self.tr("the one the header names"), None)
        for name in ALGORITHMS:
            self.algorithm.addItem(name, name)
        self.algorithm.setToolTip(
            self.tr("A receiver that insists on one algorithm refuses every other")
        )
        form = QFormLayout()
        form.addRow(self.tr("X-Hub-Signature:"), self.header_edit)
        form.addRow(self.tr("Secret:"), self.secret_edit)
        form.addRow(self.tr("Algorithm:"), self.algorithm)
        self.verdict = PlainLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setAccessibleName(self.tr("Verdict"))
        self.expected_button = QPushButton(self.tr("Show expected value"))
        self.expected_button.setToolTip(
            self.tr("The value this secret gives for this body: as good as the secret for it")
        )
        self.expected = PlainLabel()
        self.expected.setFont(fixed)
        self.expected.setWordWrap(True)
        self.expected.setAccessibleName(self.tr("Expected value"))
        self.expected.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        expected_row = QHBoxLayout()
        expected_row.addWidget(self.expected_button)
        expected_row.addWidget(self.expected, 1)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.body_edit, 1)
        layout.addLayout(form)
        layout.addWidget(self.verdict)
        layout.addLayout(expected_row)
        layout.addWidget(self.buttons)
