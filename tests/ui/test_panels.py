"""Feed, subscription and inspector pieces without the network; restart restoration."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt

from explorer.core.findings import Finding, Severity
from explorer.core.model import URLSET, Document, Entry
from explorer.core.words.messages import verbatim
from explorer.net.live.subscriber_events import NOTIFICATION, REJECTED, SubscriberEvent
from explorer.net.live.subscription import State, Subscription
from explorer.net.store.database import Store
from explorer.net.store.records import ExchangeRecord, NotificationRecord
from explorer.ui.live.feed_model import (
    CHANGE,
    COLUMNS,
    FRAMEWORK,
    REJECTED_KIND,
    FeedItem,
    FeedModel,
)
from explorer.ui.live.feed_panel import changes_html
from explorer.ui.live.subscriptions_model import lease_text, masked
from explorer.ui.shared.columns import column_index
from explorer.ui.shared.exchange_text import curl_command, describe, pretty_body

TOPIC = "http://s/dataset1/change-notifications"


def change_event(changes: list[str], diff: list | None = None) -> SubscriberEvent:
    doc = Document(
        URLSET,
        md={"capability": "change-notification"},
        entries=[Entry(loc=f"http://s/r{i}", md={"change": c}) for i, c in enumerate(changes)],
    )
    return SubscriberEvent(
        NOTIFICATION,
        TOPIC,
        "sub1",
        notification_id=7,
        capability="change-notification",
        entries=[{"loc": e.loc, "change": e.change} for e in doc.entries],
        signature="valid",
        document=doc,
        diff=diff,
        findings=[Finding(Severity.WARNING, "changes.x", "odd")],
    )


def test_feed_rows_from_events_count_changes_and_keep_rejected_apart(qapp) -> None:
    model = FeedModel()
    model.add(
        [
            FeedItem.from_event(change_event(["created", "updated", "updated"])),
            FeedItem.from_event(
                SubscriberEvent(
                    REJECTED,
                    TOPIC,
                    "sub1",
                    notification_id=8,
                    reason="signature mismatch",
                    signature="invalid",
                )
            ),
        ]
    )
    first, rejected = model.item(0), model.item(1)
    assert first.kind == CHANGE and first.changes == {"created": 1, "updated": 2}
    entries, created, updated, deleted, warnings, channel, topic = (
        column_index(COLUMNS, key)
        for key in ("entries", "created", "updated", "deleted", "warnings", "channel", "topic")
    )
    counts = (entries, created, updated, deleted, warnings)
    assert [model.data(model.index(0, c)) for c in counts] == ["3", "1", "2", None, "1"]
    assert model.data(model.index(0, updated), Qt.ItemDataRole.ForegroundRole).name() == "#d08a00"
    assert model.data(model.index(0, created), Qt.ItemDataRole.ForegroundRole).name() == "#2e9d48"
    assert rejected.kind == REJECTED_KIND and model.data(model.index(1, channel)) == "REJECTED"
    assert "signature mismatch" in model.data(model.index(1, topic), Qt.ItemDataRole.ToolTipRole)
    model.set_filter(kind=REJECTED_KIND)
    assert model.matching_rows() == [1]
    model.set_filter(change="updated")
    assert model.matching_rows() == [0]
    model.set_filter(text="r2")
    assert len(model.matching_rows()) == 1
    model.set_filter()
    assert model.matching_rows() == [0, 1] and model.rowCount() == 2


def test_changes_html_shows_old_and_new(qapp) -> None:
    diff = [
        {
            "loc": "http://s/r1",
            "change": "updated",
            "before": {"hash": "md5:aa"},
            "after": {"hash": "md5:bb"},
            "changed": ["hash"],
        },
        {
            "loc": "http://s/r2",
            "change": "deleted",
            "before": {"length": "3"},
            "after": {},
            "changed": [],
        },
    ]
    text = changes_html(FeedItem.from_event(change_event(["updated", "deleted"], diff)))
    assert "md5:aa" in text and "md5:bb" in text and "line-through" in text and "→" in text
    assert "last known" in text
    framework = FeedItem(
        time.time(),
        FRAMEWORK,
        TOPIC,
        9,
        1,
        {"created": 1},
        diff=[
            {
                "loc": "http://s/cl.xml",
                "change": "created",
                "capability": "changelist",
                "diff": {"added": 3, "removed": 0, "changed": 0},
                "added_locs": ["http://s/r9"],
            }
        ],
    )
    assert "3 added" in changes_html(framework) and "http://s/r9" in changes_html(framework)
    assert "no diff" in changes_html(FeedItem.from_event(change_event(["created"])))


def test_subscription_display_helpers() -> None:
    sub = Subscription(
        "id1",
        TOPIC,
        "http://s/hub",
        "tok",
        "http://cb/tok",
        "s3cr3t-value",
        state=State.ACTIVE,
        lease_seconds=3600,
        lease_expires=1000.0 + 3725,
    )
    assert lease_text(sub, 1000.0) == "1 h 02 min left"
    assert lease_text(sub, 1000.0 + 4000) == "expired"
    assert masked(sub.secret) == "••••••••alue" and masked(None) == "(none)"


def record(**changes: object) -> ExchangeRecord:
    base = dict(
        time=time.time(),
        direction="in",
        kind="delivery",
        method="POST",
        url="http://127.0.0.1:1/callback/tok",
        status=200,
        request_headers=[
            ("Content-Type", "application/xml"),
            ("X-Hub-Signature", "sha256=ab"),
            ("Host", "x"),
        ],
        request_body=b"<urlset><url><loc>http://s/r1</loc></url></urlset>",
        request_size=49,
        response_headers=[],
        response_body=b"",
        response_size=0,
        body_cap=65536,
        duration_ms=3.0,
    )
    base.update(changes)
    return ExchangeRecord(**base)  # type: ignore[arg-type]


def test_inspector_helpers() -> None:
    command = curl_command(record())
    assert command.startswith("curl -i -X POST http://127.0.0.1:1/callback/tok")
    assert "'X-Hub-Signature: sha256=ab'" in command and "Host:" not in command
    assert "--data-binary '<urlset>" in command
    text = describe(record(request_size=100_000))
    assert "X-Hub-Signature: sha256=ab" in text and "3.0 ms" in text
    assert "of 100,000 bytes kept" in text
    pretty = pretty_body(b"<urlset><url/></urlset>", "application/xml")
    assert pretty == "<urlset>\n  <url/>\n</urlset>"
    assert pretty_body(b'{"a": 1}', "application/json") == '{\n  "a": 1\n}'
    assert pretty_body(b"<not xml", "text/xml") == "<not xml"


def test_feed_and_subscriptions_restored_after_restart(qtbot, qloop, run, tmp_path) -> None:
    """Deliveries and subscriptions in the store come back in a new session's panels."""
    from explorer.ui.live.feed_panel import FeedPanel
    from explorer.ui.live.subscription_panel import SubscriptionPanel
    from explorer.ui.services import ExplorerServices

    path = tmp_path / "store.sqlite3"
    store = Store(path)
    sub = Subscription(
        "id1",
        TOPIC,
        "http://127.0.0.1:9/hub",
        "tok" * 8,
        "http://x/cb",
        None,
        state=State.ENDED,
        created=1.0,
        updated=1.0,
    )
    run(store.save_subscription(sub.to_row()))
    body = b'<?xml version="1.0"?><urlset/>'
    for status in ("notification", "rejected"):
        run(
            store.add_notification(
                NotificationRecord(
                    "id1",
                    TOPIC,
                    time.time(),
                    status,
                    "valid" if status == "notification" else "invalid",
                    body,
                    [("Content-Type", "application/xml")],
                    capability="change-notification",
                    summary={
                        "capability": "change-notification",
                        "entry_count": 1,
                        "entries": [{"loc": "http://s/r1", "change": "created"}],
                    },
                    reason=None if status == "notification" else verbatim("bad signature"),
                )
            )
        )
    store.close()

    services = ExplorerServices(store_path=path)
    run(services.start())
    try:
        feed = FeedPanel(services)
        qtbot.addWidget(feed)
        feed.restore()
        assert [feed.model.item(r).kind for r in range(2)] == [CHANGE, REJECTED_KIND]
        assert feed.model.item(0).changes == {"created": 1}
        feed.show_detail(feed.model.item(0))
        assert feed.payload.toPlainText() == body.decode()
        panel = SubscriptionPanel(services, lambda coro: coro.close())
        qtbot.addWidget(panel)
        assert panel.model.rowCount() == 1
        assert panel.model.data(panel.model.index(0, 0)) == "ended"
    finally:
        run(services.aclose())


