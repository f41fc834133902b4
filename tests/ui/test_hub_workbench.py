"""The Hub workbench tab driven like a user: templates, live validation, publish, a
conformance run against the demo hub (clean and faulted), evidence; plus a screenshot."""

from __future__ import annotations

import re

import httpx
import pytest
from PySide6.QtCore import Qt

from explorer.core.safe_xml import MAX_DOCUMENT_BYTES
from explorer.demo import start_demo
from explorer.net.conformance import CHECKS


@pytest.fixture
def bench(qtbot, qloop, run, settings, tmp_path):
    from explorer.net.live.subscriber import SubscriberConfig
    from explorer.ui.services import ExplorerServices
    from explorer.ui.workbench.hub_workbench import HubWorkbench

    services = ExplorerServices(
        store_path=tmp_path / "store.sqlite3",
        subscriber_config=SubscriberConfig(request_timeout=5.0),
    )
    run(services.start())
    demo = run(start_demo(rate=0))
    widget = HubWorkbench(services)
    qtbot.addWidget(widget)
    widget.resize(1400, 860)
    widget.show()
    widget.hub_edit.setText(demo.hub_url)
    widget.topic_edit.setText(demo.channels[0].topic)
    widget.wait_spin.setValue(2.0)
    widget.quiet_spin.setValue(0.2)
    widget.demo = demo
    yield widget
    widget.shutdown()
    run(demo.stop())
    run(services.aclose())


def test_templates_validate_live_and_errors_show(bench, qtbot):
    combo = bench.template_combo
    assert combo.count() == 14
    combo.setCurrentIndex(combo.findData("framework:capabilitylist:deleted"))
    assert not bench.count_spin.isEnabled()
    with qtbot.waitSignal(bench.validated, timeout=5000) as valid:
        bench.apply_template()
    assert valid.args[0].findings == []
    assert "valid framework-notification" in bench.validation_label.text()
    assert 'change="deleted"' in bench.editor.toPlainText()

    with qtbot.waitSignal(bench.validated, timeout=5000) as broken:
        bench.editor.setPlainText("<urlset><url>")
    assert broken.args[0].document is None
    assert bench.problems.count() >= 1
    assert "not well-formed" in bench.validation_label.text()


def test_publish_shows_the_full_response(bench, qtbot, tmp_path):
    payload = tmp_path / "n.xml"
    combo = bench.template_combo
    combo.setCurrentIndex(combo.findData("change-notification"))
    bench.count_spin.setValue(4)
    bench.apply_template()
    payload.write_text(bench.editor.toPlainText(), encoding="utf-8")
    bench.editor.clear()
    bench.load_file(payload)
    assert bench.editor.toPlainText().count("<url>") == 4
    with qtbot.waitSignal(bench.published, timeout=10_000) as sent:
        qtbot.mouseClick(bench.publish_button, Qt.MouseButton.LeftButton)
    assert sent.args[0].status == 200
    assert bench.response_view.toPlainText().startswith("HTTP/1.1 200 OK")
    assert bench.demo.hub.events[-1].kind == "published"


def test_a_file_larger_than_a_document_is_refused_unread(bench, tmp_path):
    huge = tmp_path / "huge.xml"
    with huge.open("wb") as out:
        out.truncate(MAX_DOCUMENT_BYTES + 1)  # sparse: no disk or memory spent
    bench.editor.setPlainText("<urlset/>")
    bench.load_file(huge)
    assert bench.editor.toPlainText() == "<urlset/>"
    assert f"larger than {MAX_DOCUMENT_BYTES:,} bytes" in bench.status.text()


def test_hosted_topic_answers_per_section_4_1(bench, qtbot, run):
    url = bench.host_topic()
    assert bench.topic_edit.text() == url
    bench.apply_template()

    async def fetch() -> httpx.Response:
        async with httpx.AsyncClient() as client:
            return await client.head(url)

    head = run(fetch())
    assert head.status_code == 200 and "application/xml" in head.headers["content-type"]
    assert f"<{url}>" in head.headers["link"] and bench.demo.hub_url in head.headers["link"]
    with qtbot.waitSignal(bench.published, timeout=10_000) as sent:
        qtbot.mouseClick(bench.publish_button, Qt.MouseButton.LeftButton)
    assert sent.args[0].status == 404  # the demo hub serves only its own topics
    assert "hub.publish-refused" in bench.response_view.toPlainText()


def test_conformance_run_lists_results_with_evidence(bench, qtbot, output_dir):
    with qtbot.waitSignal(bench.run_finished, timeout=30_000) as clean:
        qtbot.mouseClick(bench.run_button, Qt.MouseButton.LeftButton)
    assert [r.outcome for r in clean.args[0]] == ["pass"] * len(CHECKS)
    assert bench.results_tree.topLevelItemCount() == len(CHECKS)
    assert (
        bench.summary_label.text()
        == f"{len(CHECKS)} checks: {len(CHECKS)} pass, 0 warn, 0 fail, 0 not run"
    )

    bench.demo.faults.enable("bad-signature")
    with qtbot.waitSignal(bench.run_finished, timeout=30_000) as faulted:
        qtbot.mouseClick(bench.run_button, Qt.MouseButton.LeftButton)
    outcomes = {r.check: r.outcome for r in faulted.args[0]}
    assert outcomes["signed-delivery"] == "fail"
    assert [c for c, o in outcomes.items() if o != "pass"] == ["signed-delivery"]
    # the first non-passing check is selected, its evidence listed and shown
    current = bench.results_tree.currentItem()
    assert current.text(0) == "FAIL" and "signature" in current.text(1).lower()
    assert "websub.signature-invalid" in bench.detail_label.text()
    rows = [bench.evidence_list.item(i).text() for i in range(bench.evidence_list.count())]
    assert any("delivery" in row for row in rows)
    bench.evidence_list.setCurrentRow(next(i for i, r in enumerate(rows) if "delivery" in r))
    assert "X-Hub-Signature" in bench.exchange_view.toPlainText()
    assert "<urlset" in bench.exchange_view.toPlainText()
    bench.apply_template()
    with qtbot.waitSignal(bench.published, timeout=10_000):
        qtbot.mouseClick(bench.publish_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "valid" in bench.validation_label.text(), timeout=5000)
    bench.grab().save(str(output_dir / "hub_workbench.png"))


