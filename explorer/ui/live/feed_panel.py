"""The live feed's behaviour: rows in, the filter, a detail pane for the selected row,
export and Clear (its widgets are laid out by ``explorer.ui.live.feed_widgets``).

The detail pane shows what the change tracker computed (entries old → new), the
findings, the raw payload and, for framework notifications, the side-by-side diff
of each refetched document, computed in a worker when the row is selected.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QMessageBox, QWidget

from explorer.core import catalog
from explorer.core.change_descriptions import (
    ChangeKind,
    EntryChange,
    describe_changes,
    reason_text,
)
from explorer.core.changes import LineDiff, SideBySideRow
from explorer.core.findings import Finding
from explorer.core.words.engine_words import known_reason
from explorer.net.live.subscriber_events import DIFF, SubscriberEvent
from explorer.net.store.database import StoreError
from explorer.ui.language import ui_language
from explorer.ui.live.diff_window import DiffWindow
from explorer.ui.live.feed_export import FEED_FORMATS
from explorer.ui.live.feed_model import (
    FRAMEWORK,
    REJECTED_KIND,
    WATCHDOG,
    FeedItem,
    FeedModel,
    is_feed_event,
    rejected_text,
)
from explorer.ui.live.feed_widgets import DIFF_TAB, FeedWidgets
from explorer.ui.live.forwarding_actions import FeedForwarding
from explorer.ui.services import ExplorerServices
from explorer.ui.shared.export_dialog import export_dialog
from explorer.ui.shared.feedback import confirm
from explorer.ui.shared.icons import CHANGE_COLOURS
from explorer.ui.shared.plain_text import clip, escape_for_html
from explorer.ui.shared.problems_model import ProblemsModel
from explorer.ui.shared.tasks import TaskKeeper
from explorer.ui.shared.wording import count_text, list_text

OLD = "#d32f2f"
ROWS_PER_TURN = 500
"""At most this many rows are added per turn of the event loop (about 30 ms of work), the
rest on the next turns: restoring 5,000 stored deliveries in one go held the window for
0.35 s at start-up."""
NEW = "#2e9d48"
FILTER_DELAY_MS = 250
"""The text filter waits this long after the last key, so typing a word costs one pass over
the rows, not one per letter (a pass hides and shows rows; it no longer rebuilds them)."""


def _fields(values: Mapping[str, Any] | None, colour: str, strike: bool = False) -> str:
    style = f"color:{colour};" + ("text-decoration:line-through;" if strike else "")
    return list_text(
        [
            f"{escape_for_html(k)} <span style='{style}'>{escape_for_html(v)}</span>"
            for k, v in (values or {}).items()
        ]
    )


def changes_html(item: FeedItem) -> str:
    """The entries of a notification with what changed, old → new."""
    if item.kind == REJECTED_KIND:
        acknowledged = QCoreApplication.translate(
            "FeedPanel", "It was acknowledged to the hub but is not a notification."
        )
        return (
            f"<p style='color:{OLD}'>{escape_for_html(rejected_text(item, ui_language()))}"
            f"</p><p>{escape_for_html(acknowledged)}</p>"
        )
    if item.diff is None:
        if item.diff_pending:
            why = escape_for_html(
                QCoreApplication.translate(
                    "FeedPanel", "the documents it names are being refetched; the diff follows"
                )
            )
        elif item.note:
            why = escape_for_html(known_reason(item.note, ui_language()))
        else:
            why = escape_for_html(
                QCoreApplication.translate(
                    "FeedPanel",
                    "the tracker's state is not kept across restarts, or it could not be computed",
                )
            )
        rows = "".join(
            f"<li><b>{escape_for_html(_entry_word(item, e.get('change')))}</b> "
            f"{escape_for_html(e.get('loc'))} {escape_for_html(e.get('datetime') or '')}</li>"
            for e in item.entries
        )
        if item.kind == WATCHDOG and item.note:
            # a watchdog's verdict is not a notification waiting for its diff: its own frame
            verdict = QCoreApplication.translate("FeedPanel", "Watchdog: {verdict}.")
            return f"<p>{verdict.format(verdict=why)}</p><ul>{rows}</ul>"
        entries = escape_for_html(count_text(item.entry_count, "entry"))
        no_diff = QCoreApplication.translate("FeedPanel", "{entries} (no diff: {why}).").format(
            entries=entries, why=why
        )
        return f"<p>{no_diff}</p><ul>{rows}</ul>"
    parts = []
    for entry in describe_changes(item.diff):
        colour = CHANGE_COLOURS.get(entry.change, "")
        head = (
            f"<b style='color:{colour}'>{escape_for_html(entry.change)}</b> "
            f"{escape_for_html(entry.loc)}"
        )
        parts.append(f"<p>{head}<br>{_change_body_html(entry)}</p>")
    return (
        "".join(parts)
        or f"<p>{escape_for_html(QCoreApplication.translate('FeedPanel', 'No entries.'))}</p>"
    )


def _entry_word(item: FeedItem, change: object) -> str:
    """What an entry of a row says of its location: a change type as the document writes
    it, or a watchdog verdict (unannounced, unlisted) in the interface language."""
    key = f"reconcile.kind-{change}"
    if item.kind == WATCHDOG and catalog.has(key, ui_language()):
        return catalog.text(key, ui_language())
    return str(change)


def _change_body_html(entry: EntryChange) -> str:
    """The lines under an entry's head: what the shared description says, coloured."""
    indent = "&nbsp;&nbsp;"
    if entry.kind is ChangeKind.FIELDS:
        return "<br>".join(
            f"{indent}{escape_for_html(f.name)}: <span style='color:{OLD};"
            f"text-decoration:line-through'>{escape_for_html(f.old)}</span>"
            f" → <span style='color:{NEW}'>{escape_for_html(f.new)}</span>"
            for f in entry.fields
        )
    if entry.kind is ChangeKind.LAST_KNOWN:
        known = _fields(entry.values, OLD, strike=True) or escape_for_html(
            QCoreApplication.translate("FeedPanel", "nothing")
        )
        return indent + QCoreApplication.translate("FeedPanel", "last known: {fields}").format(
            fields=known
        )
    if entry.kind is ChangeKind.NEW:
        return indent + QCoreApplication.translate("FeedPanel", "new: {fields}").format(
            fields=_fields(entry.values, NEW)
        )
    if entry.kind is ChangeKind.UNCHANGED:
        return indent + escape_for_html(
            QCoreApplication.translate("FeedPanel", "no tracked field changed")
        )
    if entry.kind is ChangeKind.NO_DIFF:
        return indent + QCoreApplication.translate("FeedPanel", "no diff: {reason}").format(
            reason=escape_for_html(reason_text(entry, ui_language()))
        )
    added = list_text([escape_for_html(loc) for loc in entry.added_locs])
    added_text = QCoreApplication.translate("FeedPanel", "{count} added").format(count=entry.added)
    removed_text = QCoreApplication.translate("FeedPanel", "{count} removed").format(
        count=entry.removed
    )
    changed_text = QCoreApplication.translate("FeedPanel", "{count} changed").format(
        count=entry.changed
    )
    counts = list_text(
        [
            f"<span style='color:{NEW}'>{added_text}</span>",
            f"<span style='color:{OLD}'>{removed_text}</span>",
            f"<span style='color:{CHANGE_COLOURS['updated']}'>{changed_text}</span>",
        ]
    )
    body = f"{indent}{escape_for_html(entry.capability)}: {counts}"
    if added:
        body += f"<br>{indent}" + QCoreApplication.translate("FeedPanel", "added: {locs}").format(
            locs=added
        )
    return body


