"""The Source-wide Problems dock, Export report… and Open folder as Source… in the real
window, on the embedded demo with faults and on a folder written here."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from explorer.core.findings import SEVERITY_ORDER
from explorer.net.source.inspection import located_findings
from explorer.ui.problems.source_problems_model import place_of
from explorer.ui.source.open_folder import OpenFolderDialog

BASE = "https://example.org/rs/"
NS = (
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/"'
)
FOLDER = {
    ".well-known/resourcesync": f"""<?xml version="1.0" encoding="UTF-8"?>
<urlset {NS}>
  <rs:md capability="description"/>
  <url><loc>{BASE}capabilitylist.xml</loc><rs:md capability="capabilitylist"/></url>
</urlset>
""",
    "capabilitylist.xml": f"""<?xml version="1.0" encoding="UTF-8"?>
<urlset {NS}>
  <rs:ln rel="up" href="https://example.org/.well-known/resourcesync"/>
  <rs:md capability="capabilitylist"/>
  <url><loc>{BASE}resourcelist.xml</loc><rs:md capability="resourcelist"/></url>
</urlset>
""",
    "resourcelist.xml": f"""<?xml version="1.0" encoding="UTF-8"?>
<urlset {NS}>
  <rs:ln rel="up" href="{BASE}capabilitylist.xml"/>
  <rs:md capability="resourcelist" at="2026-01-02T00:00:00Z"/>
  <url><loc>{BASE}a.txt</loc><lastmod>yesterday</lastmod></url>
</urlset>
""",
    "a.txt": "a resource\n",
}


def write_folder(root: Path) -> Path:
    for name, text in FOLDER.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def inspected(folder: Path) -> set[tuple[str | None, str, int | None]]:
    """What ``inspect DIR --base-url`` finds, run as its own process."""
    done = subprocess.run(
        [sys.executable, "-m", "explorer", "inspect", str(folder), "--base-url", BASE, "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    data = json.loads(done.stdout)
    found = {(None, item["code"], item.get("line")) for item in data["findings"]}
    for document in data["documents"]:
        found.update((document["url"], f["code"], f.get("line")) for f in document["findings"])
    return found


def open_demo_with_faults(window, qtbot, run) -> None:
    url = run(window.services.start_demo())
    window.services.demo.faults.enable("wrong-content-type")
    window.services.demo.faults.enable("wrong-namespace")
    run(window.open_source(url))
    qtbot.waitUntil(lambda: bool(window.tree_model.roots), timeout=15000)


def test_problems_dock_lists_every_finding_and_f8_opens_each_at_its_line(
    window, qtbot, run
) -> None:
    open_demo_with_faults(window, qtbot, run)
    panel = window.panels.problems
    window.docks["ProblemsDock"].show()
    window.docks["ProblemsDock"].raise_()
    expected = located_findings(window.services.source.crawl_result)
    assert expected, "the demo with faults has findings"
    qtbot.waitUntil(lambda: panel.model.total == len(expected), timeout=5000)
    assert panel.model.rowCount() == len(expected)
    assert "findings" in panel.count_label.text()

    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    window.tree.setFocus()
    qtbot.keyClick(window.tree, Qt.Key.Key_F8)  # the first problem, from anywhere in the window
    assert panel.table.currentIndex().row() == 0
    qtbot.keyClick(window.tree, Qt.Key.Key_F8)
    assert panel.table.currentIndex().row() == 1
    assert window.selected_item().url == place_of(panel.model.problem(1))
    panel.table.clearSelection()
    panel.table.setCurrentIndex(panel.model.index(0, 0))
    with_line = next(
        row
        for row in range(panel.model.rowCount())
        if panel.model.problem(row).finding.line is not None
        and panel.model.problem(row).channel is None
    )
    panel.open_problem(with_line)
    problem = panel.model.problem(with_line)
    assert window.selected_item().url == place_of(problem)
    view = window.document_view
    assert view.url == place_of(problem)
    assert view.tabs.currentIndex() == 1  # the XML source, at the line
    qtbot.waitUntil(lambda: view.source_ready, timeout=5000)
    assert view.source.textCursor().blockNumber() + 1 == problem.finding.line
    last = panel.go(forward=False)  # Shift+F8 from the first row wraps to the last
    assert last is panel.model.problem(panel.model.rowCount() - 1)


def test_one_click_on_a_problem_of_another_document_lands_on_its_line(window, qtbot, run) -> None:
    """N-M3: the first click (and F8) opens the document at the finding, highlighted, while
    its text is still streaming in; not at line 1 with a second click needed."""
    open_demo_with_faults(window, qtbot, run)
    panel = window.panels.problems
    window.docks["ProblemsDock"].show()
    window.docks["ProblemsDock"].raise_()
    qtbot.waitUntil(lambda: panel.model.total > 0, timeout=5000)
    view = window.document_view
    lined = [
        row
        for row in range(panel.model.rowCount())
        if panel.model.problem(row).finding.line not in (None, 1)
        and panel.model.problem(row).channel is None
    ]
    places = {place_of(panel.model.problem(row)) for row in lined}
    assert len(places) >= 2, "the demo with faults has lined problems in two documents"
    for how in ("click", "F8"):
        row = next(r for r in lined if place_of(panel.model.problem(r)) != view.url)
        problem = panel.model.problem(row)
        if how == "click":
            panel.open_problem(row)
        else:
            panel.table.setCurrentIndex(panel.model.index(row - 1, 0))
            panel.go(forward=True)
            assert panel.table.currentIndex().row() == row
        assert view.url == place_of(problem)
        body = window.selected_item().doc.read_body().decode()
        qtbot.waitUntil(lambda: view.source_ready, timeout=10000)
        assert view.source.toPlainText() == body.replace("\r\n", "\n"), how  # its own text
        assert view.tabs.currentIndex() == 1
        assert view.source.textCursor().blockNumber() + 1 == problem.finding.line, how
        marked = view.source.extraSelections()
        assert [mark.cursor.blockNumber() + 1 for mark in marked] == [problem.finding.line]


def test_a_click_on_a_tree_badge_lands_on_that_documents_first_problem(window, qtbot, run) -> None:
    """The tree's problem badges go through the same navigator as the Problems panel."""
    open_demo_with_faults(window, qtbot, run)
    view = window.document_view
    model = window.tree_model
    qtbot.waitUntil(
        lambda: any(
            i.doc is not None and any(f.line not in (None, 1) for f in i.findings)
            for i in model.walk()
        ),
        timeout=10000,
    )
    item = next(
        i
        for i in model.walk()
        if i.doc is not None and any(f.line not in (None, 1) for f in i.findings)
    )
    first = next(f for f in item.findings if f.line is not None)
    badge = model.index_of(item).siblingAtColumn(1)
    window.tree.scrollTo(badge)
    qtbot.mouseClick(
        window.tree.viewport(),
        Qt.MouseButton.LeftButton,
        pos=window.tree.visualRect(badge).center(),
    )
    assert view.url == item.url
    qtbot.waitUntil(lambda: view.source_ready, timeout=10000)
    assert view.tabs.currentIndex() == 1
    assert view.source.textCursor().blockNumber() + 1 == first.line


