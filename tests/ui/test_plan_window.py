"""Plan… in the window: from the demo Source's row in the tree, the runs side by side, the
chart and the findings; the same figures as ``plan --json`` for the same Source; the
findings in the interface's language; a bad option said in one line."""

from __future__ import annotations

import asyncio
import gc
import json
import sys
from pathlib import Path

import pytest
from helpers.oai_pair import Record, served_pair
from test_history_view import finish

from explorer.core.plan.report import RUN_NAMES
from explorer.core.rules import capabilities as caps
from explorer.ui.language import install_language
from explorer.ui.plan.plan_actions import PLAN_ACTIONS
from explorer.ui.plan.plan_panel import PlanPanel

SINCE = "2000-01-01T00:00:00Z"  # every change of the demo is after it: an incremental run
COMPARED = (
    "requests",
    "bytes",
    "wire_bytes",
    "documents",
    "resources",
    "estimated_lengths",
    "dump_saves_requests",
    "dump_saves_wire_bytes",
)
"""What the window and the command must agree on exactly: plan's samples are drawn by
the URLs, not by the order the lists arrive in (the seconds rest on each run's own
timing samples)."""


@pytest.fixture
def demo_window(qtbot, qloop, run, settings, tmp_path):
    """The main window with the embedded demo Source held still (no changes between the
    window's plan and the command's)."""
    from explorer.net.live.subscriber import SubscriberConfig
    from explorer.ui.app import tune_gc
    from explorer.ui.services import ExplorerServices
    from explorer.ui.shell.main_window import MainWindow
    from explorer.ui.shell.panels import install_panels

    services = ExplorerServices(
        store_path=tmp_path / "store.sqlite3",
        subscriber_config=SubscriberConfig(request_timeout=5.0),
        demo=True,
        demo_options={"rate": 0.0},
    )
    thresholds = tune_gc()
    main = MainWindow(services, settings)
    qtbot.addWidget(main)
    run(services.start())
    install_panels(main)
    main.restore_state()
    main.show()
    yield main
    main.shutdown()
    run(services.aclose())
    gc.set_threshold(*thresholds)


def source_row(window, qtbot):
    base = window.services.demo.base_url
    window.open_url(base + ".well-known/resourcesync")
    qtbot.waitUntil(lambda: bool(window.tree_model.roots), timeout=15000)
    root = window.tree_model.roots[0]
    assert root.capability == caps.DESCRIPTION
    return root


def headings_of(panel: PlanPanel) -> list[str]:
    """The findings' section headings (their items are indented beneath)."""
    lines = panel.findings.toPlainText().splitlines()
    return [line for line in lines if line and not line.startswith(" ")]


