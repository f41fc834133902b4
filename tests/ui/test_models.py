"""Item models tested without widgets: entries, problems, the lazy Source tree."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from explorer.core.findings import Finding, Severity
from explorer.core.model import SITEMAPINDEX, URLSET, Document, Entry
from explorer.net.source.crawl_tree import Channel, DocumentNode, NodeState
from explorer.ui.shared.problems_model import ProblemsModel
from explorer.ui.source.entries_model import EntriesTableModel
from explorer.ui.source.source_tree import BATCH, SourceTreeModel


def entry(i: int, change: str | None = None, length: str | None = None) -> Entry:
    md = {"hash": f"md5:{i:032x}", "type": "text/plain" if i % 2 else "text/html"}
    if change:
        md["change"] = change
    if length is not None:
        md["length"] = length
    return Entry(loc=f"http://example.org/r/{i}", lastmod="2025-01-01T00:00:00Z", md=md, line=i + 3)


def test_entries_filter_by_text_and_change(qapp) -> None:
    changes = ("created", "updated", "deleted")
    model = EntriesTableModel()
    model.set_entries([entry(i, changes[i % 3]) for i in range(300)])
    assert model.rowCount() == 300
    model.set_filter("r/1", None)
    assert model.rowCount() == len([i for i in range(300) if f"r/{i}".startswith("r/1")])
    model.set_filter("", ["deleted"])
    assert model.rowCount() == 100
    assert {model.entry(r).change for r in range(model.rowCount())} == {"deleted"}
    model.set_filter("TEXT/HTML", ["created"])  # case-insensitive; type column too
    assert all(
        model.entry(r).type == "text/html" and model.entry(r).change == "created"
        for r in range(model.rowCount())
    )
    assert model.rowCount() == 50
    model.set_filter()
    assert model.rowCount() == 300


def test_entries_sort_length_numerically_and_keep_sort_on_append(qapp) -> None:
    model = EntriesTableModel()
    model.set_entries([entry(0, length="100"), entry(1, length="9"), entry(2, length="25")])
    model.sort(3, Qt.SortOrder.AscendingOrder)
    assert [model.entry(r).length for r in range(3)] == ["9", "25", "100"]
    model.append_entries([entry(3, length="1")])
    assert model.entry(0).length == "1"
    model.sort(3, Qt.SortOrder.DescendingOrder)
    assert model.entry(0).length == "100"


def test_entries_data_roles(qapp) -> None:
    model = EntriesTableModel()
    model.set_entries([entry(7, "deleted", "12")])
    row = [model.data(model.index(0, c)) for c in range(model.columnCount())]
    assert row == [
        "http://example.org/r/7",
        "deleted",
        "2025-01-01T00:00:00Z",
        "12",
        "text/plain",
        f"md5:{7:032x}",
    ]
    assert model.data(model.index(0, 1), Qt.ItemDataRole.ForegroundRole) is not None
    assert "line 10" in model.data(model.index(0, 0), Qt.ItemDataRole.ToolTipRole)


def test_entries_append_inserts_rows_without_reset(qapp, qtmodeltester) -> None:
    model = EntriesTableModel()
    model.set_entries([entry(i) for i in range(10)])
    resets: list[int] = []
    inserted: list[tuple[int, int]] = []
    model.modelReset.connect(lambda: resets.append(1))
    model.rowsInserted.connect(lambda _p, first, last: inserted.append((first, last)))
    model.append_entries([entry(i) for i in range(10, 15)])
    assert resets == [] and inserted == [(10, 14)] and model.rowCount() == 15
    qtmodeltester.check(model)


def test_entries_million_rows(qapp) -> None:
    """A million entries from an expanded index: the model holds them and filters them."""
    base = [entry(i) for i in range(1000)]
    model = EntriesTableModel()
    model.set_entries(base * 1000)
    assert model.rowCount() == 1_000_000
    model.set_filter("r/999", None)
    assert model.rowCount() == 1000
    model.set_filter()
    model.sort(0, Qt.SortOrder.DescendingOrder)
    assert model.entry(0).loc == "http://example.org/r/999"


def test_problems_sorted_errors_first(qapp, qtmodeltester) -> None:
    model = ProblemsModel()
    model.set_findings(
        [
            Finding(Severity.WARNING, "document.a", "warn", line=2, spec="core 1.1 §7"),
            Finding(Severity.ERROR, "document.b", "bad", line=9),
            Finding(Severity.INFO, "document.c", "fyi"),
        ]
    )
    assert [model.finding(r).code for r in range(3)] == ["document.b", "document.a", "document.c"]
    assert model.data(model.index(1, 4)) == "core 1.1 §7"
    assert model.data(model.index(0, 0), Qt.ItemDataRole.DecorationRole) is not None
    qtmodeltester.check(model)


# --- the Source tree over hand-made crawl nodes; the fake expander plays the crawler


def node(url: str, capability: str | None, parent: DocumentNode | None = None) -> DocumentNode:
    return DocumentNode(url, capability, parent, 0 if parent is None else parent.depth + 1)


def loaded_root() -> DocumentNode:
    root = node("http://s/.well-known/resourcesync", "description")
    root.state = NodeState.LOADED
    root.document = Document(URLSET, md={"capability": "description"})
    cl = node("http://s/capabilitylist.xml", "capabilitylist", root)
    cl.state = NodeState.LOADED
    cl.document = Document(URLSET, md={"capability": "capabilitylist"})
    cl.children = [
        node("http://s/rl-index.xml", "resourcelist", cl),
        node("http://s/broken.xml", "changelist", cl),
    ]
    cl.channels = [Channel("http://s/changes/", "http://s/hub", "change-notification", cl.url)]
    root.children = [cl]
    return root


async def expand(doc: DocumentNode) -> None:
    if doc.url == "http://s/broken.xml":
        raise ConnectionError("connection refused")
    doc.state = NodeState.LOADED
    doc.document = Document(SITEMAPINDEX, md={"capability": "resourcelist"})
    doc.findings = [
        Finding(Severity.ERROR, "document.x", "x"),
        Finding(Severity.WARNING, "document.y", "y"),
    ]
    doc.children = [node(f"http://s/rl{i}.xml", "resourcelist", doc) for i in range(BATCH * 2 + 10)]


def test_tree_shows_loaded_levels_and_channels(qapp, qtmodeltester) -> None:
    model = SourceTreeModel(expand)
    root = model.set_source(loaded_root())
    cl = root.children[0]
    assert [c.is_channel for c in cl.children] == [False, False, True]
    channel = cl.children[2]
    assert not model.hasChildren(model.index_of(channel))
    assert "hub http://s/hub" in model.data(model.index_of(channel))
    assert model.data(model.index_of(channel), Qt.ItemDataRole.DecorationRole) is not None
    pending = cl.children[0]
    assert model.hasChildren(model.index_of(pending))
    assert model.rowCount(model.index_of(pending)) == 0
    assert model.canFetchMore(model.index_of(pending))
    qtmodeltester.check(SourceTreeModel(None))


def test_tree_expands_lazily_in_batches(qtbot, qloop) -> None:
    model = SourceTreeModel(expand)
    root = model.set_source(loaded_root())
    index_item = root.children[0].children[0]
    parent = model.index_of(index_item)
    model.fetchMore(parent)
    qtbot.waitUntil(lambda: index_item.doc.state is NodeState.LOADED and not index_item.expanding)
    assert model.rowCount(parent) == BATCH
    assert model.canFetchMore(parent)
    model.fetchMore(parent)
    model.fetchMore(parent)
    assert model.rowCount(parent) == BATCH * 2 + 10
    assert not model.canFetchMore(parent)
    assert model.data(model.index_of(index_item, 1), Qt.ItemDataRole.UserRole) == [1, 1]
    assert "Index" in model.data(parent)


def test_tree_expand_failure_is_shown_not_raised(qtbot, qloop) -> None:
    model = SourceTreeModel(expand)
    root = model.set_source(loaded_root())
    broken = root.children[0].children[1]
    loaded = []
    model.node_loaded.connect(loaded.append)
    model.expand(broken)
    qtbot.waitUntil(lambda: loaded == [broken])
    assert "refused" in broken.error
    assert "refused" in model.data(model.index_of(broken), Qt.ItemDataRole.ToolTipRole)


def test_tree_refresh_redraws_a_node_the_crawler_loaded(qapp) -> None:
    model = SourceTreeModel(expand)
    root = model.set_source(loaded_root())
    target = root.children[0].children[0]
    target.doc.state = NodeState.LOADED
    target.doc.document = Document(URLSET, md={"capability": "resourcelist"})
    model.refresh(target.doc)
    assert not model.hasChildren(model.index_of(target))
    assert "Resource List" in model.data(model.index_of(target))


@pytest.mark.parametrize("capability", ["resourcelist", "changelist", None])
def test_capability_icons_draw(qapp, capability) -> None:
    from explorer.ui.shared.icons import capability_icon

    icon = capability_icon(capability, index=True)
    assert not icon.pixmap(32, 32).isNull()
