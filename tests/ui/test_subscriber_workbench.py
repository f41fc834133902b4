"""The Hub workbench's "Subscriber under test" mode driven like a user: a subscriber
started by hand (the planted-defect subscriber, started when the window shows a test's
URLs), a command run per test, Stop ending the command's process group, the copied
command line equal to the form and judging as the window did, and a run in Japanese."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.planted_subscriber import PlantedSubscriber
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from explorer.core.subscribers import TEST_IDS

EXPLORER = [sys.executable, "-m", "explorer"]


@pytest.fixture
def workbench(qtbot, qloop, run, settings, tmp_path):
    from explorer.net.live.subscriber import SubscriberConfig
    from explorer.ui.services import ExplorerServices
    from explorer.ui.workbench.hub_workbench import HubWorkbench
    from explorer.ui.workbench.hub_workbench_widgets import SUBSCRIBER_MODE

    services = ExplorerServices(
        store_path=tmp_path / "store.sqlite3",
        subscriber_config=SubscriberConfig(request_timeout=5.0),
    )
    run(services.start())
    widget = HubWorkbench(services)
    qtbot.addWidget(widget)
    widget.resize(1366, 420)
    widget.show()
    widget.mode_combo.setCurrentIndex(SUBSCRIBER_MODE)
    yield widget
    widget.shutdown()
    run(services.aclose())


@pytest.fixture
def japanese_workbench(qapp, request):
    from explorer.ui.language import install_language

    install_language("ja", qapp)  # before the widgets are built: they read their text once
    try:
        yield request.getfixturevalue("workbench")
    finally:
        install_language("en", qapp)


def _rows(page) -> list:
    return [page.results_tree.topLevelItem(i) for i in range(page.results_tree.topLevelItemCount())]


def _by_hand(page, planted: PlantedSubscriber, qloop) -> list[str]:
    """Start the planted subscriber each time the window shows a test's URLs, as a person
    reading them would; the ids shown, in order."""
    shown: list[str] = []

    def start(test: str, urls) -> None:
        assert urls.topic in page.announce_view.toPlainText()
        shown.append(test)
        qloop.create_task(planted.launch(test, urls))

    page.announced.connect(start)
    return shown


def test_a_subscriber_started_by_hand_is_judged_with_evidence(workbench, qtbot, qloop, run):
    page = workbench.subscriber
    assert workbench.page_stack.currentWidget() is page
    assert workbench.target_stack.currentWidget() is page.command_row
    planted = run(PlantedSubscriber("acts-on-bad-signature").__aenter__())
    try:
        shown = _by_hand(page, planted, qloop)
        page.choose(["deliver-valid", "signature-wrong", "lease-unsubscribe"])
        page.timeout_spin.setValue(5.0)
        with qtbot.waitSignal(page.run_finished, timeout=60_000) as done:
            qtbot.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
            qtbot.waitUntil(page.announce_view.isVisible, timeout=10_000)
    finally:
        run(planted.__aexit__(None, None, None))
    verdicts = {r.test.id: str(r.verdict) for r in done.args[0]}
    assert verdicts == {
        "deliver-valid": "pass",
        "signature-wrong": "fail",  # the planted defect: it fetched what a bad one named
        "lease-unsubscribe": "not-run",  # started by hand: it cannot be asked to stop
    }
    assert shown == ["deliver-valid", "signature-wrong"]
    assert not page.announce_view.isVisible()
    rows = _rows(page)
    assert [row.text(0) for row in rows] == ["PASS", "FAIL", "NOT RUN"]
    assert [row.foreground(0).color().name() for row in rows] == ["#2e9d48", "#d32f2f", "#808080"]
    assert page.results_tree.currentItem() is rows[1]  # the first that did not pass
    detail = page.evidence.detail_label.text()
    assert "signature-wrong" in detail and "(WebSub §7.1.2)" in detail
    assert "websub.rocks subscriber test 301" in detail
    listed = [
        page.evidence.evidence_list.item(i).text()
        for i in range(page.evidence.evidence_list.count())
    ]
    assert any("delivery" in line for line in listed), listed
    page.evidence.evidence_list.setCurrentRow(
        next(i for i, r in enumerate(listed) if "delivery" in r)
    )
    assert "X-Hub-Signature" in page.evidence.exchange_view.toPlainText()
    assert page.summary_label.text() == "3 tests: 1 pass, 0 warn, 1 fail, 1 not run"
    assert "--run" not in page.command_line()  # no command: started by hand


def test_the_copied_command_line_is_the_form_and_judges_as_the_window(workbench, qtbot):
    from explorer.cli import subscriber_check
    from explorer.cli.arguments import OneLineParser

    page = workbench.subscriber
    # a subscriber command that exits at once: each test is NOT RUN with its status
    page.command_edit.setText("echo 'it'\"'\"'s me' {topic} >/dev/null; exit 7")
    page.choose(["verify-status", "discovery-302"])
    page.timeout_spin.setValue(4.5)
    qtbot.mouseClick(page.copy_button, Qt.MouseButton.LeftButton)
    line = QGuiApplication.clipboard().text()
    assert line == page.command_line() and line in workbench.status.text()
    argv = shlex.split(line)
    assert argv[:2] == ["resourcesync-explorer", "subscriber-check"]
    parser = OneLineParser(prog="resourcesync-explorer subscriber-check")
    subscriber_check.configure(parser)
    args = parser.parse_args(argv[2:])
    assert args.run == page.command_edit.text()
    assert args.only == ["discovery-302", "verify-status"]
    assert args.timeout == 4.5
    with qtbot.waitSignal(page.run_finished, timeout=60_000) as done:
        qtbot.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    window = [(r.test.id, str(r.verdict), r.reason.english) for r in done.args[0]]
    assert window == [
        (test, "not-run", "the command exited with status 7 before it subscribed")
        for test in ("discovery-302", "verify-status")
    ]
    # the same line, in a terminal, says the same
    cli = subprocess.run(
        [*EXPLORER, *argv[1:], "--json"], capture_output=True, text=True, timeout=60, check=False
    )
    assert cli.returncode == 0, cli.stderr
    said = [(r["id"], r["verdict"], r["reason"]) for r in map(json.loads, cli.stdout.splitlines())]
    assert said == window


def test_defaults_are_left_out_of_the_command_line(workbench) -> None:
    page = workbench.subscriber
    page.choose(None)
    assert page.chosen() == list(TEST_IDS)
    assert page.command_line() == "resourcesync-explorer subscriber-check"
    page.command_edit.setText("my-destination {caplist}")
    assert (
        page.command_line()
        == "resourcesync-explorer subscriber-check --run 'my-destination {caplist}'"
    )


def test_a_command_it_cannot_use_is_refused_before_anything_starts(workbench, qtbot):
    page = workbench.subscriber
    page.command_edit.setText("my-subscriber {callback}")
    page.choose(["verify-status"])
    page._spawn(page.run_tests())
    qtbot.waitUntil(lambda: "{callback}" in workbench.status.text(), timeout=5000)
    assert "{caplist}" in workbench.status.text()  # the known placeholders are named
    assert page.run_button.isEnabled() and page.results_tree.topLevelItemCount() == 0
    page.choose([])
    page._spawn(page.run_tests())
    qtbot.waitUntil(lambda: workbench.status.text() == "choose at least one test", timeout=5000)


def test_stop_ends_the_run_and_the_commands_process_group(workbench, qtbot, tmp_path: Path):
    page = workbench.subscriber
    pid_file = tmp_path / "pid"
    # a subscriber that never subscribes: it runs until stopped
    page.command_edit.setText(
        f"echo $$ > {shlex.quote(str(pid_file))}; : {{topic}}; exec sleep 600"
    )
    page.choose(["discovery-link-header", "verify-status"])
    with qtbot.waitSignal(page.run_finished, timeout=60_000) as done:
        qtbot.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(
            lambda: pid_file.exists() and bool(pid_file.read_text().strip()), timeout=20_000
        )
        group = int(pid_file.read_text())
        os.killpg(group, 0)  # running
        qtbot.mouseClick(page.stop_button, Qt.MouseButton.LeftButton)
    with pytest.raises(ProcessLookupError):
        os.killpg(group, 0)  # the whole group is gone by the time the run says it ended
    assert [(r.test.id, str(r.verdict)) for r in done.args[0]] == [
        ("discovery-link-header", "not-run"),
        ("verify-status", "not-run"),
    ]
    assert {row.text(2) for row in _rows(page)} == {"stopped before it finished"}
    assert workbench.status.text() == "subscriber check stopped"
    assert page.run_button.isEnabled() and not page.stop_button.isEnabled()


def test_a_run_reads_in_japanese(japanese_workbench, qtbot, qloop, run, output_dir):
    from explorer.core import catalog
    from explorer.core.words.messages import render_cited

    workbench = japanese_workbench
    page = workbench.subscriber
    assert workbench.mode_combo.currentText() == "テスト対象のサブスクライバー"
    planted = run(PlantedSubscriber().__aenter__())
    try:
        _by_hand(page, planted, qloop)
        page.choose(["discovery-link-header", "verify-challenge", "lease-unsubscribe"])
        page.timeout_spin.setValue(5.0)
        with qtbot.waitSignal(page.run_finished, timeout=60_000):
            qtbot.mouseClick(page.run_button, Qt.MouseButton.LeftButton)
    finally:
        run(planted.__aexit__(None, None, None))
    rows = _rows(page)
    assert [row.text(0) for row in rows] == ["合格", "合格", "未実施"]
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    assert all(japanese.search(row.text(2)) for row in rows)
    page.results_tree.setCurrentItem(rows[2])
    detail = page.evidence.detail_label.text().splitlines()
    assert detail[0].endswith(catalog.text("subscribers.test.lease-unsubscribe", "ja"))
    assert detail[1] == catalog.text("subscribers.reason.cannot-stop", "ja") + render_cited(
        "WebSub §5.1", "ja"
    )
    page.results_tree.setCurrentItem(rows[0])
    workbench.grab().save(str(output_dir / "subscriber_workbench_ja.png"))