async def command_plan(url: str, store: Path, *more: str) -> dict:
    """``plan --json`` in its own process (the demo answers on this loop meanwhile)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        *("-m", "explorer", "plan", url, "--json", "--store", str(store)),
        *(more or ("--from", SINCE)),
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await process.communicate()
    assert process.returncode == 0, err.decode()
    return json.loads(out)


@pytest.mark.qt_log_ignore("does not support raise")  # the plan window, offscreen
def test_plan_from_the_tree_gives_the_commands_figures(
    demo_window, qtbot, run, tmp_path: Path
) -> None:
    row = source_row(demo_window, qtbot)
    menu = demo_window.tree_menu(row)
    action = next(a for a in menu.actions() if a.text() == "Plan…")
    action.trigger()
    panel = demo_window.part(PLAN_ACTIONS).panels[row.url]
    assert panel.isVisible() and panel.url == row.url
    panel.since_edit.setText(SINCE)
    said: list[str] = []
    show = panel.status.setText
    panel.status.setText = lambda text: (said.append(text), show(text))  # type: ignore[method-assign]
    finish(qtbot, panel.start())
    assert any(text.startswith("reading the Source: ") for text in said), said
    plan = panel.plan
    assert plan is not None
    shown = plan.to_json()
    given = run(command_plan(row.url, tmp_path / "command-store.sqlite3"), timeout=120)
    for name in RUN_NAMES:
        assert {key: shown["runs"][name][key] for key in COMPARED} == {
            key: given["runs"][name][key] for key in COMPARED
        }, name
    assert shown["refetch"] == given["refetch"]
    assert shown["incremental_safety"] == given["incremental_safety"]
    assert set(shown["seconds_by_profile"]) == set(given["seconds_by_profile"])

    # the table shows the runs side by side, the chart every run at every profile
    column = RUN_NAMES.index("baseline")
    assert panel.runs.item(0, column).text() == f"{given['runs']['baseline']['requests']:,}"
    assert panel.runs.item(2, column).text() == f"{given['runs']['baseline']['resources']:,}"
    bars = panel.chart.bars()
    assert len(bars) == 3 * 3
    assert ("baseline", "resync-sync", plan.runs["baseline"].seconds) in bars
    assert plan.seconds_by_profile["resync-sync"]["incremental"] == plan.runs["incremental"].seconds
    headings = headings_of(panel)
    assert "What forces a client to fetch resources again:" in headings
    assert any(text.startswith("Incremental safety: ") for text in headings), headings


@pytest.mark.qt_log_ignore("does not support raise")
def test_plan_speaks_japanese_and_starts_at_the_last_snapshot(demo_window, qtbot, run) -> None:
    """Without a time, the incremental run starts at the window store's last snapshot of
    the Source (the command does so with its store); a bad time is said in one line."""
    row = source_row(demo_window, qtbot)
    snapshot = run(demo_window.services.history.save(row.url, None), timeout=120)
    from PySide6.QtWidgets import QApplication

    install_language("ja", QApplication.instance())
    try:
        panel = PlanPanel(demo_window.services, row.url)
        qtbot.addWidget(panel)
        panel.show()
        panel.since_edit.setText("yesterday")
        assert panel.start() is None
        assert "yesterday" in panel.status.text()
        panel.since_edit.setText("")
        finish(qtbot, panel.start())
        assert panel.plan is not None, panel.status.text()
        assert panel.plan.since == snapshot.taken
        assert "incremental" in panel.plan.runs
        assert panel.runs.horizontalHeaderItem(0).text() == "ベースライン同期"
        headings = headings_of(panel)
        assert "クライアントがリソースを再取得することになる原因:" in headings
        assert any(text.startswith("差分同期の安全性") for text in headings), headings
    finally:
        from PySide6.QtWidgets import QApplication

        install_language("en", QApplication.instance())


STAMP = "2025-06-01T00:00:00Z"
RECORDS = [Record(str(number), (STAMP, False), STAMP) for number in range(20)] + [
    Record("only-oai", (STAMP, False), None),
    Record("stamp", ("2025-06-02T00:00:00Z", False), STAMP),
]


@pytest.mark.qt_log_ignore("does not support raise")
def test_the_oai_pmh_view_and_its_parity_table_are_the_commands(
    window, qtbot, run, tmp_path: Path
) -> None:
    with served_pair(RECORDS) as served:
        source = served.base + ".well-known/resourcesync"
        panel = PlanPanel(window.services, source)
        qtbot.addWidget(panel)
        panel.show()
        panel.oai_edit.setText(served.oai)
        finish(qtbot, panel.start())
        assert panel.plan is not None, panel.status.text()
        given = run(command_plan(source, tmp_path / "command.sqlite3", "--oai", served.oai), 120)
    shown = panel.plan.to_json()
    assert shown["oai"]["requests"] == given["oai"]["requests"]
    assert shown["oai"]["records"] == given["oai"]["records"] == len(RECORDS)
    for kind in ("only_oai", "only_resourcesync", "datestamp_differs", "deleted_differs"):
        assert [item["url"] for item in shown["parity"][kind]] == [
            item["url"] for item in given["parity"][kind]
        ], kind
    assert [item["url"] for item in shown["parity"]["only_oai"]] == [
        served.base + "records/only-oai"
    ]
    lines = panel.findings.toPlainText().splitlines()
    assert any(line.startswith("OAI-PMH against ResourceSync") for line in lines), lines
    assert any(line.strip().endswith("records/only-oai") or "only-oai" in line for line in lines)
