"""The Credentials page of Settings: which origins get credentials, masked, and removing them.

Each row is an origin, the kind of credential (bearer, basic, headers), the credential as
``Credential.describe`` masks it, and where it is kept (the system keyring or this session
only). Removing takes effect on OK, like every other page: the origin gets nothing from
then on and the keyring forgets it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.ui.shared.plain_text import PlainLabel, clip
from explorer.ui.shared.wording import count_text

KEYRING = QT_TRANSLATE_NOOP("CredentialsPage", "system keyring")
SESSION = QT_TRANSLATE_NOOP("CredentialsPage", "this session")


@dataclass(frozen=True, slots=True)
class KeptCredential:
    """One row of the Credentials page: nothing secret, the credential already masked."""

    origin: str
    kind: str  # bearer, basic, headers
    shown: str  # Credential.describe(): masked
    kept: str  # where: the system keyring, or this session


COLUMNS = (
    QT_TRANSLATE_NOOP("CredentialsPage", "Origin"),
    QT_TRANSLATE_NOOP("CredentialsPage", "Kind"),
    QT_TRANSLATE_NOOP("CredentialsPage", "Credential"),
    QT_TRANSLATE_NOOP("CredentialsPage", "Kept in"),
)
KIND_TEXT = {  # keyed by explorer.net.http.credentials.Credential.scheme
    "bearer": QT_TRANSLATE_NOOP("CredentialsPage", "bearer"),
    "basic": QT_TRANSLATE_NOOP("CredentialsPage", "basic"),
    "headers": QT_TRANSLATE_NOOP("CredentialsPage", "headers"),
}
"""A credential's kind as the Kind column says it, in the interface language."""


class CredentialsPage(QWidget):
    """Lists ``kept()`` rows; ``apply()`` calls ``forget(origin)`` for each one removed."""

    def __init__(
        self,
        kept: Callable[[], list[KeptCredential]],
        forget: Callable[[str], object],
        keyring_name: str | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.kept = kept
        self.forget = forget
        self.removed: list[str] = []
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([self.tr(title) for title in COLUMNS])
        self.table.setAccessibleName(self.tr("Credentials by origin"))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setAccessibleName(self.tr("Remove the selected credentials"))
        self.remove_button.clicked.connect(self.remove_selected)
        self.table.itemSelectionChanged.connect(self._update_button)
        self.count = PlainLabel()
        where = (
            self.tr("Remembered secrets are in the system keyring (%1).").replace(
                "%1", keyring_name
            )
            if keyring_name
            else self.tr(
                "No system keyring is available: credentials are kept for this session only."
            )
        )
        only = self.tr("Each origin's credentials are sent to that origin only.")
        note = PlainLabel(self.tr("{where} {only}").format(where=where, only=only))
        note.setWordWrap(True)
        note.setEnabled(False)
        buttons = QHBoxLayout()
        buttons.addWidget(self.count, 1)
        buttons.addWidget(self.remove_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        layout.addWidget(note)
        self.reload()

    def reload(self) -> None:
        rows = [row for row in self.kept() if row.origin not in self.removed]
        self.table.setRowCount(len(rows))
        for index, row in enumerate(rows):
            kept = self.tr(row.kept)  # where it is kept, marked above
            kind = self.tr(KIND_TEXT[row.kind]) if row.kind in KIND_TEXT else row.kind
            for column, text in enumerate((row.origin, kind, row.shown, kept)):
                self.table.setItem(index, column, QTableWidgetItem(clip(text, 300)))
        self.count.setText(count_text(len(rows), "origin"))
        self._update_button()

    def origins(self) -> list[str]:
        """The origins listed now (without those marked for removal)."""
        return [self._origin_at(row) for row in range(self.table.rowCount())]

    def remove_selected(self) -> None:
        rows = sorted({index.row() for index in self.table.selectedIndexes()})
        self.removed += [self._origin_at(row) for row in rows]
        self.reload()

    def _origin_at(self, row: int) -> str:
        item = self.table.item(row, 0)  # every listed row has its origin cell
        return item.text() if item is not None else ""

    def _update_button(self) -> None:
        self.remove_button.setEnabled(bool(self.table.selectedIndexes()))

    def apply(self) -> None:
        for origin in self.removed:
            self.forget(origin)
        self.removed = []
