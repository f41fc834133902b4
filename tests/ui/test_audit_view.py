"""Audit a local copy…: from a Capability List's row in the tree, a local copy with one
planted difference of every kind is judged as ``audit`` (and resync) judge it, each
difference with its reason and section; filters narrow the table; the export holds every
verdict; Cancel stops it; a wrong folder is said in one line."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from helpers.planted_copy import planted
from helpers.third_party_source import SourceFiles, serving
from test_history_view import finish, grab_in

from explorer.core.rules import capabilities as caps
from explorer.ui.history.audit_panel import AuditPanel
from explorer.ui.history.time_actions import TIME_ACTIONS


def capability_list_row(window, qtbot):
    qtbot.waitUntil(lambda: bool(window.tree_model.roots), timeout=15000)
    root = window.tree_model.roots[0]
    qtbot.waitUntil(lambda: bool(root.children), timeout=10000)
    return next(child for child in root.children if child.capability == caps.CAPABILITYLIST)


def audit_from_tree(window, qtbot) -> AuditPanel:
    row = capability_list_row(window, qtbot)
    action = next(a for a in window.tree_menu(row).actions() if a.text() == "Audit a local copy…")
    action.trigger()
    panel = window.part(TIME_ACTIONS).audits[row.url]
    assert panel.isVisible() and panel.url == row.url
    return panel


@pytest.mark.qt_log_ignore("does not support raise")  # the audit window, offscreen
def test_audit_of_a_planted_copy_gives_counts_and_reasons(
    window, qtbot, tmp_path: Path, output_dir: Path
) -> None:
    files = SourceFiles()
    copy = tmp_path / "copy"  # the window's store is in tmp_path
    with serving(files) as base:
        files.documents.update(planted(base, copy).documents)
        window.open_url(base + "/")
        panel = audit_from_tree(window, qtbot)
        host = tmp_path / "host"  # the rest of the host: nothing there
        host.mkdir()
        panel.folder_edit.setText(str(host))
        panel.mappings_edit.setPlainText(f"{base}/data={copy / 'data'}\n")
        said: list[str] = []
        show = panel.status.setText
        panel.status.setText = lambda text: (said.append(text), show(text))  # type: ignore[method-assign]
        finish(qtbot, panel.start())
        assert any(text.startswith("reading the Source: ") for text in said), said
        outcome = panel.outcome
        assert outcome is not None
        assert outcome.counts == {"same": 2, "create": 1, "update": 2, "delete": 1}
        by_loc = {row.loc.removeprefix(base): row for row in outcome.rows}
        assert {loc: row.status for loc, row in by_loc.items()} == {
            "/data/new.txt": "create",
            "/data/length.txt": "update",
            "/data/old.txt": "update",
            "/data/nested/gone.txt": "delete",
        }
        assert "by length: listed 10 bytes, local copy 5 bytes" in by_loc["/data/length.txt"].reason
        assert by_loc["/data/new.txt"].local_path == str(copy / "data" / "new.txt")
        assert by_loc["/data/nested/gone.txt"].section == "core 1.1 §10.1"
        assert "not in sync: 2 same, 1 to create, 2 to update, 1 to delete" in panel.summary.text()

        panel.status_choice.setCurrentIndex(panel.status_choice.findData("delete"))
        assert panel.model.rowCount() == 1 and panel.filters.shown.text() == "1 of 4"
        panel.status_choice.setCurrentIndex(0)
        panel.filter_edit.setText("length")
        assert [panel.model.row(0).loc] == [f"{base}/data/length.txt"]
        panel.filter_edit.clear()
        panel.resize(1200, 640)
        qtbot.wait(100)
        assert panel.grab().save(str(output_dir / "audit.png"))
        grab_in("ja", lambda: again(panel), output_dir / "audit-ja.png", qtbot)

        finish(qtbot, panel.export_to(tmp_path / "audit.csv"))
        with (tmp_path / "audit.csv").open(encoding="utf-8-sig", newline="") as stream:
            exported = list(csv.DictReader(stream))
        assert sorted(row["status"] for row in exported) == ["create", "delete", "update", "update"]
        finish(qtbot, panel.export_to(tmp_path / "audit.json"))
        data = json.loads((tmp_path / "audit.json").read_text(encoding="utf-8"))
        assert data["counts"] == outcome.counts and len(data["items"]) == 4

        # with checksums the planted digest difference is found too
        panel.checksum_box.setChecked(True)
        finish(qtbot, panel.start())
        assert panel.outcome is not None and panel.outcome.counts["update"] == 3
        panel.close()
        assert panel.outcome is None


def again(panel: AuditPanel) -> AuditPanel:
    """A new audit view of the same list, run again with the same folders."""
    view = AuditPanel(panel.services, panel.url, panel.navigate)
    view.resize(1200, 640)
    view.folder_edit.setText(panel.folder_edit.text())
    view.mappings_edit.setPlainText(panel.mappings_edit.toPlainText())
    view.start()
    return view


@pytest.mark.qt_log_ignore("does not support raise")
def test_cancel_and_a_wrong_folder_are_said_in_the_status_line(
    window, qtbot, tmp_path: Path
) -> None:
    files = SourceFiles()
    with serving(files) as base:
        files.documents.update(planted(base, tmp_path).documents)
        window.open_url(base + "/")
        panel = audit_from_tree(window, qtbot)
        panel.folder_edit.setText(str(tmp_path / "missing"))
        assert panel.start() is None
        missing = str(tmp_path / "missing")
        assert panel.status.text() == f"cannot audit: {missing!r} is not a folder"
        panel.mappings_edit.setPlainText(f"{tmp_path}=https://x.org/")
        assert panel.start() is None
        assert panel.status.text().startswith(f"cannot audit: '{tmp_path}=https://x.org/' is not")
        panel.mappings_edit.clear()
        panel.folder_edit.setText(str(tmp_path))
        task = panel.start()
        assert task is not None and panel.cancel_button.isVisible()
        panel.cancel_button.click()
        # the view hears of the end in the task's done callback, a turn after it ends
        qtbot.waitUntil(lambda: panel.status.text() == "cancelled", timeout=10000)
        assert task.cancelled() and panel.outcome is None and panel.start_button.isEnabled()


@pytest.mark.qt_log_ignore("does not support raise")  # the audit window, offscreen
def test_audit_from_dataset1_capability_list_audits_dataset1_alone(
    window, qtbot, run, tmp_path: Path
) -> None:
    window.open_url(run(window.services.start_demo()))
    qtbot.waitUntil(lambda: len(getattr(window.tree_model, "roots", [])) == 1, timeout=15000)
    root = window.tree_model.roots[0]
    qtbot.waitUntil(lambda: len(root.children) == 2, timeout=10000)
    dataset1 = next(child for child in root.children if "/dataset1/" in child.url)
    action = next(
        a for a in window.tree_menu(dataset1).actions() if a.text() == "Audit a local copy…"
    )
    action.trigger()
    panel = window.part(TIME_ACTIONS).audits[dataset1.url]
    empty = tmp_path / "copy"
    empty.mkdir()
    panel.folder_edit.setText(str(empty))
    finish(qtbot, panel.start())
    outcome = panel.outcome
    assert outcome is not None and outcome.source == dataset1.url
    assert outcome.counts["create"] > 0
    assert all("/dataset1/" in row.loc for row in outcome.rows)
    panel.close()  # closes the report's temporary store
