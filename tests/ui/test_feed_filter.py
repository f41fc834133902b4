"""The feed's text filter runs once per pause in typing, not once per key."""

from __future__ import annotations

import time

from explorer.ui.live.feed_model import CHANGE, FeedItem

TOPIC = "http://s/dataset1/change-notifications"


def rows(n: int) -> list[FeedItem]:
    return [
        FeedItem(time.time(), CHANGE, f"{TOPIC}/{i}", 1, i + 1, {"updated": 1}) for i in range(n)
    ]


def test_typing_a_word_filters_once(qtbot, qloop, tmp_path) -> None:
    from explorer.ui.live.feed_panel import FeedPanel
    from explorer.ui.services import ExplorerServices

    feed = FeedPanel(ExplorerServices(store_path=tmp_path / "store.sqlite3"))
    qtbot.addWidget(feed)
    feed.model.add(rows(30))
    passes: list[str] = []
    set_filter = feed.model.set_filter

    def counted(kind=None, change=None, text="") -> None:
        passes.append(text)
        set_filter(kind, change, text)

    feed.model.set_filter = counted
    qtbot.keyClicks(feed.text_filter, "ons/7")  # five characters
    assert passes == []  # nothing yet: the filter waits for a pause
    qtbot.waitUntil(lambda: bool(passes), timeout=5000)
    assert not feed._filter_delay.isActive()  # no pass is left to come
    assert passes == ["ons/7"]
    assert feed.shown_rows() == [7]


def test_a_choice_in_a_list_applies_the_pending_text_at_once(qtbot, qloop, tmp_path) -> None:
    from explorer.ui.live.feed_panel import FeedPanel
    from explorer.ui.services import ExplorerServices

    feed = FeedPanel(ExplorerServices(store_path=tmp_path / "store.sqlite3"))
    qtbot.addWidget(feed)
    feed.model.add(rows(30))
    qtbot.keyClicks(feed.text_filter, "ons/2")
    feed.change_filter.setCurrentIndex(feed.change_filter.findData("updated"))
    assert not feed._filter_delay.isActive()
    assert len(feed.shown_rows()) == 11  # /2 and /20 to /29
