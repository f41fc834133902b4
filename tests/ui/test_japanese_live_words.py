"""The window in Japanese says the engine's words, not the English it once stored: the
feed's rejected delivery (NB2), the Subscriptions log's event names (NB3), the
History's fields and entry summary (NB5), a watchdog row's bullets (NB6), the lease
history's state (NB7) and a hubless channel's tooltip (NB8)."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Any

import pytest

from explorer.core.findings import finding
from explorer.core.words.messages import finding_words, said
from explorer.net.live.reconcile import ReconcileReport
from explorer.net.live.reconcile_event import reconcile_event
from explorer.net.live.subscriber_events import SubscriberEvent
from explorer.net.live.subscription import State, SubscriptionView
from explorer.ui.language import install_language

TOPIC = "http://example.org/dataset1/change-notifications"
REFUSED = said("events.reason-hub-refused")


@pytest.fixture
def japanese(qapp):
    install_language("ja", qapp)
    yield qapp
    install_language("en", qapp)


def _rejected_item() -> Any:
    from explorer.ui.live.feed_model import REJECTED_KIND, FeedItem

    invalid = finding("websub.signature-invalid", params={"method": "sha256", "size": 701})
    return FeedItem(
        0.0, REJECTED_KIND, TOPIC, 7, 0, {}, [invalid],
        reason=finding_words(invalid), signature="invalid",
    )  # fmt: skip


def test_a_rejected_delivery_is_said_in_japanese_in_the_feed(japanese) -> None:
    from explorer.ui.live.feed_model import FeedModel
    from explorer.ui.live.feed_panel import changes_html

    line = "拒否した配信: sha256 の署名がボディ（701 バイト）と一致しません（署名: 無効）。"
    assert line in changes_html(_rejected_item())
    model = FeedModel()
    model.add([_rejected_item()])
    tips = [model.index(0, column).data(3) for column in range(model.columnCount())]
    tooltip = next(tip for tip in tips if tip)
    assert line in tooltip and "signature" not in tooltip, tooltip


def test_the_subscriptions_log_names_a_restored_subscription_s_events(japanese, qtbot, tmp_path):
    from explorer.ui.live.event_text import event_line

    checking = SubscriberEvent("checking", TOPIC, message=said("first_hour.checking"))
    lines = [event_line(checking)]
    lines += [event_line(SubscriberEvent(name, TOPIC)) for name in ("confirmed", "not-confirmed")]
    lines.append(event_line(SubscriberEvent("reconcile", TOPIC)))
    for line, name in zip(
        lines, ("再確認中", "再確認済み", "再確認できず", "照合（監視）"), strict=True
    ):
        assert f" {name} " in line, line
    assert "詳細" not in lines[0] and "restored" not in lines[0], lines[0]


def test_a_watchdog_row_s_bullets_are_japanese(japanese) -> None:
    from explorer.ui.live.feed_model import watchdog_item
    from explorer.ui.live.feed_panel import changes_html

    report = ReconcileReport(
        "http://example.org/capabilitylist.xml",
        unannounced=["http://example.org/a"],
        unlisted=["http://example.org/b"],
    )
    html = changes_html(watchdog_item(reconcile_event(report)))
    assert "<b>通知なし</b> http://example.org/a" in html, html
    assert "<b>変更リストになし</b> http://example.org/b" in html, html
    assert "unannounced" not in html and "unlisted" not in html
    assert "通知のない変更 1 件" in html  # the verdict itself


def test_the_history_s_fields_and_entry_summary_are_japanese(japanese) -> None:
    from explorer.core.words.engine_words import capability_word
    from explorer.net.history.comparison_rows import ComparisonRow
    from explorer.ui.history.history_model import ComparisonModel

    model = ComparisonModel()
    model.set_rows(
        [
            ComparisonRow("documents", "changed", "resourcelist", "http://e/rl.xml", "digest",
                          "a", "b"),
            ComparisonRow("documents", "changed", "resourcelist", "http://e/rl.xml", "entries",
                          "1", "2"),
            ComparisonRow("findings", "new", "resourcelist", "http://e/rl.xml", "websub.denied",
                          "", "x"),
        ]
    )  # fmt: skip
    field = next(i for i, column in enumerate(model.columns) if column.key == "field")
    shown = [model.index(row, field).data() for row in range(model.rowCount())]
    assert shown == ["ダイジェスト", "エントリ数", "websub.denied"]
    assert capability_word("resourcelist index", "ja") == "リソースリストインデックス"
    assert capability_word("capabilitylist", "ja") == "機能リスト"


def test_the_lease_history_says_the_state_as_the_subscriptions_table_does(
    japanese, qtbot, tmp_path: Path
) -> None:
    from explorer.ui.watchdog.watchdog_panel import LeaseHistory

    class NoSteps:
        async def lease_history(self, subscription: str, topic: str) -> list:
            return []

    view = SubscriptionView(
        id="s1",
        topic=TOPIC,
        hub="http://example.org/hub",
        callback_url="http://127.0.0.1:1/cb/s1",
        state=State.ACTIVE,
        reason=None,
        transport="websub",
        dialect="websub",
        lease_seconds=600,
        lease_expires=time.time() + 300,
        created=time.time(),
        renewal_error=said("events.reason-renewal-failed", message=REFUSED),
    )
    tasks: list[Any] = []
    history = LeaseHistory(NoSteps(), view, tasks.append)  # type: ignore[arg-type]
    qtbot.addWidget(history)
    history.refresh()
    coroutine = tasks.pop()
    with contextlib.suppress(StopIteration):  # nothing to wait for: it runs to its end
        coroutine.send(None)
    heading = history.heading.text()
    assert "状態 有効" in heading and "active" not in heading, heading
    assert "リース期間の更新に失敗しました" in heading and "renewal failed" not in heading


def test_a_channel_without_a_hub_says_so_in_its_tooltip(japanese) -> None:
    from explorer.net.source.crawl_tree import Channel, DocumentNode, NodeState
    from explorer.ui.source.source_tree import SourceTreeModel

    root = DocumentNode("http://example.org/capabilitylist.xml", "capabilitylist")
    root.state = NodeState.LOADED
    root.channels.append(
        Channel(TOPIC, None, "change-notification", "http://example.org/capabilitylist.xml")
    )
    model = SourceTreeModel()
    model.set_source(root)
    top = model.index(0, 0)
    assert model.rowCount(top) == 1
    tooltip = model.index(0, 0, top).data(3)
    assert "ハブ: （なし）" in tooltip and "None" not in tooltip, tooltip


@pytest.mark.parametrize(
    ("lang", "titles"),
    [
        ("en", ["created", "updated", "deleted"]),
        ("ja", ["作成\n（created）", "更新\n（updated）", "削除\n（deleted）"]),
    ],
)
def test_the_feed_change_columns_are_labelled_in_the_interface_language(
    qapp, qtbot, lang: str, titles: list[str]
) -> None:
    """Old m4: the feed's change-count headers stayed English in Japanese. A header is a
    label: 表 2's word, with the spec's value it counts in full-width parentheses below it
    (on one line the three took the topic column's room); the column fits its wider line."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QTableView

    from explorer.ui.live.feed_model import COLUMNS, FeedModel
    from explorer.ui.shared.columns import TITLE_PADDING, apply_columns, column_index

    install_language(lang, qapp)
    try:
        model = FeedModel()
        table = QTableView()
        qtbot.addWidget(table)
        table.setModel(model)
        apply_columns(table, COLUMNS)
        metrics = table.horizontalHeader().fontMetrics()
        for key, title in zip(("created", "updated", "deleted"), titles, strict=True):
            column = column_index(COLUMNS, key)
            shown = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
            assert shown == title
            widest = max(metrics.horizontalAdvance(line) for line in title.split("\n"))
            assert table.columnWidth(column) >= widest
            if "\n" in title:  # two lines: narrower than the title on one
                one_line = metrics.horizontalAdvance(title.replace("\n", ""))
                assert table.columnWidth(column) < one_line + TITLE_PADDING
    finally:
        install_language("en", qapp)
