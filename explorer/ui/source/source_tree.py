"""The Source tree: a lazy item model over the crawl engine's ``DocumentNode`` tree.

The crawl loads the Source Description and its Capability Lists; everything deeper is
``pending`` until a row is expanded or selected, when ``fetchMore`` asks the
``expander`` coroutine (``Crawler.expand``) to load it. Children are inserted in
batches so a 50,000-entry index costs a few milliseconds per batch (docs/architecture.md, "Large
tables").
Notification channels are leaves of their own kind that show their hub.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import (
    QAbstractItemModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import QHeaderView, QStyledItemDelegate, QStyleOptionViewItem, QTreeView

from explorer.core.findings import Finding, Severity, count_by_severity
from explorer.core.rules.capabilities import display_name
from explorer.core.words.engine_words import quoted
from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP
from explorer.net.live import transports
from explorer.net.source.crawl_tree import Channel, DocumentNode, NodeState
from explorer.ui.language import document_name, document_name_glossed, ui_language
from explorer.ui.shared.icons import SEVERITY_COLOURS, capability_icon
from explorer.ui.shared.plain_text import PlainModel, tooltip_text, visible
from explorer.ui.shared.tasks import TaskKeeper
from explorer.ui.shared.wording import severity_counts

log = logging.getLogger(__name__)
Index = QModelIndex | QPersistentModelIndex
BATCH = 500
STATE_SUFFIX = {
    NodeState.LOADING: QT_TRANSLATE_NOOP("SourceTreeModel", "  (loading…)"),
    NodeState.FAILED: QT_TRANSLATE_NOOP("SourceTreeModel", "  (failed)"),
    NodeState.SKIPPED: QT_TRANSLATE_NOOP("SourceTreeModel", "  (skipped: limit)"),
    NodeState.DUPLICATE: QT_TRANSLATE_NOOP("SourceTreeModel", "  (listed elsewhere)"),
}
Expander = Callable[[DocumentNode], Awaitable[None]]
LEGACY_CHANNELS = {  # the 2012 draft's push forms (core 0.1-alpha §5.2), by Channel.form
    transports.XMPP_PUBSUB_2012: QT_TRANSLATE_NOOP(
        "SourceTreeModel", "XMPP PubSub channel (2012 draft)"
    ),
    transports.HTTP_CALLBACK_2012: QT_TRANSLATE_NOOP(
        "SourceTreeModel", "HTTP callback channel (2012 draft)"
    ),
}


@dataclass(eq=False)
class TreeItem:
    """One row: a document node or a channel, with the child rows inserted so far."""

    doc: DocumentNode | None = None
    channel: Channel | None = None
    parent: TreeItem | None = None
    children: list[TreeItem] = field(default_factory=list)
    expanding: bool = False
    error: str | None = None

    @property
    def url(self) -> str:
        return self.doc.url if self.doc is not None else self.channel.topic  # type: ignore[union-attr]

    @property
    def is_channel(self) -> bool:
        return self.channel is not None

    @property
    def findings(self) -> list[Finding]:
        return self.doc.findings if self.doc is not None else self.channel.findings  # type: ignore[union-attr]

    @property
    def capability(self) -> str | None:
        return self.doc.capability if self.doc is not None else self.channel.capability  # type: ignore[union-attr]

    def sources(self) -> list[DocumentNode | Channel]:
        """What the rows below this one stand for: child documents, then channels."""
        if self.doc is None:
            return []
        return [*self.doc.children, *self.doc.channels]

    def kind_name(self) -> str:
        """What the row is, with its English name in Japanese: 「機能リスト（Capability List）」."""
        if self.channel is not None:
            name = document_name_glossed(display_name(self.channel.capability))
            return QCoreApplication.translate("SourceTreeModel", "{name} channel").format(name=name)
        assert self.doc is not None
        return document_name_glossed(self.doc.title)

    def title(self) -> str:
        if self.channel is not None and self.channel.form is not None:
            label = QCoreApplication.translate(
                "SourceTreeModel", LEGACY_CHANNELS[self.channel.form]
            )
            node = f" · {self.channel.node}" if self.channel.node else ""
            return f"{label} — {self.channel.hub}{node}"
        if self.channel is not None:
            name = document_name(display_name(self.channel.capability))
            hub = self.channel.hub or QCoreApplication.translate("SourceTreeModel", "(none)")
            title = QCoreApplication.translate("SourceTreeModel", "{name} channel — hub {hub}")
            return title.format(name=f"{name[:1].upper()}{name[1:]}", hub=hub)
        assert self.doc is not None
        tail = self.doc.url.rstrip("/").rsplit("/", 1)[-1] or self.doc.url
        if (
            self.doc.capability == "capabilitylist"
        ):  # one per set: the set's folder tells them apart
            parts = self.doc.url.rstrip("/").rsplit("/", 2)
            tail = "/".join(parts[-2:]) if len(parts) == 3 and "//" not in parts[-2] else tail
        # the file name first: in a narrow dock it is what tells rows apart (the icon
        # already says the capability)
        suffix = STATE_SUFFIX.get(self.doc.state)
        state = QCoreApplication.translate("SourceTreeModel", suffix) if suffix else ""
        return f"{tail} — {document_name(self.doc.title)}{state}"


class SourceTreeModel(PlainModel, QAbstractItemModel):
    """Two columns: the node (icon and title) and its error/warning badges."""

    node_loaded = Signal(object)  # TreeItem whose document finished loading (or failed)

    def __init__(self, expander: Expander | None = None, parent: Any = None) -> None:
        super().__init__(parent)
        self.expander = expander
        self._roots: list[TreeItem] = []
        self._items: dict[int, TreeItem] = {}  # id(DocumentNode) -> row item
        self._tasks = TaskKeeper(owner=self)

    # --- building
    def set_source(self, root: DocumentNode) -> TreeItem:
        """Show the crawl's tree; what is already loaded is inserted at once."""
        self.beginResetModel()
        self._items.clear()
        item = self._make(root, None)
        self._roots = [item]
        self._fill(item)
        self.endResetModel()
        return item

    def _make(self, source: DocumentNode | Channel, parent: TreeItem | None) -> TreeItem:
        if isinstance(source, DocumentNode):
            item = TreeItem(doc=source, parent=parent)
            self._items[id(source)] = item
            return item
        return TreeItem(channel=source, parent=parent)

    def _fill(self, item: TreeItem) -> None:
        """Silently (inside a reset) add the first batch of rows of loaded nodes, recursively."""
        if item.doc is None or item.doc.state is NodeState.PENDING:
            return
        item.children = [self._make(s, item) for s in item.sources()[:BATCH]]
        for child in item.children:
            self._fill(child)

    def clear(self) -> None:
        self.beginResetModel()
        self._roots, self._items = [], {}
        self.endResetModel()

    @property
    def roots(self) -> list[TreeItem]:
        return self._roots

    def item(self, index: Index) -> TreeItem | None:
        return index.internalPointer() if index.isValid() else None

    def item_for(self, doc: DocumentNode) -> TreeItem | None:
        return self._items.get(id(doc))

    def index_of(self, item: TreeItem, column: int = 0) -> QModelIndex:
        """The index of a row; invalid for an item of an earlier tree (after a reset)."""
        top = item
        while top.parent is not None:
            top = top.parent
        if not any(top is root for root in self._roots):
            return QModelIndex()
        siblings = self._roots if item.parent is None else item.parent.children
        return self.createIndex(siblings.index(item), column, item)

    def walk(self) -> list[TreeItem]:
        """Every inserted row, depth first."""
        out: list[TreeItem] = []
        stack = list(reversed(self._roots))
        while stack:
            item = stack.pop()
            out.append(item)
            stack.extend(reversed(item.children))
        return out

    # --- Qt model interface
    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        siblings = self._roots if not parent.isValid() else parent.internalPointer().children
        if 0 <= row < len(siblings) and 0 <= column < 2:
            return self.createIndex(row, column, siblings[row])
        return QModelIndex()

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid():
            return QModelIndex()
        item: TreeItem = index.internalPointer()
        return QModelIndex() if item.parent is None else self.index_of(item.parent)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if parent.column() > 0:
            return 0
        return len(self._roots) if not parent.isValid() else len(parent.internalPointer().children)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 2

    def hasChildren(self, parent: Index = QModelIndex()) -> bool:  # noqa: B008
        item = self.item(parent)
        if item is None:
            return bool(self._roots)
        if item.doc is None:
            return False
        if item.doc.state in (NodeState.PENDING, NodeState.LOADING):
            return True
        return bool(item.children) or bool(item.sources())

    def canFetchMore(self, parent: Index) -> bool:
        item = self.item(parent)
        if item is None or item.doc is None:
            return False
        if item.doc.state is NodeState.PENDING:
            return not item.expanding and self.expander is not None
        return len(item.children) < len(item.sources())

    def fetchMore(self, parent: Index) -> None:
        item = self.item(parent)
        if item is None or item.doc is None:
            return
        if item.doc.state is NodeState.PENDING:
            self.expand(item)
        else:
            self._insert_batch(item)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return (self.tr("Source"), self.tr("Problems"))[section]
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        item = self.item(index)
        if item is None:
            return None
        if index.column() == 1:
            counts = count_by_severity(item.findings)
            if role == Qt.ItemDataRole.UserRole:
                return [counts[Severity.ERROR], counts[Severity.WARNING]]
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
                return severity_counts(counts, notes=False)
            if role == Qt.ItemDataRole.ToolTipRole:
                return severity_counts(counts)
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return visible(item.title())
        if role == Qt.ItemDataRole.DecorationRole:
            return capability_icon(
                item.capability, index=bool(item.doc and item.doc.is_index), channel=item.is_channel
            )
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [item.url, item.kind_name()]
            if item.channel is not None:  # a channel without a hub says so, as its row does
                hub = item.channel.hub or QCoreApplication.translate("SourceTreeModel", "(none)")
                lines.append(self.tr("hub: {hub}").format(hub=hub))
            if item.doc is not None and item.doc.fetch is not None:
                lines.append(
                    self.tr("HTTP {status} in {ms} ms").format(
                        status=item.doc.status, ms=f"{item.doc.fetch.elapsed * 1000:.0f}"
                    )
                )
            if item.error:  # the library's or the server's own words
                lines.append(quoted(item.error, ui_language()))
            return tooltip_text("\n".join(lines))
        if role == Qt.ItemDataRole.FontRole and item.is_channel:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.UserRole:
            return item
        return None

    # --- loading
    def expand(self, item: TreeItem) -> asyncio.Task[None] | None:
        """Load a pending document (and its direct children) through the expander."""
        if self.expander is None or item.doc is None or item.expanding:
            return None
        if item.doc.state is not NodeState.PENDING and not any(
            child.state is NodeState.PENDING for child in item.doc.children
        ):
            return None
        item.expanding = True
        return self._tasks.spawn(self._expand(item))

    async def _expand(self, item: TreeItem) -> None:
        assert self.expander is not None and item.doc is not None
        try:
            await self.expander(item.doc)
        except Exception as exc:  # shown on the row, never raised into Qt
            log.info("expanding %s failed: %s", item.url, exc)
            item.error = str(exc) or type(exc).__name__
        finally:
            item.expanding = False
        self.refresh(item.doc)
        self.node_loaded.emit(item)

    def cancel(self) -> None:
        """Stop pending expansions (the window is closing)."""
        self._tasks.cancel_all()

    def refresh(self, doc: DocumentNode) -> None:
        """Redraw a node the crawler updated and insert rows for children it found."""
        item = self.item_for(doc)
        if item is None:
            return
        self.dataChanged.emit(self.index_of(item, 0), self.index_of(item, 1))
        if doc.state is not NodeState.PENDING and not item.children and item.sources():
            self._insert_batch(item)
        elif doc.state is not NodeState.PENDING and not item.sources():
            self.layoutAboutToBeChanged.emit()  # lets views drop the expand arrow
            self.layoutChanged.emit()

    def rebuild_children(self, item: TreeItem) -> None:
        """Replace the rows below ``item`` with its node's current children (after a
        refresh found other ones); the row itself, and so its selection, stays."""
        index = self.index_of(item)
        if item.children:
            self.beginRemoveRows(index, 0, len(item.children) - 1)
            for gone in item.children:
                self._forget(gone)
            item.children = []
            self.endRemoveRows()
        self._insert_batch(item)

    def _forget(self, item: TreeItem) -> None:
        stack = [item]
        while stack:
            current = stack.pop()
            if current.doc is not None and self._items.get(id(current.doc)) is current:
                del self._items[id(current.doc)]
            stack.extend(current.children)

    def find(self, url: str) -> TreeItem | None:
        """The first inserted row for a document or channel URL."""
        return next((item for item in self.walk() if item.url == url), None)

    def _insert_batch(self, item: TreeItem) -> None:
        sources = item.sources()
        first = len(item.children)
        batch = sources[first : first + BATCH]
        if not batch:
            return
        self.beginInsertRows(self.index_of(item), first, first + len(batch) - 1)
        item.children.extend(self._make(source, item) for source in batch)
        self.endInsertRows()