def test_problems_filters_narrow_the_table(window, qtbot, run) -> None:
    open_demo_with_faults(window, qtbot, run)
    panel = window.panels.problems
    window.docks["ProblemsDock"].raise_()
    qtbot.waitUntil(lambda: panel.model.total > 0, timeout=5000)
    total = panel.model.total
    code = panel.code_filter.itemData(1)
    panel.code_filter.setCurrentIndex(1)
    assert 0 < panel.model.rowCount() <= total
    assert {panel.model.problem(r).finding.code for r in range(panel.model.rowCount())} == {code}
    panel.code_filter.setCurrentIndex(0)
    for box in panel.severity_boxes.values():
        box.setChecked(False)
    assert panel.model.rowCount() == 0
    assert panel.count_label.text().startswith("0 of")
    for box in panel.severity_boxes.values():
        box.setChecked(True)
    place = panel.place_filter.itemData(panel.place_filter.count() - 1)
    panel.place_filter.setCurrentIndex(panel.place_filter.count() - 1)
    assert {place_of(panel.model.problem(r)) for r in range(panel.model.rowCount())} == {place}


def test_export_report_writes_the_html_and_csv_of_every_finding(
    window, qtbot, run, tmp_path
) -> None:
    export = window.panels.problems.report_export
    window.statusBar().clearMessage()
    assert export.choose_file() is None  # no Source yet: says so instead of a dialog
    assert "Open a Source" in window.statusBar().currentMessage()
    open_demo_with_faults(window, qtbot, run)
    located = located_findings(window.services.source.crawl_result)
    assert run(export.export(tmp_path / "report.html"))
    html = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "Content-Security-Policy" in html and "<script" not in html
    counts = Counter[str]()
    for code, count in re.findall(
        r'<tr class="finding" data-code="([^"]+)" data-count="(\d+)"', html
    ):
        counts[code] += int(count)
    assert counts == Counter(place.finding.code for place in located)  # same codes and counts
    assert "report of" in window.statusBar().currentMessage()
    assert run(export.export(tmp_path / "report.csv"))
    rows = list(
        csv.DictReader(io.StringIO((tmp_path / "report.csv").read_text(encoding="utf-8-sig")))
    )
    by_severity = sorted(located, key=lambda place: SEVERITY_ORDER[place.finding.severity])
    assert [row["code"] for row in rows] == [place.finding.code for place in by_severity]
    assert not run(export.export(tmp_path / "missing-folder" / "report.html"))
    assert "export failed" in window.statusBar().currentMessage()
    dialog = export.choose_file()
    assert dialog is not None and dialog.isVisible()
    dialog.reject()


