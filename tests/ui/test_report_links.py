"""Every "go to this finding" of the window's reports goes through the one Source
navigator and lands on the line on the first click: an audit row shows the list that
describes its resource at that resource's entry; a live-feed warning that names a
document of the Source shows that document, at the problem found in it."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers.planted_copy import planted
from helpers.third_party_source import SourceFiles, serving
from test_audit_view import audit_from_tree
from test_history_view import finish

from explorer.core.findings import finding
from explorer.core.parser import parse_document
from explorer.core.safe_xml import DocumentParseError
from explorer.net.live.subscriber_events import NOTIFICATION, SubscriberEvent


def cursor_line(window) -> int:
    return window.document_view.source.textCursor().blockNumber() + 1


def wait_landed(window, qtbot, url: str, line: int) -> None:
    """The document view shows ``url``'s own text, on the XML tab, at ``line``."""
    view = window.document_view
    qtbot.waitUntil(lambda: view.url == url and view.source_ready, timeout=10000)
    assert view.tabs.currentIndex() == 1
    qtbot.waitUntil(lambda: cursor_line(window) == line, timeout=5000)
    marked = view.source.extraSelections()
    assert [mark.cursor.blockNumber() + 1 for mark in marked] == [line]


@pytest.mark.qt_log_ignore("does not support raise")  # the audit window, offscreen
def test_an_audit_row_opens_its_list_at_the_resources_entry(window, qtbot, tmp_path: Path) -> None:
    files = SourceFiles()
    copy = tmp_path / "copy"
    with serving(files) as base:
        files.documents.update(planted(base, copy).documents)
        window.open_url(base + "/")
        panel = audit_from_tree(window, qtbot)
        host = tmp_path / "host"
        host.mkdir()
        panel.folder_edit.setText(str(host))
        panel.mappings_edit.setPlainText(f"{base}/data={copy / 'data'}\n")
        finish(qtbot, panel.start())
        rows = [panel.model.row(n) for n in range(panel.model.rowCount())]
        listed = sorted((row for row in rows if row.document), key=lambda r: r.loc, reverse=True)
        assert len({row.document for row in listed}) >= 2, rows
        # the Resource Lists sit below an index the tree has not loaded: the first
        # activation loads what it must and still lands
        assert window.tree_model.find(listed[0].document) is None
        view = window.document_view
        for row in listed:
            index = panel.model.index(rows.index(row), 1)
            panel.table.activated.emit(index)  # double-click or Enter on the row
            qtbot.waitUntil(lambda row=row: view.url == row.document, timeout=15000)
            item = window.tree_model.find(row.document)
            assert item is not None and item.doc is not None and item.doc.document is not None
            lines = [e.line for e in item.doc.document.entries if e.loc == row.loc]
            assert lines and lines[-1] not in (None, 1)
            wait_landed(window, qtbot, row.document, lines[-1])
        panel.close()


BROKEN = b"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>http://example.org/a</loc></url>
  <url><loc>http://example.org/b</loc>
</urlset>
"""


def unreadable_refetch(url: str):
    """What the change tracker reports when a framework notification's document, fetched
    again, no longer parses: the notification's entry line, and the document's problem."""
    try:
        parse_document(BROKEN)
    except DocumentParseError as exc:
        problem = exc.finding
    else:
        raise AssertionError("BROKEN parsed")
    assert problem.line is not None and problem.line > 1
    return problem, finding(
        "changes.refetch-failed", line=9, url=url, params={"loc": url, "problem": problem}
    )


def test_a_feed_warning_naming_a_source_document_lands_on_its_problem(window, qtbot, run) -> None:
    window.open_url(run(window.services.start_demo()))
    qtbot.waitUntil(lambda: bool(window.tree_model.roots), timeout=15000)
    target = None

    def loaded_list() -> bool:
        nonlocal target
        target = next(
            (
                item
                for item in window.tree_model.walk()
                if item.doc is not None
                and item.doc.document is not None
                and item.capability in ("changelist", "resourcelist", "capabilitylist")
                and item is not window.selected_item()
                and item.doc.read_body().count(b"\n") >= 5
            ),
            None,
        )
        return target is not None

    qtbot.waitUntil(loaded_list, timeout=15000)
    assert target is not None
    problem, warning = unreadable_refetch(target.url)
    feed = window.panels.feed
    feed.on_events(
        [
            SubscriberEvent(
                NOTIFICATION,
                target.url,
                "sub1",
                notification_id=1,
                capability="framework-notification",
                entries=[{"loc": target.url, "change": "updated"}],
                findings=[warning],
            )
        ]
    )
    qtbot.waitUntil(lambda: feed.model.rowCount() == 1, timeout=5000)
    feed.select_row(0)
    qtbot.waitUntil(lambda: feed.problems.rowCount() == 1, timeout=5000)
    assert window.document_view.url != target.url
    feed.problems_table.clicked.emit(feed.problems.index(0, 0))  # one click
    wait_landed(window, qtbot, target.url, problem.line)
