"""Text from Sources and hubs is shown literally, never as Qt rich text (docs/reliability.md).

A loopback server plays a hostile Source (its ``loc``, ``up`` link and Content-Type are
HTML with a huge local image) and a hostile hub (an HTML error body); a delivery comes
with that HTML in a header and as a malformed ``X-Hub-Signature``. Each place the window
shows such text is checked: labels are plain text, tooltips are escaped inside a fixed
template, and rendering a tooltip's document gives back the literal characters.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

import httpx
import pytest
from aiohttp import web
from helpers.loopback import LoopbackSite, start_loopback
from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt  # mightBeRichText is in QtGui's Qt namespace
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QLabel
from test_net_thread import subscribe_to_demo

from explorer.net.live.subscription import State
from explorer.ui.live.feed_model import COLUMNS, REJECTED_KIND, TOOLTIP_COLUMNS
from explorer.ui.shared.columns import column_index
from explorer.ui.shared.diff_view import SideBySideDiffView
from explorer.ui.shared.plain_text import MAX_CHARS, PlainLabel, clip, tooltip_text

HOSTILE = (
    '<img src="file:///etc/hostname" width=40000 height=40000>'
    '<h1 style="color:red">X</h1><a href="x">l</a>'
)
IMAGE = '<h1 style="color:red">X</h1>'
"""The part every place keeps intact (a URL resolver rewrites the image's file:///)."""
TOOLTIP = Qt.ItemDataRole.ToolTipRole

SOURCE_DESCRIPTION = f"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:rs="http://www.openarchives.org/rs/terms/">
  <rs:ln rel="up" href={quoteattr(HOSTILE)}/>
  <rs:md capability="description"/>
  <url>
    <loc>{escape(HOSTILE)}</loc>
    <rs:md capability="capabilitylist"/>
  </url>
</urlset>
"""


NOTIFICATION = """<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:rs="http://www.openarchives.org/rs/terms/">
  <rs:md capability={capability} from="2026-01-01T00:00:00Z"/>
  <url><loc>http://127.0.0.1/r1</loc><rs:md change="updated"/></url>
</urlset>
"""


class HostileServer:
    """``/sd.xml``: the hostile Source Description, served with a hostile Content-Type;
    ``/hub``: a hub refusing everything with an HTML error body."""

    def __init__(self) -> None:
        self.site: LoopbackSite | None = None

    async def start(self) -> HostileServer:
        async def source(_request: web.Request) -> web.Response:
            return web.Response(body=SOURCE_DESCRIPTION.encode(), headers={"Content-Type": HOSTILE})

        async def hub(_request: web.Request) -> web.Response:
            return web.Response(status=400, body=HOSTILE.encode(), content_type="text/html")

        app = web.Application()
        app.router.add_get("/sd.xml", source)
        app.router.add_route("*", "/hub", hub)
        self.site = await start_loopback(app, handle_signals=False)
        return self

    def url(self, path: str) -> str:
        assert self.site is not None
        return self.site.url(path)

    async def stop(self) -> None:
        if self.site is not None:
            await self.site.stop()


@pytest.fixture
def hostile(run) -> Iterator[HostileServer]:
    server = run(HostileServer().start())
    yield server
    run(server.stop())


def rendered(rich_text: str) -> str:
    """What Qt shows for a piece of rich text, as plain characters."""
    document = QTextDocument()
    document.setHtml(rich_text)
    return document.toPlainText()


def assert_literal_tooltip(tip: object) -> None:
    assert isinstance(tip, str) and "&lt;img" in tip and "<img" not in tip, tip
    assert "<img src=" in rendered(tip) and IMAGE in rendered(tip)


def assert_plain_label(label: QLabel) -> None:
    assert label.textFormat() == Qt.TextFormat.PlainText
    assert IMAGE in label.text()


def test_tooltip_text_is_escaped_rich_text_that_renders_literally(qapp) -> None:
    tip = tooltip_text(f"{HOSTILE}\nsecond line & more")
    assert_literal_tooltip(tip)
    assert rendered(tip) == f"{HOSTILE}\nsecond line & more"
    assert tooltip_text("") == "" and tooltip_text(None) == ""


def test_outside_text_is_clipped_in_tooltips_and_labels(qapp) -> None:
    header = "x" * 1_000_000
    assert len(tooltip_text(header)) < MAX_CHARS + 200
    assert "more characters" in rendered(tooltip_text(header))
    label = PlainLabel()
    label.setText("\n".join(["line"] * 10_000))
    assert label.text().count("\n") < 50 and label.textFormat() == Qt.TextFormat.PlainText
    assert clip("short") == "short"


def test_hostile_source_shows_literally_in_tree_header_and_tables(
    window, qtbot, hostile, output_dir: Path
) -> None:
    window.open_url(hostile.url("/sd.xml"))
    qtbot.waitUntil(lambda: bool(window.tree_model.roots), timeout=15000)
    root = window.tree_model.roots[0]
    view = window.document_view
    qtbot.waitUntil(lambda: view.url == root.url and view.shown is not None, timeout=10000)
    model = window.tree_model

    # the document header: built as rich text on purpose, with every value escaped
    assert view.header.textFormat() == Qt.TextFormat.RichText
    assert "<img" not in view.header.text() and "&lt;img" in view.header.text()
    assert f"up: {HOSTILE}" in rendered(view.header.text())

    # the entries table (the loc) and the problems (the loc and the Content-Type)
    assert_literal_tooltip(view.entries.data(view.entries.index(0, 0), TOOLTIP))
    problems = view.problems
    messages = [problems.finding(r).message for r in range(problems.rowCount())]
    assert any(f"Served as {HOSTILE}" in message for message in messages), messages
    assert all("<img" not in problems.data(problems.index(r, 3), TOOLTIP) for r in range(3))

    # the address bar: the outcome, and every route tried (one saw the Content-Type)
    assert window.discovery_label.textFormat() == Qt.TextFormat.PlainText
    tried = window.discovery_label.toolTip()
    assert "&lt;img" in tried and "<img" not in tried and "<img src=" in rendered(tried)
    window.tree.expandAll()
    window.resize(1400, 900)
    qtbot.wait(100)
    assert window.grab().save(str(output_dir / "hostile-source.png"))

    # the Source tree: the child row stands for the loc; its tooltip and its problem
    qtbot.waitUntil(lambda: bool(root.children) and bool(root.children[0].findings), timeout=10000)
    child = root.children[0]
    tip = model.data(model.index_of(child), TOOLTIP)
    assert_literal_tooltip(tip)
    window.tree.setCurrentIndex(model.index_of(child))
    qtbot.waitUntil(lambda: view.url == child.url, timeout=5000)
    assert_literal_tooltip(problems.data(problems.index(0, 3), TOOLTIP))  # its URL
    assert "<img" not in view.header.text() and IMAGE in rendered(view.header.text())
    save_tooltip(tip, output_dir / "hostile-source-tooltip.png")


def save_tooltip(tip: str, path: Path) -> None:
    """Draw ``tip`` as Qt's tooltip label does (an AutoText label that guesses) and save
    the picture, to look at: a real tooltip cannot be raised on the offscreen platform."""
    label = QLabel(tip)
    label.setWordWrap(GuiQt.mightBeRichText(tip))
    label.adjustSize()
    assert label.grab().save(str(path))


def test_hostile_hub_answers_show_literally(window, qtbot, run, hostile) -> None:
    # a subscription the hub refuses with an HTML body: its row tooltip
    services = window.services
    run(services.start_demo())
    topic = services.demo.channels[0].topic
    sub = run(services.subscribe(topic, hostile.url("/hub")))
    run(services.wait_settled(sub, 10))
    panel = window.panels.subscriptions
    qtbot.waitUntil(lambda: panel.model.rowCount() >= 1, timeout=5000)
    row = panel.model.row_of(sub.id)
    assert row is not None and sub.state in (State.FAILED, State.DENIED)
    assert IMAGE in str(sub.reason or ""), sub.reason
    assert_literal_tooltip(panel.model.data(panel.model.index(row, 1), TOOLTIP))

    # the workbench: publishing to that hub; the status line shows the outcome plainly
    bench = window.panels.workbench
    bench.hub_edit.setText(hostile.url("/hub"))
    bench.topic_edit.setText(topic)
    bench.apply_template()
    result = run(bench.publish_payload())
    assert result is not None and result.status == 400
    assert IMAGE in bench.response_view.toPlainText()  # a plain-text view
    assert bench.status.textFormat() == Qt.TextFormat.PlainText

    # the payload editor's validation line names the document's capability
    bench.editor.setPlainText(NOTIFICATION.format(capability=quoteattr(HOSTILE)))
    run(bench.validate())
    assert_plain_label(bench.validation_label)


def test_hostile_address_shows_literally_in_the_message_bar(window, qtbot, hostile) -> None:
    url = hostile.url(f"/missing?{HOSTILE}")
    window.open_url(url)
    qtbot.waitUntil(window.messages.isVisible, timeout=15000)
    assert_plain_label(window.messages.text)
    assert window.messages.text.text().startswith(f"No ResourceSync document found from {url}")
    assert_plain_label(window.progress.label)  # "Opening <url>" while it ran


def test_hostile_conformance_evidence_shows_literally(
    window, qtbot, run, hostile, output_dir: Path
) -> None:
    bench = window.panels.workbench
    bench.hub_edit.setText(hostile.url("/hub"))
    bench.wait_spin.setValue(0.5)
    bench.quiet_spin.setValue(0.1)
    results = run(bench.run_checks(), timeout=90)
    assert results
    bad = [r for r in results if IMAGE in r.summary]
    assert bad, [r.summary for r in results]
    index = results.index(bad[0])
    item = bench.results_tree.topLevelItem(index)
    assert_literal_tooltip(item.toolTip(2))
    bench.results_tree.setCurrentItem(item)
    assert_plain_label(bench.detail_label)
    save_tooltip(item.toolTip(2), output_dir / "hostile-conformance-tooltip.png")
    window.findChild(type(window.tree_dock), "HubWorkbenchDock").raise_()
    window.resize(1400, 900)
    qtbot.wait(100)
    assert bench.grab().save(str(output_dir / "hostile-conformance.png"))


def test_diff_caption_is_plain_text(qtbot) -> None:
    view = SideBySideDiffView()
    qtbot.addWidget(view)
    view.show_message(f"{HOSTILE}: no diff")
    assert_plain_label(view.caption)


def test_hostile_delivery_shows_literally_in_the_feed(window, qtbot, run, output_dir: Path) -> None:
    sub = subscribe_to_demo(window, run)
    headers = {"Content-Type": HOSTILE, "X-Hub-Signature": HOSTILE, "X-Note": HOSTILE}
    with httpx.Client(trust_env=False, timeout=10) as client:
        answer = client.post(sub.callback_url, content=b"<urlset/>", headers=headers)
    assert answer.status_code < 500

    feed = window.panels.feed
    qtbot.waitUntil(lambda: any(i.kind == REJECTED_KIND for i in feed.model.items), timeout=10000)
    row = next(r for r in range(feed.model.rowCount()) if feed.model.item(r).kind == REJECTED_KIND)
    assert IMAGE in str(feed.model.item(row).reason or "")
    for column in TOOLTIP_COLUMNS:
        assert_literal_tooltip(feed.model.data(feed.model.index(row, column), TOOLTIP))
    save_tooltip(
        feed.model.data(feed.model.index(row, column_index(COLUMNS, "topic")), TOOLTIP),
        output_dir / "hostile-feed-tooltip.png",
    )

    with qtbot.waitSignal(feed.detail_shown, timeout=10000):
        feed.select_row(row)
    html = feed.changes.toHtml()
    assert "<img" not in html and IMAGE in feed.changes.toPlainText()
    problems = feed.problems
    for r in range(problems.rowCount()):
        assert "<img" not in problems.data(problems.index(r, 0), TOOLTIP)

    inspector = window.panels.inspector
    qtbot.waitUntil(
        lambda: any(
            inspector.model.record(r).kind == "delivery" for r in range(inspector.model.rowCount())
        ),
        timeout=10000,
    )
    delivery = next(
        r for r in range(inspector.model.rowCount()) if inspector.model.record(r).kind == "delivery"
    )
    inspector.table.selectRow(delivery)
    assert f"X-Note: {HOSTILE}" in inspector.detail.toPlainText()  # a plain-text view
    assert inspector.status.textFormat() == Qt.TextFormat.PlainText

    window.findChild(type(window.tree_dock), "FeedDock").raise_()
    window.resize(1400, 900)
    qtbot.wait(100)
    assert feed.grab().save(str(output_dir / "hostile-delivery.png"))
