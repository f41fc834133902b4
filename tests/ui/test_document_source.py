"""The XML source tab shows a body the crawl keeps on disk, read off the loop."""

from __future__ import annotations

import threading

from explorer.core.parser import parse_document
from explorer.net.http.spool import BodySpool
from explorer.net.source.crawl_tree import DocumentNode, NodeState

BODY = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n'
    b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
    + b"".join(b"<url><loc>http://s/r%d</loc></url>\n" % n for n in range(50))
    + b"</urlset>\n"
)


def _spooled_node(spool: BodySpool) -> DocumentNode:
    return DocumentNode(
        "http://s/list.xml",
        state=NodeState.LOADED,
        document=parse_document(BODY),
        spooled=spool.keep(BODY),
    )


def test_spooled_body_is_shown_in_the_xml_tab(qtbot, qloop, tmp_path) -> None:
    from explorer.ui.source.document_panel import DocumentPanel

    spool = BodySpool(tmp_path)
    node = _spooled_node(spool)
    readers: list[bool] = []

    def read() -> bytes | None:
        readers.append(threading.current_thread() is threading.main_thread())
        return node.read_body()

    view = DocumentPanel()
    qtbot.addWidget(view)
    view.show_document(node.url, node.document, [], read)
    qtbot.waitUntil(lambda: "http://s/r49" in view.source.toPlainText(), timeout=5000)
    assert view.source.toPlainText().startswith('<?xml version="1.0"')
    assert view.entries.rowCount() == 50
    assert readers == [False]  # the disk read ran in a worker, not on the GUI thread
    spool.close()


def test_a_channel_shown_meanwhile_is_not_overwritten_by_the_read(qtbot, qloop, tmp_path) -> None:
    from explorer.ui.source.document_panel import DocumentPanel

    spool = BodySpool(tmp_path)
    node = _spooled_node(spool)
    release = threading.Event()
    started = threading.Event()

    def slow_read() -> bytes | None:
        started.set()
        release.wait(5)
        return node.read_body()

    view = DocumentPanel()
    qtbot.addWidget(view)
    view.show_document(node.url, node.document, [], slow_read)
    qtbot.waitUntil(started.is_set, timeout=5000)
    view.show_channel("http://s/topic", "change-notification", "http://hub")
    release.set()
    qtbot.wait(200)
    assert view.source.toPlainText() == "" and view.url == "http://s/topic"
    spool.close()