def test_open_folder_reads_it_as_served_at_the_base_url(window, qtbot, run, tmp_path) -> None:
    folder = write_folder(tmp_path / "site")
    dialog = OpenFolderDialog(window.services, window)
    dialog.folder_edit.setText(str(folder))
    dialog.base_url_edit.setText("ftp://example.org/")
    assert not dialog.open_folder()  # a base URL that is not http(s): said in the dialog
    assert dialog.problem.isVisibleTo(dialog) and "ftp://example.org/" in dialog.problem.text()
    dialog.base_url_edit.setText(BASE)
    assert dialog.open_folder()
    qtbot.waitUntil(lambda: bool(window.tree_model.roots), timeout=15000)
    root = window.tree_model.roots[0]
    assert root.url == "https://example.org/.well-known/resourcesync"
    services = window.services
    capability_list = next(
        n for n in services.source.crawl_result.nodes() if n.url.endswith("capabilitylist.xml")
    )
    run(services.source.expand(capability_list))  # the Resource List, as when its row is opened
    shown = {
        (place.document, place.finding.code, place.finding.line)
        for place in services.source.source_problems()
    }
    assert (BASE + "resourcelist.xml", "document.lastmod-invalid", 5) in shown
    assert not any(code.startswith("http.") for _doc, code, _line in shown)  # set aside
    assert shown == inspected(folder)  # the same findings as inspect DIR --base-url
    inspection = services.source.inspection()
    assert inspection is not None and inspection.disk is not None
    assert any(record.code == "http.content-type" for record in inspection.not_applicable)
    # N-M4: visibly a folder: the address bar shows the file: address of the document shown,
    # the base URL is beside it, and network actions say they would go to the live site
    assert window.address.currentText() == folder.as_uri() + "/.well-known/resourcesync"
    assert window.discovery_label.text() == f"on disk: {folder} as {BASE}"
    menu = window.tree_menu(root)
    browse = menu.actions()[0]
    assert browse.text() == "Open the live site in browser"
    assert "live site: https://example.org/.well-known/resourcesync" in browse.toolTip()
    typed = folder.as_uri() + "/capabilitylist.xml"  # a file: address opens its document
    window.open_url(typed)
    assert window.selected_item().url == BASE + "capabilitylist.xml"
    assert window.address.currentText() == typed
    # a resource check reads the file, not the network
    resource_list = next(
        n for n in services.source.crawl_result.nodes() if n.url.endswith("resourcelist.xml")
    )
    found = run(services.source.check(resource_list, "resources"))
    assert not any(item.code == "http.unreachable" for item in found)
    # Re-discover opens the folder again, from the same address
    window.rediscover()
    qtbot.waitUntil(
        lambda: services.source.crawl_result is not None and services.folder.disk is not None,
        timeout=10000,
    )
    # an http(s) address afterwards is read from the network again
    run(window.open_source("http://127.0.0.1:9/"))
    assert services.folder.disk is None


def test_a_folder_s_resource_check_says_what_a_folder_can_check(
    window, qtbot, run, tmp_path
) -> None:
    folder = write_folder(tmp_path / "site")
    dialog = OpenFolderDialog(window.services, window)
    dialog.folder_edit.setText(str(folder))
    dialog.base_url_edit.setText(BASE)
    assert dialog.open_folder()
    qtbot.waitUntil(lambda: bool(window.tree_model.roots), timeout=15000)
    services = window.services
    capability_list = next(
        n for n in services.source.crawl_result.nodes() if n.url.endswith("capabilitylist.xml")
    )
    run(services.source.expand(capability_list))
    resource_list = next(
        n for n in services.source.crawl_result.nodes() if n.url.endswith("resourcelist.xml")
    )
    run(window.source.check(resource_list, "resources"))
    said = window.messages.text.text()
    assert "read from the folder" in said, said
    assert "Last-Modified" not in said and "type" not in said