def test_not_run_checks_are_grey_and_name_what_they_needed(bench, qtbot, output_dir):
    bench.demo.faults.enable("publish-disabled")
    with qtbot.waitSignal(bench.run_finished, timeout=30_000) as finished:
        qtbot.mouseClick(bench.run_button, Qt.MouseButton.LeftButton)
    not_run = [r.check for r in finished.args[0] if r.outcome == "not-run"]
    assert "signed-delivery" in not_run and "fail" not in {r.outcome for r in finished.args[0]}
    rows = [bench.results_tree.topLevelItem(i) for i in range(len(CHECKS))]
    grey = [row for row in rows if row.text(0) == "NOT RUN"]
    assert len(grey) == len(not_run)
    assert {row.foreground(2).color().name() for row in grey} == {"#808080"}
    bench.results_tree.setCurrentItem(grey[0])
    assert "depends on: publish" in bench.detail_label.text()
    assert bench.summary_label.text().endswith(f"{len(not_run)} not run")
    bench.grab().save(str(output_dir / "hub_workbench_not_run.png"))


def test_the_main_window_has_the_workbench_tab(window, qtbot, run):
    from PySide6.QtWidgets import QDockWidget

    from explorer.ui.workbench.hub_workbench import HubWorkbench

    dock = window.findChild(QDockWidget, "HubWorkbenchDock")
    assert dock.windowTitle() == "Hub workbench"
    assert isinstance(window.panels.workbench, HubWorkbench)
    assert dock in window.tabifiedDockWidgets(window.findChild(QDockWidget, "InspectorDock"))
    run(window.services.start_demo())
    workbench = window.panels.workbench
    dock.raise_()
    workbench.apply_template()
    with qtbot.waitSignal(workbench.published, timeout=10_000) as sent:
        qtbot.mouseClick(workbench.publish_button, Qt.MouseButton.LeftButton)
    assert workbench.hub_edit.text() == window.services.demo.hub_url
    assert sent.args[0].status == 200


@pytest.fixture
def japanese_bench(qapp, request):
    from explorer.ui.language import install_language

    install_language("ja", qapp)  # before the widgets are built: they read their text once
    try:
        yield request.getfixturevalue("bench")
    finally:
        install_language("en", qapp)


def test_a_conformance_run_reads_in_japanese(japanese_bench, qtbot, output_dir):
    from explorer.core import catalog

    bench = japanese_bench
    assert bench.template_combo.itemText(0) == catalog.text("conformance.template-change", "ja")
    assert all(
        bench.template_combo.itemText(i).startswith("フレームワーク通知: ")
        for i in range(1, bench.template_combo.count())
    )
    bench.demo.faults.enable("publish-disabled")
    with qtbot.waitSignal(bench.run_finished, timeout=30_000):
        qtbot.mouseClick(bench.run_button, Qt.MouseButton.LeftButton)
    rows = [bench.results_tree.topLevelItem(i) for i in range(len(CHECKS))]
    assert [row.text(1) for row in rows] == [
        catalog.text(f"conformance.check.{check}", "ja") for check in CHECKS
    ]
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    for row in rows:
        assert japanese.search(row.text(2)), row.text(2)
    bench.results_tree.setCurrentItem(rows[2])
    assert rows[2].text(2).startswith("未実施: ")
    assert bench.detail_label.text().splitlines()[1] == rows[2].text(2)
    bench.grab().save(str(output_dir / "hub_workbench_ja.png"))


def test_a_cancelled_run_lists_the_checks_it_did_not_run(bench, qtbot) -> None:
    from explorer.net.conformance import Outcome
    from explorer.ui.workbench.hub_workbench import outcome_label

    with qtbot.waitSignal(bench.result_added, timeout=30_000):
        qtbot.mouseClick(bench.run_button, Qt.MouseButton.LeftButton)
    with qtbot.waitSignal(bench.run_finished, timeout=30_000):
        qtbot.mouseClick(bench.cancel_button, Qt.MouseButton.LeftButton)
    rows = [
        bench.results_tree.topLevelItem(i) for i in range(bench.results_tree.topLevelItemCount())
    ]
    assert len(rows) == len(CHECKS)  # every check has a row: finished, or not run
    cancelled = [row for row in rows if row.text(2) == "cancelled before it finished"]
    assert cancelled and all(row.text(0) == outcome_label(Outcome.NOT_RUN) for row in cancelled)
    assert "the others are listed as not run" in bench.status.text()
    assert bench.status.wordWrap()  # a long status is never cut at its start
