"""What keeps the GUI responsive under a burst of deliveries (found by bench_delivery_load.py):
the feed inserts the rows of a burst together (one insert, one repaint), instead of one
repaint per notification. (The Qt reference-count bug the same benchmark found is guarded
by tests/ui/test_qt_refcounts.py.)
"""

from __future__ import annotations

from explorer.core.model import URLSET, Document, Entry
from explorer.net.live.subscriber_events import NOTIFICATION, SubscriberEvent

BURST = 500


def notification(n: int) -> SubscriberEvent:
    doc = Document(
        URLSET,
        md={"capability": "change-notification"},
        entries=[Entry(loc=f"http://s/r{n}", md={"change": "updated"})],
    )
    return SubscriberEvent(
        NOTIFICATION,
        "http://s/topic",
        "sub1",
        notification_id=n,
        capability="change-notification",
        entries=[{"loc": f"http://s/r{n}", "change": "updated"}],
        signature="valid",
        document=doc,
    )


def test_a_burst_of_notifications_lands_in_the_feed_in_few_inserts(window, qtbot) -> None:
    feed = window.panels.feed
    inserts: list[int] = []
    feed.model.rowsInserted.connect(lambda _parent, first, last: inserts.append(last - first + 1))
    before = feed.model.rowCount()
    for n in range(0, BURST, 50):  # as the network thread hands them over: in batches
        window.services.subscriber_events.emit([notification(i) for i in range(n, n + 50)])
    qtbot.waitUntil(lambda: feed.model.rowCount() == before + BURST, timeout=5000)
    assert sum(inserts) == BURST
    assert len(inserts) < 5, inserts  # not one insert (and repaint) per notification
    locs = [feed.model.item(row).entries[0]["loc"] for row in range(before, before + BURST)]
    assert locs == [f"http://s/r{n}" for n in range(BURST)]  # arrival order is kept
