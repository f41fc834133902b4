"""The "XMPP account" dialog's widgets: who the explorer is when it subscribes to a 2012
draft XMPP PubSub channel (core 0.1-alpha §5.2.1: the Destination subscribes with an XMPP
account of its own). A view only; ``XmppAccountPanel`` gives it behaviour."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from explorer.ui.shared.plain_text import PlainLabel


class XmppAccountWidgets(QDialog):
    """JID, password (never shown), optional server, "remember", and where it is kept."""

    def __init__(self, node: str, keyring_name: str | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("XmppAccountDialog")
        self.setWindowTitle(self.tr("XMPP account"))
        self.setModal(False)
        self.heading = PlainLabel(
            self.tr(
                "Subscribe to the XMPP PubSub channel {node} (2012 draft) with your own XMPP "
                "account. Its Change Sets arrive over XMPP; there is no lease."
            ).format(node=node)
        )
        self.heading.setWordWrap(True)
        self.jid = QLineEdit()
        self.jid.setAccessibleName(self.tr("Account (JID)"))
        self.jid.setPlaceholderText(self.tr("user@example.org"))
        self.password = QLineEdit()
        self.password.setEchoMode(QLineEdit.EchoMode.Password)
        self.password.setAccessibleName(self.tr("Password"))
        self.server = QLineEdit()
        self.server.setAccessibleName(self.tr("Server (optional)"))
        self.server.setPlaceholderText(self.tr("host:port; empty: the JID's domain, by DNS"))
        self.remember = QCheckBox(self.tr("Remember the password"))
        self.keyring_note = PlainLabel(
            self.tr(
                "A remembered password goes to the system keyring ({keyring}); it is never "
                "shown, logged or exported."
            ).format(keyring=keyring_name)
            if keyring_name
            else self.tr(
                "No system keyring is available: the password is kept for this session only, "
                "and asked for again after a restart."
            )
        )
        self.keyring_note.setWordWrap(True)
        self.error = PlainLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        self.error.hide()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.tr("Subscribe"))
        form = QFormLayout()
        form.addRow(self.tr("Account (JID)"), self.jid)
        form.addRow(self.tr("Password"), self.password)
        form.addRow(self.tr("Server"), self.server)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addLayout(form)
        layout.addWidget(self.remember)
        layout.addWidget(self.keyring_note)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.setMinimumWidth(460)