def test_a_large_restore_fills_the_feed_over_several_turns(
    qtbot, qloop, run, tmp_path, monkeypatch
) -> None:
    """Stored rows come first and in order, a few per turn; a live row that arrived
    meanwhile comes after them."""
    from explorer.ui.live import feed_panel
    from explorer.ui.live.feed_panel import FeedPanel
    from explorer.ui.services import ExplorerServices

    monkeypatch.setattr(feed_panel, "ROWS_PER_TURN", 3)
    path = tmp_path / "store.sqlite3"
    store = Store(path)
    for n in range(8):
        run(
            store.add_notification(
                NotificationRecord(
                    "id1",
                    TOPIC,
                    time.time(),
                    "notification",
                    "valid",
                    b"<urlset/>",
                    [],
                    capability="change-notification",
                    summary={
                        "entry_count": 1,
                        "entries": [{"loc": f"http://s/r{n}", "change": "updated"}],
                    },
                )
            )
        )
    store.close()
    services = ExplorerServices(store_path=path)
    run(services.start())
    try:
        feed = FeedPanel(services)
        qtbot.addWidget(feed)
        feed.on_events([change_event(["created"])])  # arrives while the window opens
        feed.restore()
        assert feed.model.rowCount() == 3  # the first turn's share, at once
        qtbot.waitUntil(lambda: feed.model.rowCount() == 9, timeout=5000)
        ids = [feed.model.item(row).notification_id for row in range(9)]
        assert ids == [1, 2, 3, 4, 5, 6, 7, 8, 7]  # the live delivery (id 7 in the event) last
    finally:
        run(services.aclose())


def test_lazy_highlighting_colours_only_what_is_shown(qtbot, qloop, run) -> None:
    from explorer.ui.shared.xml_view import LAZY_LINES, XmlSourceView

    view = XmlSourceView()
    qtbot.addWidget(view)
    view.resize(600, 300)
    view.show()
    lines = [f'<url><loc a="{i}">http://s/r{i}</loc></url>' for i in range(LAZY_LINES * 2)]
    run(view.set_xml_async("\n".join(lines).encode()))
    assert view.blockCount() == LAZY_LINES * 2
    first = view.document().firstBlock()
    assert first.layout().formats(), "the visible lines are coloured"
    assert not view.document().lastBlock().layout().formats(), "off-screen lines are not"
    view.go_to_line(LAZY_LINES * 2)
    view._highlight_visible()
    assert view.document().lastBlock().layout().formats()