class BadgeDelegate(QStyledItemDelegate):
    """Paints error and warning counts as coloured pills in the Problems column."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        counts = index.data(Qt.ItemDataRole.UserRole)
        if not isinstance(counts, list | tuple):
            super().paint(painter, option, index)
            return
        self.initStyleOption(option, index)
        option.text = ""
        style = option.widget.style() if option.widget else None
        if style is not None:
            style.drawControl(style.ControlElement.CE_ItemViewItem, option, painter, option.widget)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        x = option.rect.left() + 4
        metrics = option.fontMetrics
        for severity, count in zip((Severity.ERROR, Severity.WARNING), counts, strict=True):
            if not count:
                continue
            text = str(count)
            width = metrics.horizontalAdvance(text) + 12
            height = metrics.height()
            rect = QRect(x, option.rect.center().y() - height // 2, width, height)
            painter.setBrush(QColor(SEVERITY_COLOURS[severity]))
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawRoundedRect(rect, height / 2, height / 2)
            painter.setPen(QColor("white"))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
            x += width + 4
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        return QSize(80, option.fontMetrics.height() + 4)


def install_tree_model(tree: QTreeView, expander: Expander, parent: QObject) -> SourceTreeModel:
    """A model on ``tree`` (the shell's, built before the engines): the titles take the
    width, the Problems badges a fixed column beside them."""
    model = SourceTreeModel(expander, parent)
    tree.setModel(model)
    tree.setItemDelegateForColumn(1, BadgeDelegate(tree))
    header = tree.header()
    header.setStretchLastSection(False)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    header.setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
    header.resizeSection(1, 64)
    return model
