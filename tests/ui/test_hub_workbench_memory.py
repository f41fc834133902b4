"""The Hub workbench runs hub-check's memory checks when asked (Memory checks, a restart
command), and lists them in the window's language with their evidence; plus screenshots."""

from __future__ import annotations

import re
import shlex
import sys

import pytest
from PySide6.QtCore import Qt

from explorer.demo import start_demo
from explorer.net.conformance import CHECKS, MEMORY_CHECKS


# Japanese: every line of the new rows is the catalog's or a translation (the English of the
# same rows is what the CLI tests read); one run, for the suite's time
@pytest.fixture(params=["ja"])
def memory_bench(request, qapp, qtbot, qloop, run, settings, tmp_path):
    from explorer.net.live.subscriber import SubscriberConfig
    from explorer.ui.language import install_language
    from explorer.ui.services import ExplorerServices
    from explorer.ui.workbench.hub_workbench import HubWorkbench

    install_language(request.param, qapp)  # before the widgets: they read their text once
    services = ExplorerServices(
        store_path=tmp_path / "store.sqlite3",
        subscriber_config=SubscriberConfig(request_timeout=5.0),
    )
    run(services.start())
    # quick retries, leases from 1 s: the memory checks wait these out
    demo = run(start_demo(rate=0, retry_delay=0.1, delivery_attempts=3, min_lease=1))
    widget = HubWorkbench(services)
    qtbot.addWidget(widget)
    widget.resize(1400, 860)
    widget.show()
    widget.hub_edit.setText(demo.hub_url)
    widget.topic_edit.setText(demo.channels[0].topic)
    widget.wait_spin.setValue(1.0)
    widget.quiet_spin.setValue(0.2)
    widget.settle_spin.setValue(0.1)
    url = demo.base_url + "demo/hub/restart"
    code = f"import urllib.request as u; u.urlopen(u.Request({url!r}, method='POST'))"
    widget.restart_edit.setText(shlex.join([sys.executable, "-c", code]))
    widget.demo = demo
    widget.language = request.param
    yield widget
    widget.shutdown()
    run(demo.stop())
    run(services.aclose())
    install_language("en", qapp)


def test_memory_checks_show_in_the_workbench(memory_bench, qtbot, output_dir):
    from explorer.core import catalog

    bench = memory_bench
    bench.demo.faults.enable("forgetful-hub")
    bench.memory_check.setChecked(True)
    with qtbot.waitSignal(bench.run_finished, timeout=120_000) as done:
        qtbot.mouseClick(bench.run_button, Qt.MouseButton.LeftButton)
    wanted = [*CHECKS, *MEMORY_CHECKS]
    assert [r.check for r in done.args[0]] == wanted
    outcomes = {r.check: str(r.outcome) for r in done.args[0]}
    # the forgetful hub drops the shadow probe, after its third delivery
    assert outcomes == dict.fromkeys(wanted, "pass") | {"forgotten": "fail"}
    rows = [bench.results_tree.topLevelItem(i) for i in range(len(wanted))]
    titles = [catalog.text(f"conformance.check.{check}", bench.language) for check in wanted]
    assert [row.text(1) for row in rows] == titles
    forgotten = rows[wanted.index("forgotten")]
    bench.results_tree.setCurrentItem(forgotten)
    assert "hub.subscription-forgotten (WebSub §7)" in bench.detail_label.text()
    # the evidence is the shadow probe's: its deliveries, up to the one it missed
    shown = [bench.evidence_list.item(i).text() for i in range(bench.evidence_list.count())]
    assert sum("<- delivery" in line for line in shown) >= 4, shown
    if bench.language == "ja":
        japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
        assert all(japanese.search(row.text(2)) for row in rows[len(CHECKS) :])
    bench.grab().save(str(output_dir / f"hub_workbench_memory_{bench.language}.png"))
