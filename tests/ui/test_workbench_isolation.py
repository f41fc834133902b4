"""The workbench's probes are its own: a conformance run against the hub of a topic the user
is subscribed to fans its probe payloads out to the user's subscription too, and those
deliveries stay out of the live feed and its warnings (the HTTP inspector keeps them,
marked as probe payloads)."""

from __future__ import annotations

from helpers.hub_log import wait_until_hub_subscribed
from test_net_thread import subscribe_to_demo

from explorer.net.live.subscriber import PROBE_REPLY


def test_a_conformance_run_leaves_the_live_feed_unchanged(window, qtbot, run) -> None:
    services = window.services
    view = subscribe_to_demo(window, run)
    wait_until_hub_subscribed(qtbot, services.demo.hub, view.callback_url)  # it delivers
    feed, inspector, bench = window.panels.feed, window.panels.inspector, window.panels.workbench

    services.demo.change("dataset1", "updated")  # the Source's own notification: one row
    qtbot.waitUntil(lambda: feed.model.rowCount() == 1, timeout=10_000)
    before = [item.text() for item in feed.model.items]

    bench.hub_edit.setText(services.demo.hub_url)
    bench.topic_edit.setText(view.topic)  # the user's own topic
    bench.wait_spin.setValue(2.0)
    bench.quiet_spin.setValue(0.2)
    with qtbot.waitSignal(bench.run_finished, timeout=60_000) as finished:
        run(bench.run_checks(), timeout=60)
    assert all(result.outcome == "pass" for result in finished.args[0])

    def probe_deliveries() -> list:
        return [
            record
            for record in map(inspector.model.record, range(inspector.model.rowCount()))
            if record.kind == "delivery" and view.callback_url in record.url
        ]

    # The hub delivered the run's payloads to the user's callback as well ...
    qtbot.waitUntil(lambda: len(probe_deliveries()) > 1, timeout=10_000)
    qtbot.wait(500)  # past the batch interval: anything on its way has arrived
    # ... and none of them became a row or a warning ...
    assert [item.text() for item in feed.model.items] == before
    assert sum(item.warnings for item in feed.model.items) == 0
    # ... while the inspector shows them, answered as probe payloads.
    probes = [r for r in probe_deliveries() if r.response_body == PROBE_REPLY]
    assert probes and all(r.status == 200 for r in probes)
