"""URLs a Source names cannot spoof the reader or reach the desktop (reliability: the
window shows outside text with its invisible characters made visible, and hands only
http and https to the browser).

A loopback Source lists a loc with a right-to-left override (``invoice\\u202efdp.exe``,
drawn as ``…invoiceexe.pdf`` if left alone) and locs of the schemes a desktop would open
on its own: ``file:``, ``javascript:``, ``data:``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from xml.sax.saxutils import escape

import pytest
from aiohttp import web
from helpers.loopback import LoopbackSite, start_loopback
from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices

SPOOF = "invoice\u202efdp.exe"
FOREIGN = ("file:///etc/passwd", "javascript:alert(document.domain)", "data:text/html,<b>x</b>")


def description(base: str) -> str:
    locs = [f"{base}/{SPOOF}", *FOREIGN]
    rows = "".join(
        f'<url><loc>{escape(loc)}</loc><rs:md capability="capabilitylist"/></url>' for loc in locs
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
        ' xmlns:rs="http://www.openarchives.org/rs/terms/">'
        f'<rs:md capability="description"/>{rows}</urlset>'
    )


@pytest.fixture
def spoofing_source(run) -> Iterator[LoopbackSite]:
    holder: dict[str, str] = {}

    async def source(_request: web.Request) -> web.Response:
        return web.Response(
            body=description(holder["base"]).encode(), content_type="application/xml"
        )

    app = web.Application()
    app.router.add_get("/sd.xml", source)
    site: LoopbackSite = run(start_loopback(app, handle_signals=False))
    holder["base"] = site.base_url
    yield site
    run(site.stop())


@pytest.fixture
def opened(monkeypatch) -> list[str]:
    """What would have reached the desktop."""
    urls: list[str] = []

    def record(url: QUrl) -> bool:
        urls.append(url.toString())
        return True

    monkeypatch.setattr(QDesktopServices, "openUrl", record)
    return urls


def open_spoofing(window, qtbot, site: LoopbackSite):
    window.open_url(site.url("/sd.xml"))
    qtbot.waitUntil(lambda: bool(window.tree_model.roots), timeout=15000)
    root = window.tree_model.roots[0]
    qtbot.waitUntil(lambda: len(root.children) == 4, timeout=10000)
    return root


def test_bidi_and_invisible_characters_are_shown_as_escapes(
    window, qtbot, spoofing_source, output_dir: Path
) -> None:
    root = open_spoofing(window, qtbot, spoofing_source)
    model = window.tree_model
    spoofed = next(child for child in root.children if "fdp" in child.url)
    index = model.index_of(spoofed)
    shown = model.data(index, Qt.ItemDataRole.DisplayRole)
    tip = model.data(index, Qt.ItemDataRole.ToolTipRole)
    for text in (shown, tip):
        assert "\u202e" not in text and "invoice\\u202efdp.exe" in text, text
    view = window.document_view
    window.tree.setCurrentIndex(model.index_of(root))
    qtbot.waitUntil(lambda: view.url == root.url and view.shown is not None, timeout=10000)
    locs = [
        view.entries.data(view.entries.index(row, 0), Qt.ItemDataRole.DisplayRole)
        for row in range(view.entries.rowCount())
    ]
    assert any(loc.endswith("/invoice\\u202efdp.exe") for loc in locs), locs
    assert not any("\u202e" in loc for loc in locs)
    # the HTTP inspector: the request for the spoofed URL, in its table and its detail
    inspector = window.panels.inspector
    url_column = inspector.model.columnCount() - 1

    def spoofed_rows() -> list[int]:
        return [
            row
            for row in range(inspector.model.rowCount())
            if "fdp" in inspector.model.record(row).url
        ]

    qtbot.waitUntil(lambda: bool(spoofed_rows()), timeout=10000)
    row = spoofed_rows()[0]
    cell = inspector.model.data(inspector.model.index(row, url_column), Qt.ItemDataRole.DisplayRole)
    assert "\u202e" not in cell and "invoice\\u202efdp.exe" in cell, cell
    inspector.table.selectRow(row)
    detail = inspector.detail.toPlainText()
    assert "\u202e" not in detail and "invoice\\u202efdp.exe" in detail
    window.tree.expandAll()
    window.resize(1200, 700)
    qtbot.wait(100)
    assert window.grab().save(str(output_dir / "spoofed-loc.png"))


def test_open_in_browser_refuses_every_scheme_but_http_and_https(
    window, qtbot, spoofing_source, opened: list[str]
) -> None:
    root = open_spoofing(window, qtbot, spoofing_source)
    for child in root.children:
        action = next(a for a in window.tree_menu(child).actions() if a.text() == "Open in browser")
        action.trigger()
        if child.url.startswith("http://"):
            assert opened == [QUrl(child.url).toString()]
        else:
            assert window.messages.isVisible()
            assert "is not an http or https URL" in window.statusBar().currentMessage()
    assert len(opened) == 1, opened


@pytest.fixture
def japanese_first(qapp) -> Iterator[None]:
    """Japanese installed before the window is built (ask for it before ``window``)."""
    from explorer.ui.language import install_language

    install_language("ja", qapp)
    yield
    install_language("en", qapp)


def test_the_escapes_show_in_a_japanese_window_too(
    japanese_first, window, qtbot, spoofing_source, output_dir: Path
) -> None:
    root = open_spoofing(window, qtbot, spoofing_source)
    spoofed = next(child for child in root.children if "fdp" in child.url)
    shown = window.tree_model.data(window.tree_model.index_of(spoofed), Qt.ItemDataRole.DisplayRole)
    assert "invoice\\u202efdp.exe" in shown and "\u202e" not in shown
    window.tree.expandAll()
    window.resize(1200, 700)
    qtbot.wait(100)
    assert window.grab().save(str(output_dir / "spoofed-loc-ja.png"))
