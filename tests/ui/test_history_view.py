"""File ▸ Save snapshot and the History view: two snapshots of a third-party-shaped Source
with known changes between them compare, side by side, to exactly those changes; the ones
its Change List did not announce are named; filters narrow the table; the export holds
every row; "now" compares the last snapshot with a fresh one."""

from __future__ import annotations

import csv
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.changing_source import OLD, after, before
from helpers.third_party_source import SourceFiles, serving
from PySide6.QtWidgets import QApplication, QWidget

from explorer.net.history.comparison_rows import ComparisonRow
from explorer.ui.history.history_model import ComparisonModel
from explorer.ui.history.time_actions import TIME_ACTIONS
from explorer.ui.language import install_language


def grab_in(language: str, make: Callable[[], QWidget], path: Path, qtbot) -> None:
    """Build a widget with ``language`` installed (widgets read their text once), grab it,
    and put English back."""
    install_language(language, QApplication.instance())
    try:
        widget = make()
        qtbot.addWidget(widget)
        widget.show()
        job = getattr(widget, "job", None)  # a view that reads or computes: wait for it
        qtbot.waitUntil(lambda: job is None or not job.running, timeout=30000)
        qtbot.wait(150)
        assert widget.grab().save(str(path))
        widget.close()
    finally:
        install_language("en", QApplication.instance())


def finish(qtbot, task) -> None:
    """Wait for a view's job to end; it must have ended well."""
    assert task is not None
    qtbot.waitUntil(task.done, timeout=60000)
    task.result()


def rows_of(model: ComparisonModel) -> list[ComparisonRow]:
    return [model.row(number) for number in range(model.rowCount())]


def keys(rows: list[ComparisonRow], section: str, kind: str, base: str) -> set[str]:
    return {
        r.key.removeprefix(base)
        for r in rows
        if r.section == section and r.kind == kind and r.capability in ("", "resourcelist")
    }


def test_comparison_model_filters_by_section_and_words(qapp) -> None:
    model = ComparisonModel()
    model.set_rows(
        [
            ComparisonRow("entry", "added", "resourcelist", "http://x/r/e", "", "", ""),
            ComparisonRow("entry", "changed", "resourcelist", "http://x/r/c", "length", "3", "4"),
            ComparisonRow("unannounced", "unannounced", "", "http://x/r/f", "c", "", "m"),
        ]
    )
    model.set_filter("entry")
    assert [r.key for r in rows_of(model)] == ["http://x/r/e", "http://x/r/c"]
    model.set_filter("entry", "LENGTH 4")
    assert [r.key for r in rows_of(model)] == ["http://x/r/c"]
    model.set_filter("", "r/f")
    assert [r.section for r in rows_of(model)] == ["unannounced"]
    assert model.total() == 3


