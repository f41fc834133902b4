"""The "Authentication required" prompt: credentials for one origin after a 401 or 403.

A Source that answers 401/403 (``http.auth-required``/``http.forbidden``) gets this
dialog, naming the origin and what its ``WWW-Authenticate`` asks for (RFC 9110 §11.6.1).
The user gives a bearer token, a user and password (basic), or extra headers, and may
ask to remember them. What the server sent is outside text and shown as plain text.
The dialog is opened with ``open()`` and answers through ``finished`` (docs/architecture.md, "Rules
of the event loop").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QRadioButton,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from explorer.core.auth import OriginError, describe_challenge, origin_of
from explorer.core.words.messages import render_phrase, verbatim
from explorer.net.http.credentials import Credential, CredentialsError, parse_header
from explorer.net.http.fetcher import FetchResult
from explorer.ui.language import ui_language
from explorer.ui.shared.plain_text import PlainLabel

AUTH_STATUSES = (401, 403)
MAX_HEADER_LINES = 50
KINDS = ("token", "basic", "headers")


@dataclass(frozen=True, slots=True)
class AuthChallenge:
    """A refusal to answer: which origin, what it asks for, and whether we had sent any."""

    origin: str
    url: str
    status: int
    asked: str  # e.g. 'Bearer (realm "Closed Library")'
    credentials_sent: bool

    @property
    def suggested_kind(self) -> str:
        return "basic" if self.asked.lower().startswith("basic") else "token"


def find_challenge(results: Iterable[FetchResult | None]) -> AuthChallenge | None:
    """The first 401/403 among ``results`` (a Source's discovery and documents), or None."""
    for result in results:
        if result is None or result.status not in AUTH_STATUSES:
            continue
        try:
            origin = origin_of(result.final_url)
        except OriginError:
            continue
        return AuthChallenge(
            origin,
            result.final_url,
            result.status or 0,
            describe_challenge(result.headers.get_list("www-authenticate")),
            result.credentials_sent,
        )
    return None


class AuthDialog(QDialog):
    """Token / Basic / Headers for ``challenge.origin``; ``credential()`` after OK.

    ``keyring_name`` None means there is no system keyring: remembering then lasts for
    this session only, and the dialog says so before the user ticks the box."""

    def __init__(
        self,
        challenge: AuthChallenge,
        keyring_name: str | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.challenge = challenge
        self.setWindowTitle(self.tr("Authentication required"))
        self.setObjectName("AuthDialog")
        self.setModal(False)
        self._credential: Credential | None = None

        self.heading = PlainLabel(self._heading())
        self.heading.setWordWrap(True)
        self.origin_label = PlainLabel(challenge.origin)
        self.origin_label.setAccessibleName(self.tr("Origin"))
        self.origin_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.asked_label = PlainLabel(challenge.asked)
        self.asked_label.setWordWrap(True)
        self.asked_label.setAccessibleName(self.tr("What the server asks for"))

        self.kind_buttons = QButtonGroup(self)
        kinds = QHBoxLayout()
        labels = {
            "token": self.tr("Token (Bearer)"),
            "basic": self.tr("User and password (Basic)"),
            "headers": self.tr("Headers"),
        }
        for index, kind in enumerate(KINDS):
            button = QRadioButton(labels[kind])
            button.setObjectName(f"kind-{kind}")
            self.kind_buttons.addButton(button, index)
            kinds.addWidget(button)
        kinds.addStretch(1)

        self.token = QLineEdit()
        self.token.setEchoMode(QLineEdit.EchoMode.Password)
        self.token.setAccessibleName(self.tr("Token"))
        self.token.setPlaceholderText(self.tr("sent as Authorization: Bearer …"))
        self.user = QLineEdit()
        self.user.setAccessibleName(self.tr("User"))
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setAccessibleName(self.tr("Password"))
        self.headers = QPlainTextEdit()
        self.headers.setAccessibleName(self.tr("Headers"))
        self.headers.setPlaceholderText(self.tr("One per line, e.g.\nX-Api-Key: …"))
        self.headers.setTabChangesFocus(True)
        self.headers.setFixedHeight(self.fontMetrics().lineSpacing() * 5 + 12)

        self.pages = QStackedWidget()
        token_page = QWidget()
        QFormLayout(token_page).addRow(self.tr("Token"), self.token)
        basic_page = QWidget()
        basic_form = QFormLayout(basic_page)
        basic_form.addRow(self.tr("User"), self.user)
        basic_form.addRow(self.tr("Password"), self.password)
        headers_page = QWidget()
        headers_form = QFormLayout(headers_page)
        headers_form.addRow(self.tr("Headers"), self.headers)
        for page in (token_page, basic_page, headers_page):
            self.pages.addWidget(page)
        self.kind_buttons.idToggled.connect(self._kind_toggled)

        self.remember = QCheckBox(self.tr("Remember for this origin"))
        self.remember.setAccessibleName(self.tr("Remember for this origin"))
        self.keyring_note = PlainLabel(self._keyring_text(keyring_name))
        self.keyring_note.setWordWrap(True)
        self.keyring_note.setObjectName("KeyringNote")
        self.error = PlainLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        self.error.hide()

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.tr("Send and retry"))
        buttons.accepted.connect(self._try_accept)
        buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow(self.tr("Origin"), self.origin_label)
        form.addRow(self.tr("Asks for"), self.asked_label)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addLayout(form)
        layout.addLayout(kinds)
        layout.addWidget(self.pages)
        layout.addWidget(self.remember)
        layout.addWidget(self.keyring_note)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.set_kind(challenge.suggested_kind)

    def _heading(self) -> str:
        if self.challenge.credentials_sent:
            return self.tr(
                "The credentials sent were refused (HTTP %1). Give other ones to retry."
            ).replace("%1", str(self.challenge.status))
        return self.tr(
            "This Source answered HTTP %1: it is read only with credentials. They are sent "
            "to this origin only, never to another host a link or redirect leads to."
        ).replace("%1", str(self.challenge.status))

    def _keyring_text(self, keyring_name: str | None) -> str:
        if keyring_name is None:
            return self.tr(
                "No system keyring is available: remembered credentials are kept for this "
                "session only, and asked for again after a restart."
            )
        return self.tr("Remembered credentials go to the system keyring (%1).").replace(
            "%1", keyring_name
        )

    def set_kind(self, kind: str) -> None:
        self.kind_buttons.button(KINDS.index(kind)).setChecked(True)

    def kind(self) -> str:
        return KINDS[max(0, self.kind_buttons.checkedId())]

    def _kind_toggled(self, index: int, checked: bool) -> None:
        if checked:
            self.pages.setCurrentIndex(index)
            focus = (self.token, self.user, self.headers)[index]
            focus.setFocus()

    def credential(self) -> Credential | None:
        """What the user gave, once accepted."""
        return self._credential

    def read_credential(self) -> Credential:
        """The fields as a credential; ``CredentialsError`` says what is wrong (no secret)."""
        kind = self.kind()
        if kind == "token":
            token = self.token.text().strip()
            if not token:
                raise CredentialsError(verbatim(self.tr("Enter the token.")))
            return Credential(token=token)
        if kind == "basic":
            user = self.user.text().strip()
            if not user:
                raise CredentialsError(verbatim(self.tr("Enter the user name.")))
            return Credential(user=user, password=self.password.text())
        lines = [line for line in self.headers.toPlainText().splitlines() if line.strip()]
        if not lines:
            raise CredentialsError(verbatim(self.tr("Enter at least one header, as Name: value.")))
        if len(lines) > MAX_HEADER_LINES:
            raise CredentialsError(
                verbatim(self.tr("At most %1 headers.").replace("%1", str(MAX_HEADER_LINES)))
            )
        return Credential(headers=tuple(parse_header(line) for line in lines))

    def _try_accept(self) -> None:
        try:
            self._credential = self.read_credential()
        except CredentialsError as exc:
            self.error.setText(render_phrase(exc.said, ui_language()))
            self.error.show()
            return
        self.accept()