class FeedPanel(FeedWidgets):
    """The Live feed dock: rows from the services and the store, the filter, the detail
    of the selected row, export and Clear (the widgets and their layout are
    ``FeedWidgets``)."""

    detail_shown = Signal(object)  # FeedItem whose detail (and diff, if any) is on screen
    place_chosen = Signal(str, object)
    """A warning that names a document (or channel) was clicked: its URL, and the problem
    found in that document (a ``Finding`` with the document's own line) or None. The
    window's ``navigate`` takes it from here, as it does the Problems panel's clicks."""

    def __init__(self, services: ExplorerServices, parent: QWidget | None = None) -> None:
        super().__init__(FeedModel(), ProblemsModel(), parent)
        self.services = services
        self._tasks = TaskKeeper(owner=self)
        self._shown: FeedItem | None = None
        self._diff_shown: tuple[str, Sequence[SideBySideRow], str] | None = None
        self.diff_window: DiffWindow | None = None
        self._pending: list[FeedItem | SubscriberEvent] = []  # rows, and diffs for rows
        self._rest = QTimer(self)
        self._rest.setSingleShot(True)
        self._rest.setInterval(0)
        self._rest.timeout.connect(self._add_pending)
        self._filter_delay = QTimer(self)  # one filter pass per pause in typing, not per key
        self._filter_delay.setSingleShot(True)
        self._filter_delay.setInterval(FILTER_DELAY_MS)
        self._filter_delay.timeout.connect(self._apply_filter)

        for picker in (self.kind_filter, self.change_filter):
            picker.currentIndexChanged.connect(self._apply_filter)
        self.text_filter.textChanged.connect(self._filter_delay.start)
        self.clear_button.clicked.connect(self.ask_clear)
        self.export_button.clicked.connect(self._choose_export_file)
        self.diff_window_button.clicked.connect(self.open_diff_window)
        self.unseen_button.clicked.connect(self.resume_scroll)
        self._unseen = 0  # rows that arrived while auto-scroll was paused
        self.table.selectionModel().currentRowChanged.connect(self._row_selected)
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.model.rowsInserted.connect(self._scroll)
        self.model.matches_changed.connect(self._hide_unmatched)
        self.document_choice.currentIndexChanged.connect(self._document_chosen)
        self.problems_table.clicked.connect(self.open_warning)
        self.problems_table.activated.connect(self.open_warning)
        services.live.subscriber_events.connect(self.on_events)
        self.forwarding = FeedForwarding(self, self._tasks.spawn)

    # --- rows
    def restore(self) -> None:
        """Fill the feed from the store (deliveries received in earlier sessions), ahead of
        any that arrived meanwhile; the first rows at once, the rest on the next turns."""
        cleared = self._cleared_through()
        self._pending[:0] = [
            FeedItem.from_record(record)
            for record in self.services.live.stored_notifications(self.model.max_rows)
            if (record.id or 0) > cleared
        ]
        self._add_pending()

    def on_events(self, events: list[SubscriberEvent]) -> None:
        """A batch from the services (already the one batching stage): queued for the
        next turn, so rows restored from the store stay ahead of live ones."""
        self._pending += [
            event if event.event == DIFF else FeedItem.from_event(event)
            for event in events
            if is_feed_event(event)
        ]
        if self._pending and not self._rest.isActive():
            self._rest.start()

    def _add_pending(self) -> None:
        batch, self._pending = self._pending[:ROWS_PER_TURN], self._pending[ROWS_PER_TURN:]
        self.model.add(item for item in batch if isinstance(item, FeedItem))
        diffs = [item for item in batch if isinstance(item, SubscriberEvent)]
        updated = self.model.apply_diffs(diffs) if diffs else []
        shown = self._shown
        if shown is not None and any(item is shown for item in updated):
            self.show_detail(shown)
        if self._pending:
            self._rest.start()

    def _scroll(self, _parent: QModelIndex | None = None, first: int = 0, last: int = -1) -> None:
        """Follow new rows, unless the user is reading one: a selected row or the
        pointer over the table pauses it (rows must not move under the pointer), and
        the button beside Auto-scroll says so and counts the rows that came meanwhile."""
        if not self.follow.isChecked():
            return
        if self.scroll_paused():
            self._unseen += max(0, last - first + 1)
            self.unseen_button.setText(
                self.tr("paused: %n new row(s) ↓", "", self._unseen)
                if self._unseen
                else self.tr("paused")
            )
            self.unseen_button.show()
            return
        self.table.scrollToBottom()
        self._unseen = 0
        self.unseen_button.hide()

    def resume_scroll(self) -> None:
        """The paused button: drop the selection and follow the newest row again."""
        self.table.clearSelection()
        self.table.setCurrentIndex(QModelIndex())
        self._unseen = 0
        self.unseen_button.hide()
        self.table.scrollToBottom()

    def _selection_changed(self) -> None:
        """A deselected row leaves the detail pane: it shows nothing rather than a row
        that is no longer chosen."""
        if not self.table.selectionModel().hasSelection() and self._shown is not None:
            self._shown = None
            self.changes.clear()
            self.problems.set_findings([])
            self.show_warning_count(0)
            self.payload.set_xml("")
            self.document_choice.clear()
            self.diff_view.show_message("")
            self.diff_window_button.setEnabled(False)

    def scroll_paused(self) -> bool:
        return (
            self.table.selectionModel().hasSelection()
            or self.table.underMouse()
            or self._pointer_over_rows()
        )

    def _pointer_over_rows(self) -> bool:
        """Where the pointer is now, not where the last Enter event said: rows that arrive
        in the same turn as the pointer (its Enter still queued behind them) must not
        scroll under a click already on its way."""
        viewport = self.table.viewport()
        if not viewport.isVisible():
            return False
        return viewport.rect().contains(viewport.mapFromGlobal(QCursor.pos()))

    def _hide_unmatched(self, first: int, last: int) -> None:
        """Hide the rows the filter rejects and show the others, touching only the rows
        whose state changes (their cells stay as they are)."""
        for row in range(first, last + 1):
            hidden = not self.model.matches(row)
            if self.table.isRowHidden(row) != hidden:
                self.table.setRowHidden(row, hidden)

    def shown_rows(self) -> list[int]:
        """The rows on screen, top to bottom (those the filter lets through)."""
        return [row for row in range(self.model.rowCount()) if not self.table.isRowHidden(row)]

    def _apply_filter(self) -> None:
        self._filter_delay.stop()  # a choice in a list applies the text typed so far too
        self.model.set_filter(
            self.kind_filter.currentData(),
            self.change_filter.currentData(),
            self.text_filter.text(),
        )

    # --- detail
    def open_warning(self, index: QModelIndex) -> None:
        """A warning's document: where it says a document of the Source was refetched
        and found unreadable, that document at the problem's line; otherwise the
        document or channel it names (its own line is the notification's)."""
        finding = self.problems.finding_at(index)
        if finding is None or not finding.url:
            return
        problem = (finding.params or {}).get("problem")
        self.place_chosen.emit(finding.url, problem if isinstance(problem, Finding) else None)

    def select_row(self, row: int) -> None:
        if self.table.currentIndex().row() == row:  # Qt reports no change: show it anyway
            self.show_detail(self.model.item(row))
        self.table.selectRow(row)

    def _row_selected(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid():
            self.show_detail(self.model.item(current.row()))

    def show_detail(self, item: FeedItem) -> None:
        self._shown = item
        self.changes.setHtml(changes_html(item))
        self.problems.set_findings(item.findings)
        self.show_warning_count(len(item.findings))
        body = self.services.live.notification_body(item.notification_id)
        self.payload.set_xml(body.decode("utf-8", "replace") if body is not None else "")
        self.document_choice.blockSignals(True)
        self.document_choice.clear()
        if item.kind == FRAMEWORK:
            for entry in item.diff or item.entries:
                if entry.get("loc"):
                    self.document_choice.addItem(clip(entry["loc"]), str(entry["loc"]))
        self.document_choice.blockSignals(False)
        self.detail.setTabEnabled(DIFF_TAB, item.kind == FRAMEWORK)
        if item.kind == FRAMEWORK and self.document_choice.count():
            self._document_chosen(0)
        else:
            self.diff_view.show_message("")
            self.detail_shown.emit(item)

    def _document_chosen(self, index: int) -> None:
        item = self._shown
        if item is None or index < 0 or item.notification_id is None:
            return
        url = self.document_choice.itemData(index)
        self.diff_window_button.setEnabled(False)
        self.diff_view.show_message(self.tr("computing the diff of {url}…").format(url=url))
        self._tasks.spawn(self._show_line_diff(item, url))

    async def _show_line_diff(self, item: FeedItem, url: str) -> None:
        assert item.notification_id is not None
        result = await self.services.live.framework_line_diff(item.notification_id, url)
        if self._shown is not item or self.document_choice.currentData() != url:
            return
        if isinstance(result, LineDiff):
            rows = result.side_by_side()
            caption = self.tr(
                "{url}: {removed}, {added} (canonical XML, old left, new right)"
            ).format(
                url=url,
                removed=self.tr("%Ln line(s) removed", "", result.removed_lines),
                added=self.tr("%Ln added", "", result.added_lines),
            )
            self.diff_view.set_rows(rows, caption)
            self._diff_shown = (url, rows, caption)
            self.diff_window_button.setEnabled(True)
        else:
            self.diff_view.show_message(
                self.tr("{url}: no diff — {reason}").format(url=url, reason=result)
            )
        self.detail_shown.emit(item)

    def open_diff_window(self) -> DiffWindow | None:
        """The diff shown in the Document diff tab, in a window most of the screen high."""
        if self._diff_shown is None:
            return None
        if self.diff_window is None:
            self.diff_window = DiffWindow(self.window())
        url, rows, caption = self._diff_shown
        self.diff_window.show_diff(url, rows, caption)
        return self.diff_window

    def cancel(self) -> None:
        """Stop diff computations in flight (the window is closing)."""
        self._tasks.cancel_all()

    # --- export
    def _choose_export_file(self) -> None:
        dialog = export_dialog(self, self.tr("Export feed"), Path.home() / "feed", FEED_FORMATS)
        dialog.fileSelected.connect(lambda path: self.export_and_confirm(Path(path)))
        # never exec() inside the qasync loop (docs/architecture.md, "Rules of the event loop")
        dialog.open()

    def export_and_confirm(self, path: Path) -> None:
        try:
            rows = self.export(path)
        except OSError as exc:
            confirm(self, self.tr("export failed: {error}").format(error=exc), 15_000)
            return
        confirm(
            self,
            self.tr("exported {count} to {path}").format(
                count=count_text(rows, "notification"), path=path
            ),
        )

    # --- clearing
    def ask_clear(self) -> QMessageBox:
        """Ask before clearing (non-modal): the feed only, or the stored deliveries too;
        either way the rows stay cleared after a restart."""
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Clear the live feed"),
            self.tr(
                "Remove all {count} from the feed? The store keeps them, but they are not "
                "shown here again, even after a restart."
            ).format(count=count_text(len(self.model.items), "notification")),
            QMessageBox.StandardButton.Cancel,
            self,
        )
        box.setInformativeText(
            self.tr(
                "Or delete them from the store for good. Subscriptions and the HTTP "
                "inspector's log are kept either way."
            )
        )
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        clear = box.addButton(self.tr("Clear the feed"), QMessageBox.ButtonRole.DestructiveRole)
        delete = box.addButton(
            self.tr("Clear and delete from the store"), QMessageBox.ButtonRole.DestructiveRole
        )
        if self.services.read_only:
            delete.setEnabled(False)
            delete.setToolTip(self.tr("The store is open read-only"))
        box.buttonClicked.connect(
            lambda button: (
                self.clear(delete_from_store=button is delete)
                if button in (clear, delete)
                else None
            )
        )
        box.open()
        return box

    def clear(self, delete_from_store: bool = False) -> None:
        """Empty the feed and remember up to which stored delivery it was cleared (ids are
        never reused, so the mark stays true after a deletion); ``delete_from_store``
        also deletes every stored delivery up to there."""
        items = [*self.model.items, *(i for i in self._pending if isinstance(i, FeedItem))]
        newest = max((i.notification_id or 0 for i in items), default=0)
        through = max(newest, self._cleared_through())
        self._pending = []
        self.model.clear()
        if newest:
            QSettings().setValue(self._cleared_key(), newest)
        if delete_from_store and through:
            self._tasks.spawn(self._delete_stored(through))
        else:
            confirm(self, self.tr("feed cleared"))

    async def _delete_stored(self, through: int) -> None:
        try:
            deleted = await self.services.live.delete_notifications(through)
        except StoreError as exc:
            confirm(
                self,
                self.tr("feed cleared, but deleting from the store failed: {error}").format(
                    error=exc.describe(ui_language())
                ),
                15_000,
            )
            return
        confirm(
            self,
            self.tr("feed cleared; {count} deleted from the store").format(
                count=count_text(deleted, "notification")
            ),
        )

    def _cleared_through(self) -> int:
        return int(str(QSettings().value(self._cleared_key(), 0) or 0))

    def _cleared_key(self) -> str:
        digest = hashlib.sha256(str(self.services.store_path).encode()).hexdigest()[:16]
        return f"feed/cleared_through/{digest}"

    def export(self, path: Path) -> int:
        """Write the visible rows in the format the file name's ending asks for (JSON
        lines when it names none); returns how many."""
        rows = self.shown_rows()
        writer = FEED_FORMATS.choose(None, path).writer
        with path.open("w", encoding="utf-8", newline="") as out:
            return writer((self.model.item(row) for row in rows), out)
