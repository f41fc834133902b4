"""File ▸ Save snapshot and Audit a local copy… in the real window, on the embedded demo."""

from __future__ import annotations

import csv
import io

from explorer.core.audit_rules import Verdict
from explorer.net.snapshot_store import SnapshotStore
from explorer.ui.audit.audit_dialog import AuditDialog
from explorer.ui.audit.snapshot_action import save_snapshot


def open_demo(window, qtbot, run) -> str:
    url = run(window.services.start_demo())
    run(window.open_source(url))
    qtbot.waitUntil(lambda: bool(window.tree_model.roots), timeout=15000)
    return url


def test_save_snapshot_keeps_the_open_source_in_the_store(window, qtbot, run) -> None:
    assert run(save_snapshot(window)) is None  # nothing open: says so
    assert "Open a Source" in window.statusBar().currentMessage()
    open_demo(window, qtbot, run)
    assert window.save_snapshot_action in window.menuBar().actions()[0].menu().actions()
    info = run(save_snapshot(window), timeout=60)
    assert info is not None and info.documents and info.documents > 5 and info.entries
    assert window.statusBar().currentMessage().startswith(f"snapshot {info.id} saved")
    snapshots = SnapshotStore(window.services.store)
    try:
        kept = snapshots.get(info.id)
    finally:
        snapshots.close()
    assert (kept.documents, kept.entries, kept.source) == (
        info.documents,
        info.entries,
        info.source,
    )


def test_audit_lists_what_differs_with_why_filters_and_exports(
    window, qtbot, run, tmp_path
) -> None:
    open_demo(window, qtbot, run)
    capability_list = next(
        item
        for item in window.tree_model.walk()
        if item.doc is not None and item.doc.capability == "capabilitylist"
    )
    entries = [a.text() for a in window.tree_menu(capability_list).actions()]
    assert "Audit a local copy…" in entries
    copy = tmp_path / "copy"
    (copy / "dataset1").mkdir(parents=True)
    (copy / "dataset1" / "stray.txt").write_text("not in the Source\n")
    dialog = window.source.audit(capability_list.url)
    assert isinstance(dialog, AuditDialog)
    dialog.folder_edit.setText(str(copy))
    outcome = run(dialog.run(), timeout=60)
    assert outcome is not None and not outcome.in_sync
    assert outcome.counts[Verdict.DELETE] == 1 and outcome.counts[Verdict.CREATE] > 0
    assert "not in sync" in dialog.counts.text() and "1 to delete" in dialog.counts.text()
    assert dialog.model.rowCount() == dialog.model.total == len(outcome.items)
    dialog.verdict_filter.setCurrentIndex(dialog.verdict_filter.findData(Verdict.DELETE))
    assert dialog.model.rowCount() == 1
    stray = dialog.model.item(0)
    assert stray.loc.endswith("/dataset1/stray.txt") and stray.path.endswith("stray.txt")
    why = dialog.model.data(dialog.model.index(0, 2))
    assert "§" in why  # the reason names its section
    dialog.verdict_filter.setCurrentIndex(0)
    dialog.filter_edit.setText("stray")
    assert dialog.model.rowCount() == 1 and dialog.shown_label.text().startswith("1 of")
    assert run(dialog.export(tmp_path / "audit.csv"))
    rows = list(csv.DictReader(io.StringIO((tmp_path / "audit.csv").read_text(encoding="utf-8"))))
    assert [(r["verdict"], r["loc"]) for r in rows] == [("delete", stray.loc)]
    dialog.folder_edit.setText(str(tmp_path / "nowhere"))
    assert run(dialog.run()) is None and "Choose the folder" in dialog.counts.text()
    dialog.reject()
