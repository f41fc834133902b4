"""The document view for the selected tree node: header, entries, XML source, problems,
consumers."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable, Sequence

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from explorer.core.consumers.engine import read_consumers
from explorer.core.findings import Finding, Severity, count_by_severity
from explorer.core.model import Document, Link
from explorer.core.rules.capabilities import display_name
from explorer.ui.language import document_name
from explorer.ui.shared.plain_text import MAX_CHARS, escape_for_html
from explorer.ui.shared.problems_model import ProblemsModel
from explorer.ui.shared.problems_view import ProblemsView
from explorer.ui.shared.tasks import TaskKeeper
from explorer.ui.shared.wording import count_text, severity_counts
from explorer.ui.shared.xml_view import XmlSourceView
from explorer.ui.source.consumers_view import ConsumersView
from explorer.ui.source.entries_model import CHANGE_TYPES, EntriesTableModel

HEADER_FIELDS = ("at", "completed", "from", "until")
CONSUMERS_TAB = 3
MAX_LINKS = 20
"""Links listed in the header; a document may declare thousands."""
RawSource = bytes | Callable[[], bytes | None] | None
"""The XML source of a document: its bytes, or a function reading them (a body the crawl
keeps on disk), which runs in a worker."""


def header_html(url: str, document: Document | None, findings: Sequence[Finding]) -> str:
    """Rich text for the header: the address and finding counts, capability and time
    attributes, links.
    Every value from the document is escaped (and clipped) before it goes in."""
    parts = [f"<b>{escape_for_html(url)}</b>"]
    if document is not None:
        kind = document.capability or QCoreApplication.translate("DocumentPanel", "(no capability)")
        root = (
            QCoreApplication.translate("DocumentPanel", "index")
            if document.is_index
            else document.root
        )
        times = " · ".join(
            f"{name}={escape_for_html(document.md[name])}"
            for name in HEADER_FIELDS
            if name in document.md
        )
        summary = QCoreApplication.translate("DocumentPanel", "{kind} ({root}), {entries}")
        parts.append(  # the shape the command line says: description（urlset）、エントリ 2 件
            summary.format(
                kind=escape_for_html(kind),
                root=escape_for_html(root),
                entries=count_text(len(document.entries), "entries held"),
            )
            + (f" · {times}" if times else "")
            + (
                " · " + QCoreApplication.translate("DocumentPanel", "legacy syntax")
                if document.legacy
                else ""
            )
        )
        links = " ".join(_link_html(link) for link in document.links[:MAX_LINKS])
        if len(document.links) > MAX_LINKS:
            more = count_text(len(document.links) - MAX_LINKS, "more link")
            links += " … " + QCoreApplication.translate("DocumentPanel", "and {more}").format(
                more=more
            )
        if links:
            parts.append(links)
    # the counts beside the address: a line less above the entries on a laptop screen
    parts[0] += " · " + severity_counts(count_by_severity(list(findings)))
    return "<br>".join(parts)


def _link_html(link: Link) -> str:
    """A link the header can follow; one too long to show whole is shown but not linked."""
    rel, href = escape_for_html(link.rel or "?"), link.href or ""
    if len(href) > MAX_CHARS:
        return f"{rel}: {escape_for_html(href)}"
    return f'{rel}: <a href="{escape_for_html(href)}">{escape_for_html(href)}</a>'


class DocumentWidgets(QWidget):
    """The document's header, entries table with its filters, XML source, Problems and
    Consumers tabs, laid out around the two models; nothing connected."""

    def __init__(
        self, entries: EntriesTableModel, problems: ProblemsModel, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.entries = entries
        self.problems = problems
        self.header = QLabel(self.tr("Open a Source to see its documents."))
        self.header.setTextFormat(Qt.TextFormat.RichText)  # built escaped: header_html
        self.header.setWordWrap(True)
        self.header.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.header.setOpenExternalLinks(False)
        self.header.setAccessibleName(self.tr("Document header"))

        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(self.tr("Filter entries by loc, type or hash (Ctrl+F)"))
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setAccessibleName(self.tr("Entry filter"))
        self.change_filter = QComboBox()
        self.change_filter.addItem(self.tr("all changes"), None)
        for change in CHANGE_TYPES:
            self.change_filter.addItem(change, change)
        self.change_filter.setAccessibleName(self.tr("Change type filter"))
        self.count_label = QLabel()
        self.count_label.setAccessibleName(self.tr("Entry count"))
        self.count_label.setMinimumWidth(
            self.count_label.fontMetrics().horizontalAdvance(
                self.tr("{shown} of {total}").format(shown="9,999,999", total="9,999,999 ")
            )
            + 8
        )
        self.count_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.clear_filter_action = clear_filter = QAction(self.tr("Clear filter"), self.filter_edit)
        clear_filter.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        clear_filter.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        self.filter_edit.addAction(clear_filter)
        self.filter_edit.setToolTip(
            self.tr("Esc clears the filter; a new document starts unfiltered")
        )

        self.table = QTableView()
        self.table.setModel(self.entries)
        self.table.setSortingEnabled(False)
        self.table.horizontalHeader().setSortIndicatorShown(True)
        # rows start in document order: no arrow until a header is clicked
        self.table.horizontalHeader().setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 4)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAccessibleName(self.tr("Entries"))
        self.table.setColumnWidth(0, 380)
        self.table.setColumnWidth(2, 170)

        entries_page = QWidget()
        filters = QHBoxLayout()
        filters.addWidget(self.filter_edit, 1)
        filters.addWidget(self.change_filter)
        filters.addWidget(self.count_label)
        layout = QVBoxLayout(entries_page)
        layout.setContentsMargins(0, 2, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(filters)
        layout.addWidget(self.table)

        self.source = XmlSourceView()
        self.problems_view = ProblemsView(self.problems)
        self.problems_table = self.problems_view.table

        self.tabs = QTabWidget()
        self.tabs.addTab(entries_page, self.tr("Entries"))
        self.tabs.addTab(self.source, self.tr("XML source"))
        self.tabs.addTab(self.problems_view, self.tr("Problems"))
        self.consumers_view = ConsumersView()
        self.tabs.addTab(self.consumers_view, self.tr("Consumers"))
        self.tabs.setAccessibleName(self.tr("Document tabs"))

        self.tabs.setDocumentMode(True)  # no frame around the pages: rows, not borders
        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 2, 4, 0)
        outer.setSpacing(2)
        outer.addWidget(self.header)
        outer.addWidget(self.tabs, 1)


class DocumentPanel(DocumentWidgets):
    """Shows one document: ``show_document`` returns at once and the XML fills in chunks;
    filters the entries and jumps from a problem to its line."""

    link_activated = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(EntriesTableModel(), ProblemsModel(), parent)
        self.entries.setParent(self)
        self.problems.setParent(self)
        self.header.linkActivated.connect(self.link_activated)
        self.clear_filter_action.triggered.connect(self.clear_filter)
        self.filter_edit.textChanged.connect(self._apply_filter)
        self.change_filter.currentIndexChanged.connect(self._apply_filter)
        self.table.horizontalHeader().sortIndicatorChanged.connect(self.entries.sort)
        self.entries.modelReset.connect(self._update_count)
        self.entries.rowsInserted.connect(self._update_count)
        self.problems_view.chosen.connect(
            lambda item: self.land_on(self.url or "", item.line, item.column)
        )
        self.consumers_view.chosen.connect(
            lambda item: self.land_on(self.url or "", item.line, item.column)
        )
        self.tabs.currentChanged.connect(self._tab_changed)
        self._tasks = TaskKeeper(owner=self)
        self._source_task: asyncio.Task[None] | None = None
        self._consumers_task: asyncio.Task[None] | None = None
        self._raw: RawSource = None
        self._nested: Callable[[], Iterable[str]] = tuple
        self.consumers_for: str | None = None  # the document whose verdicts are shown
        self._landing: tuple[str, int, int | None] | None = None  # (document, line, column)
        self.source_ready = True  # the XML text of the shown document is all in
        self.url: str | None = None
        self.shown: Document | None = None
        self.shown_findings = 0
        self._update_count()

    def show_document(
        self,
        url: str,
        document: Document | None,
        findings: Sequence[Finding],
        raw: RawSource,
        *,
        nested: Callable[[], Iterable[str]] = tuple,
    ) -> None:
        """Display a document; the XML text is read and streams in without blocking the loop.
        ``nested`` gives the URLs it lists that are known to be indexes (asked when the
        Consumers tab reads the document: the tree may have read more by then)."""
        another = url != self.url
        if another:
            self.reset_filter()  # a filter typed for one document must not hide the next
        self.url, self.shown, self.shown_findings = url, document, len(findings)
        self.header.setText(header_html(url, document, findings))
        self.entries.set_entries(document.entries if document is not None else [])
        if another:  # from its first column: loc, not where the last one was scrolled to
            self.table.horizontalScrollBar().setValue(0)
        self.problems.set_findings(findings)
        errors = sum(1 for f in findings if f.severity is Severity.ERROR)
        self.tabs.setTabText(2, self.problems_tab_text(len(findings)))
        if errors and document is None:
            self.tabs.setCurrentIndex(2)
        elif not findings and self.tabs.currentIndex() == 2:  # nothing to see there
            self.tabs.setCurrentIndex(0)
        self.cancel()
        self._raw, self._nested, self.consumers_for = raw, nested, None
        if document is None:
            self.consumers_view.clear(self.tr("Consumers read a document that could be parsed."))
        elif self.tabs.currentIndex() == CONSUMERS_TAB:
            self._read_consumers()
        else:
            self.consumers_view.clear()
        if self._landing is not None and self._landing[0] != url:
            self._landing = None  # meant for a document no longer being shown
        self.source_ready = False  # now: a landing asked for before the task runs waits
        self._source_task = self._tasks.spawn(self._show_source(raw))

    async def _show_source(self, raw: RawSource) -> None:
        data = await asyncio.to_thread(raw) if callable(raw) else raw
        await self.source.set_xml_async(data or b"")
        self.source_ready = True
        self._land()

    def show_channel(
        self, topic: str, capability: str | None, hub: str | None, findings: Sequence[Finding] = ()
    ) -> None:
        """A notification channel has no document: show its topic, hub and topic checks."""
        if topic != self.url:
            self.reset_filter()
        self.url, self.shown, self.shown_findings = topic, None, len(findings)
        name = document_name(display_name(capability)) if capability else self.tr("notification")
        channel = self.tr("{capability} channel · hub: {hub}").format(
            capability=escape_for_html(name),
            hub=escape_for_html(hub or self.tr("(none declared)")),
        )
        advice = escape_for_html(
            self.tr("Subscribe from the context menu or the Subscriptions panel.")
        )
        self.header.setText(f"<b>{escape_for_html(topic)}</b><br>{channel}<br>{advice}")
        self.entries.set_entries([])
        self.problems.set_findings(findings)
        self.tabs.setTabText(2, self.problems_tab_text(len(findings)))
        self.cancel()  # a document's source still being read must not land here
        self._raw, self._nested, self.consumers_for = None, tuple, None
        self.consumers_view.clear(self.tr("A notification channel has no document to read."))
        self._landing = None
        self.source_ready = True
        self.source.set_xml("")

    def problems_tab_text(self, count: int) -> str:
        return self.tr("Problems ({count})").format(count=count) if count else self.tr("Problems")

    def cancel(self) -> None:
        for task in (self._source_task, self._consumers_task):
            if task is not None:
                task.cancel()

    def _tab_changed(self, index: int) -> None:
        """The consumers read a document only when their tab is looked at: a second parse
        of every document clicked through would cost a large list's reading twice."""
        if index == CONSUMERS_TAB and self.shown is not None and self.consumers_for != self.url:
            self._read_consumers()

    def _read_consumers(self) -> None:
        if self._consumers_task is not None:
            self._consumers_task.cancel()
        self.consumers_view.reading()
        self._consumers_task = self._tasks.spawn(
            self._show_consumers(self.url or "", self._raw, tuple(self._nested()))
        )

    async def _show_consumers(self, url: str, raw: RawSource, nested: tuple[str, ...]) -> None:
        """Every consumer's verdict, computed in a worker: the engine is one parse of the
        whole document, seconds for a list of 50,000 URLs."""
        data = await asyncio.to_thread(raw) if callable(raw) else raw
        if not data:
            self.consumers_view.clear(self.tr("The document's bytes are no longer kept."))
            return
        verdicts = await asyncio.to_thread(read_consumers, data, url, nested_indexes=nested)
        if url == self.url:
            self.consumers_for = url
            self.consumers_view.show_verdicts(verdicts)

    def focus_filter(self) -> None:
        self.tabs.setCurrentIndex(0)
        self.filter_edit.setFocus()
        self.filter_edit.selectAll()

    def clear_filter(self) -> None:
        """Esc in the filter box: show every entry again."""
        self.filter_edit.clear()
        self.change_filter.setCurrentIndex(0)

    def reset_filter(self) -> None:
        """Back to no filter, without filtering the old entries on the way."""
        for widget in (self.filter_edit, self.change_filter):
            widget.blockSignals(True)
        self.filter_edit.clear()
        self.change_filter.setCurrentIndex(0)
        for widget in (self.filter_edit, self.change_filter):
            widget.blockSignals(False)
        self.entries.set_filter("", None)

    def _apply_filter(self) -> None:
        change = self.change_filter.currentData()
        self.entries.set_filter(self.filter_edit.text(), None if change is None else [change])

    def _update_count(self) -> None:
        shown, total = self.entries.rowCount(), self.entries.total
        self.count_label.setText(
            self.tr("{shown} of {total}").format(shown=f"{shown:,}", total=f"{total:,}")
            if shown != total
            else count_text(total, "entry")
        )

    def land_on(self, url: str, line: int | None, column: int | None = None) -> None:
        """Show ``url``'s XML source at ``line`` (and ``column``): now if that text is in,
        else as soon as it is (``SourceNavigator.go_to`` asks before it selects)."""
        if line is None:
            return
        self._landing = (url, line, column)
        self.tabs.setCurrentIndex(1)
        self._land()

    def _land(self) -> None:
        if self._landing is None or not self.source_ready or self._landing[0] != self.url:
            return
        _url, line, column = self._landing
        if line > self.source.blockCount():  # not this text (a placeholder): wait
            return
        self._landing = None
        self.source.go_to_line(line, column)
