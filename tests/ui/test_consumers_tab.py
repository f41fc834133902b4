"""The document view's Consumers tab: what each reader of the shown document takes from it,
computed off the GUI thread only when the tab is looked at, problems landing on their line."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt

from explorer.core.parser import parse_document

RS = b'xmlns:rs="http://www.openarchives.org/rs/terms/"'
HYRAX = (  # a Resource List as Hyrax serves it: rs:md on every <url> (a search engine warns)
    b'<?xml version="1.0" encoding="UTF-8"?>\n'
    b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ' + RS + b">\n"
    b'<rs:md capability="resourcelist" at="2026-01-01T00:00:00Z"/>\n'
    + b"".join(
        b'<url><loc>http://s/r%d</loc><rs:md hash="md5:1584abdf8ebdc9802ac0c6a7402c03b6"/></url>\n'
        % n
        for n in range(3)
    )
    + b"<url><loc>http://elsewhere.example/r</loc></url>\n"
    + b"</urlset>\n"
)
URL = "http://s/resourcelist.xml"


def _panel(qtbot):
    from explorer.ui.source.document_panel import DocumentPanel

    view = DocumentPanel()
    qtbot.addWidget(view)
    return view


def _rows(view) -> dict[str, list[str]]:
    model = view.consumers_view.model
    return {
        model.index(row, 0).data(): [model.index(row, c).data() for c in range(1, 5)]
        for row in range(model.rowCount())
    }


def test_the_consumers_tab_reads_the_document_in_a_worker_when_looked_at(
    qtbot, qloop, monkeypatch
) -> None:
    from explorer.ui.source import document_panel
    from explorer.ui.source.document_panel import CONSUMERS_TAB

    threads: list[bool] = []
    real = document_panel.read_consumers

    def recorded(*args, **kwargs):
        threads.append(threading.current_thread() is threading.main_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(document_panel, "read_consumers", recorded)
    view = _panel(qtbot)
    view.show_document(URL, parse_document(HYRAX), [], HYRAX)
    qtbot.waitUntil(lambda: view.source_ready, timeout=5000)
    assert threads == [] and view.consumers_view.model.rowCount() == 0  # not looked at yet

    view.tabs.setCurrentIndex(CONSUMERS_TAB)
    qtbot.waitUntil(lambda: view.consumers_for == URL, timeout=5000)
    assert threads == [False]  # the engine ran in a worker, not on the GUI thread
    rows = _rows(view)
    assert list(rows) == ["sitemaps-schema", "search-engine", "resync", "scrapy", "advertools"]
    assert rows["sitemaps-schema"][0] == "invalid"  # rs:md where the strict schema has none
    assert rows["search-engine"][:2] == ["yes", "3"]  # the other host's URL is dropped
    assert rows["search-engine"][2] == "1"
    assert rows["scrapy"][:2] == ["yes", "4"]
    view.tabs.setCurrentIndex(0)
    view.tabs.setCurrentIndex(CONSUMERS_TAB)
    assert threads == [False]  # the same document is not read again


def test_a_consumers_problem_lands_on_its_line(qtbot, qloop) -> None:
    from explorer.ui.source.document_panel import CONSUMERS_TAB

    view = _panel(qtbot)
    view.tabs.setCurrentIndex(CONSUMERS_TAB)
    view.show_document(URL, parse_document(HYRAX), [], HYRAX)
    qtbot.waitUntil(lambda: view.consumers_for == URL, timeout=5000)
    consumers = view.consumers_view
    selected = consumers.table.currentIndex().row()
    assert consumers.model.index(selected, 0).data() == "sitemaps-schema"  # the first in trouble
    first = consumers.problems.index(0, 0)
    problem = consumers.problems.data(first, Qt.ItemDataRole.UserRole)
    assert problem.line == 3  # the list's own rs:md: the strict schema has no place for it
    consumers.problems_view.chosen.emit(problem)
    qtbot.waitUntil(lambda: view.source.textCursor().blockNumber() == 2, timeout=5000)
    assert view.tabs.currentIndex() == 1


def test_dropped_urls_say_why_in_the_tooltip(qtbot, qloop) -> None:
    from explorer.ui.source.document_panel import CONSUMERS_TAB

    view = _panel(qtbot)
    view.tabs.setCurrentIndex(CONSUMERS_TAB)
    view.show_document(URL, parse_document(HYRAX), [], HYRAX)
    qtbot.waitUntil(lambda: view.consumers_for == URL, timeout=5000)
    model = view.consumers_view.model
    row = next(r for r in range(model.rowCount()) if model.index(r, 0).data() == "search-engine")
    tip = model.index(row, 3).data(Qt.ItemDataRole.ToolTipRole)
    assert "http://elsewhere.example/r" in tip and "host" in tip


def test_a_channel_or_an_unreadable_document_has_no_consumers(qtbot, qloop) -> None:
    from explorer.ui.source.document_panel import CONSUMERS_TAB

    view = _panel(qtbot)
    view.tabs.setCurrentIndex(CONSUMERS_TAB)
    view.show_document(URL, parse_document(HYRAX), [], HYRAX)
    qtbot.waitUntil(lambda: view.consumers_for == URL, timeout=5000)
    view.show_channel("http://s/topic", "resourcelist", None)
    assert view.consumers_view.model.rowCount() == 0
    assert "channel" in view.consumers_view.status.text()
    view.show_document(URL, None, [], b"not xml")
    assert view.consumers_view.model.rowCount() == 0 and view.consumers_for is None
    view.show_document(URL, parse_document(HYRAX), [], lambda: None)  # the spool is closed
    qtbot.waitUntil(lambda: "no longer" in view.consumers_view.status.text(), timeout=5000)
    assert view.consumers_view.model.rowCount() == 0


INDEX = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n'
    b'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" ' + RS + b">\n"
    b'<rs:md capability="resourcelist"/>\n'
    b"<sitemap><loc>http://s/list-1.xml</loc></sitemap>\n"
    b"<sitemap><loc>http://s/inner-index.xml</loc></sitemap>\n"
    b"</sitemapindex>\n"
)


def test_an_index_listed_in_the_index_shown_is_dropped_by_the_search_engine(qtbot, qloop) -> None:
    from explorer.ui.source.document_panel import CONSUMERS_TAB

    view = _panel(qtbot)
    view.tabs.setCurrentIndex(CONSUMERS_TAB)
    known: list[str] = []  # the tree reads the inner index after the document is shown
    url = "http://s/index.xml"
    view.show_document(url, parse_document(INDEX), [], INDEX, nested=lambda: known)
    qtbot.waitUntil(lambda: view.consumers_for == url, timeout=5000)
    assert _rows(view)["search-engine"][1:3] == ["2", "0"]
    known.append("http://s/inner-index.xml")
    view.show_document(url, parse_document(INDEX), [], INDEX, nested=lambda: known)
    qtbot.waitUntil(lambda: view.consumers_for == url, timeout=5000)
    assert _rows(view)["search-engine"][1:3] == ["1", "1"]
    model = view.consumers_view.model
    tip = model.index(1, 3).data(Qt.ItemDataRole.ToolTipRole)
    assert "http://s/inner-index.xml" in tip


def test_the_dropped_tooltip_names_the_first_urls_and_counts_the_rest(qtbot, qloop) -> None:
    from explorer.ui.source.consumers_model import DROPPED_SHOWN
    from explorer.ui.source.document_panel import CONSUMERS_TAB

    elsewhere = DROPPED_SHOWN + 5
    body = (
        b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
        + b"".join(b"<url><loc>http://other.example/%d</loc></url>\n" % n for n in range(elsewhere))
        + b"</urlset>\n"
    )
    view = _panel(qtbot)
    view.tabs.setCurrentIndex(CONSUMERS_TAB)
    view.show_document(URL, parse_document(body), [], body)
    qtbot.waitUntil(lambda: view.consumers_for == URL, timeout=5000)
    assert _rows(view)["search-engine"][1:3] == ["0", f"{elsewhere}"]
    tip = view.consumers_view.model.index(1, 3).data(Qt.ItemDataRole.ToolTipRole)
    assert f"http://other.example/{DROPPED_SHOWN - 1}" in tip
    assert f"http://other.example/{DROPPED_SHOWN}<" not in tip and "… 5 more" in tip
