"""The live feed's model: cells held by Qt, a bounded number of rows, filters over them."""

from __future__ import annotations

import time

from PySide6.QtCore import Qt

from explorer.core.findings import Finding, Severity
from explorer.ui.live import feed_model
from explorer.ui.live.feed_model import CHANGE, COLUMNS, REJECTED_KIND, FeedItem, FeedModel
from explorer.ui.shared.columns import column_index

TOPIC = "http://example.org/topic"
SHOWN = "topic"  # the topic column reads a topic by its path (the host is the same)
CHANNEL, TOPIC_COLUMN, UPDATED, WARNINGS = (
    column_index(COLUMNS, key) for key in ("channel", "topic", "updated", "warnings")
)


def item(n: int, kind: str = CHANGE) -> FeedItem:
    changes = {} if kind == REJECTED_KIND else {"updated": 1}
    return FeedItem(
        time.time(),
        kind,
        f"{TOPIC}/{n}",
        n,
        0 if kind == REJECTED_KIND else 1,
        changes,
        [Finding(Severity.WARNING, "changes.x", f"odd {n}")],
        reason="bad signature" if kind == REJECTED_KIND else None,
    )


def shown_topics(model: FeedModel) -> list[str]:
    return [model.data(model.index(row, TOPIC_COLUMN)) for row in model.matching_rows()]


def test_the_feed_keeps_the_newest_rows_and_its_view_agrees(qapp, monkeypatch) -> None:
    monkeypatch.setattr(feed_model, "MAX_ROWS", 5)
    model = FeedModel()
    model.set_filter(kind=REJECTED_KIND)
    model.add([item(n, REJECTED_KIND if n % 2 else CHANGE) for n in range(4)])
    model.add([item(n, REJECTED_KIND if n % 2 else CHANGE) for n in range(4, 9)])
    assert [i.notification_id for i in model.items] == [4, 5, 6, 7, 8]
    assert model.rowCount() == 5
    assert [model.item(r).notification_id for r in model.matching_rows()] == [5, 7]
    assert shown_topics(model) == [f"{SHOWN}/5", f"{SHOWN}/7"]
    model.set_filter()
    assert shown_topics(model) == [f"{SHOWN}/{n}" for n in range(4, 9)]


def test_cells_carry_what_the_delegate_paints(qapp) -> None:
    model = FeedModel()
    model.add([item(1), item(2, REJECTED_KIND)])
    assert model.data(model.index(0, UPDATED)) == "1"  # updated
    assert model.data(model.index(0, UPDATED), Qt.ItemDataRole.FontRole).bold()
    assert model.data(model.index(0, WARNINGS), Qt.ItemDataRole.DecorationRole) is not None
    assert "changes.x: odd 1" in model.data(
        model.index(0, TOPIC_COLUMN), Qt.ItemDataRole.ToolTipRole
    )
    assert model.data(model.index(1, CHANNEL)) == "REJECTED"
    assert model.data(model.index(1, CHANNEL), Qt.ItemDataRole.ForegroundRole).name() == "#d32f2f"
    assert "bad signature" in model.data(model.index(1, WARNINGS), Qt.ItemDataRole.ToolTipRole)


def test_a_batch_is_one_insertion_and_clear_empties_the_view(qapp) -> None:
    model = FeedModel()
    inserted: list[tuple[int, int]] = []
    model.rowsInserted.connect(lambda _parent, first, last: inserted.append((first, last)))
    model.add([item(n) for n in range(50)])
    assert inserted == [(0, 49)]
    assert model.data(model.index(49, TOPIC_COLUMN)) == f"{SHOWN}/49"
    model.clear()
    assert model.rowCount() == 0 and not model.items