@pytest.mark.qt_log_ignore("does not support raise")  # the History window, offscreen
def test_history_compares_two_snapshots_and_now(
    window, qtbot, run, tmp_path: Path, output_dir: Path
) -> None:
    files = SourceFiles()
    with serving(files) as base:
        before(base, files)
        window.open_url(base + "/")
        qtbot.waitUntil(lambda: bool(window.tree_model.roots), timeout=15000)
        actions = window.part(TIME_ACTIONS)
        assert actions.save_action in actions.history_action.associatedObjects()[0].actions()
        panel = actions.show_history()
        assert panel is not None and panel.url == f"{base}/.well-known/resourcesync"
        said: list[str] = []
        show = panel.status.setText
        panel.status.setText = lambda text: (said.append(text), show(text))  # type: ignore[method-assign]
        finish(qtbot, panel.save_snapshot("before"))
        assert any(text.startswith("saving a snapshot: ") for text in said), said
        after(base, files)
        finish(qtbot, panel.save_snapshot("after"))
        qtbot.waitUntil(lambda: panel.snapshots.rowCount() == 2, timeout=10000)
        assert [panel.snapshots.row(n).label for n in (0, 1)] == ["after", "before"]

        panel.snapshot_table.selectAll()
        assert panel.compare_button.isEnabled() and not panel.compare_now_button.isEnabled()
        finish(qtbot, panel.compare_selected())
        view = panel.shown_comparison
        assert view is not None and (view.a.label, view.b.label) == ("before", "after")
        rows = rows_of(panel.comparison)
        assert keys(rows, "entry", "added", base) == {"/r/e", "/r/f"}
        assert keys(rows, "entry", "removed", base) == {"/r/a", "/r/b"}
        changed = {
            (r.key.removeprefix(base), r.field): (r.a, r.b)
            for r in rows
            if r.section == "entry" and r.kind == "changed" and r.capability == "resourcelist"
        }
        assert changed == {
            ("/r/c", "lastmod"): (OLD, "2024-03-13T00:00:00Z"),
            ("/r/c", "hash"): ("md5:ccc", "md5:c2"),
            ("/r/c", "length"): ("3", "4"),
            ("/r/d", "lastmod"): (OLD, "2024-03-14T00:00:00Z"),
        }
        assert keys(rows, "unannounced", "unannounced", base) == {"/r/a", "/r/d", "/r/f"}
        assert {r.spec for r in rows if r.section == "unannounced"} == {"core 1.1 §12.1"}
        assert "changes the Change Lists did not announce: 3" in panel.summary.text()

        panel.section_choice.setCurrentIndex(panel.section_choice.findData("unannounced"))
        assert panel.comparison.rowCount() == 3
        panel.filter_edit.setText("r/d")
        assert panel.comparison.rowCount() == 1
        assert panel.filters.shown.text() == f"1 of {len(rows)}"

        finish(qtbot, panel.export_to(tmp_path / "changes.csv"))
        with (tmp_path / "changes.csv").open(encoding="utf-8-sig", newline="") as stream:
            exported = list(csv.DictReader(stream))
        assert len(exported) == len(rows)
        assert "2 rows" not in panel.status.text() and str(len(rows)) in panel.status.text()
        finish(qtbot, panel.export_to(tmp_path / "changes.json"))
        data = json.loads((tmp_path / "changes.json").read_text(encoding="utf-8"))
        assert {d["key"].removeprefix(base) for d in data if d["section"] == "unannounced"} == {
            "/r/a",
            "/r/d",
            "/r/f",
        }
        panel.filter_edit.clear()
        panel.section_choice.setCurrentIndex(0)
        panel.resize(1200, 720)
        qtbot.wait(100)
        assert panel.grab().save(str(output_dir / "history.png"))
        grab_in("ja", lambda: shown_again(panel, qtbot), output_dir / "history-ja.png", qtbot)

        # the later snapshot against now: the Source did not move, nothing differs
        panel.snapshot_table.clearSelection()
        panel.snapshot_table.selectRow(0)
        assert panel.compare_now_button.isEnabled()
        finish(qtbot, panel.compare_with_now())
        fresh = panel.shown_comparison
        assert fresh is not None and (fresh.a.label, fresh.b.label) == ("after", "now")
        assert fresh.rows == () and fresh.unannounced == 0
        qtbot.waitUntil(lambda: panel.snapshots.rowCount() == 3, timeout=10000)


def shown_again(panel, qtbot):
    """A new History view of the same Source comparing the same two snapshots."""
    from explorer.ui.history.history_panel import HistoryPanel

    again = HistoryPanel(panel.services, panel.url)
    again.resize(1200, 720)
    qtbot.waitUntil(lambda: again.snapshots.rowCount() == 2, timeout=10000)
    again.snapshot_table.selectAll()
    again.compare_selected()
    return again


def test_saving_without_a_source_says_what_to_do(window) -> None:
    assert window.part(TIME_ACTIONS).show_history() is None
    assert "open a Source first" in window.statusBar().currentMessage()


@pytest.mark.qt_log_ignore("does not support raise")
def test_a_scheduled_snapshot_says_what_changed_since_the_one_before(window, qtbot) -> None:
    files = SourceFiles()
    with serving(files) as base:
        before(base, files)
        window.open_url(base + "/")
        qtbot.waitUntil(lambda: bool(window.tree_model.roots), timeout=15000)
        panel = window.part(TIME_ACTIONS).show_history()
        assert panel is not None
        qtbot.waitUntil(lambda: not panel.job.running, timeout=10000)  # the list read first
        panel.every_minutes.setValue(30)
        panel.every_box.setChecked(True)
        assert panel.schedule.isActive() and panel.schedule.interval() == 30 * 60_000
        finish(qtbot, panel.take_scheduled())  # the first turn: nothing to compare with
        qtbot.waitUntil(lambda: panel.snapshots.rowCount() == 1, timeout=10000)
        assert panel.shown_comparison is None
        after(base, files)
        finish(qtbot, panel.take_scheduled())  # the next turn: compared with the first
        view = panel.shown_comparison
        assert view is not None and view.a.label == view.b.label == "scheduled"
        assert view.documents == {"added": 2, "removed": 0, "changed": 5}
        assert view.unannounced == 3
        panel.close()
        assert not panel.schedule.isActive() and not panel.every_box.isChecked()
