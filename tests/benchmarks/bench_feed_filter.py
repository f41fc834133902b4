"""One pass of the live feed's text filter over 10,000 rows, against rebuilding them.

Run: ``QT_QPA_PLATFORM=offscreen python3 tests/benchmarks/bench_feed_filter.py [--rows N]
[--runs N]``. Two feeds hold the same rows on screen. The baseline (same run) is the way
the feed used to filter, kept here only: remove every row and build the cells of the
matching ones again. The feed under test hides and shows rows (``FeedModel.set_filter``).
Each pass includes the repaint that follows. Prints the median per filter word and the
ratio of the feed's time to the baseline's.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from explorer.ui.live.feed_model import CHANGE, FRAMEWORK, FeedItem, FeedModel
from explorer.ui.live.feed_panel import FeedPanel
from explorer.ui.services import ExplorerServices

STEPS = (
    ("", "ons/7"),
    ("", "ons/1234"),
    ("", "nothing matches"),
    ("nothing matches", ""),
    ("ons/7", "dataset"),
)
"""Filter changes timed (from, to): every row to a tenth, to one, to none; none to every
row; a tenth to every row. Each run first puts both feeds back to ``from``, untimed."""


def feed_rows(n: int) -> list[FeedItem]:
    return [
        FeedItem(
            time.time(),
            FRAMEWORK if i % 5 == 0 else CHANGE,
            f"http://s/dataset{i % 3}/change-notifications/{i}",
            i + 1,
            2,
            {"updated": 1, "created": 1},
            entries=[{"loc": f"http://s/res/{i}", "change": "updated"}],
        )
        for i in range(n)
    ]


def rebuild(model: FeedModel, items: list[FeedItem], text: str) -> None:
    """The baseline: drop every row, then build the matching rows' cells again."""
    model.removeRows(0, model.rowCount())
    shown = [item for item in items if text in item.text()]
    model.insertRows(0, len(shown))
    model.blockSignals(True)
    for row, item in enumerate(shown):
        for column, cell in model._cells(item).items():
            model.setItem(row, column, cell)
    model.blockSignals(False)
    model.layoutChanged.emit()


def timed(app: QApplication, action: Callable[[], None]) -> float:
    start = time.perf_counter()
    action()
    app.processEvents()  # the repaint is part of the pass
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    app = QApplication([])
    scratch = Path(tempfile.mkdtemp(prefix="bench-feed-filter-"))
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(
        QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(scratch / "settings")
    )
    items = feed_rows(args.rows)
    feed = FeedPanel(ExplorerServices(store_path=scratch / "feed.sqlite3"))
    feed.model.add(items)
    baseline = FeedPanel(ExplorerServices(store_path=scratch / "baseline.sqlite3"))
    baseline.model.add(items)
    for view in (feed, baseline):
        view.resize(1000, 600)
        view.show()
    app.processEvents()
    print(f"{args.rows:,} rows, median of {args.runs} runs per change")
    ratios = []
    for before, word in STEPS:
        old, new = [], []
        for _ in range(args.runs):
            rebuild(baseline.model, items, before)
            feed.model.set_filter(None, None, before)
            app.processEvents()
            old.append(timed(app, lambda w=word: rebuild(baseline.model, items, w)))
            new.append(timed(app, lambda w=word: feed.model.set_filter(None, None, w)))
        ratio = statistics.median(new) / statistics.median(old)
        ratios.append(ratio)
        print(
            f"  {before!r:17} → {word!r:17} rebuild {statistics.median(old) * 1000:6.1f} ms"
            f"   hide/show {statistics.median(new) * 1000:5.1f} ms   ratio {ratio:.3f}"
            f"   ({len(feed.shown_rows()):,} rows shown)"
        )
    print(f"median ratio to the rebuild: {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
