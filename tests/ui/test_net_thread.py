"""The live side runs on its own thread: a blocked GUI thread does not hold up a hub's 2xx,
and deliveries still reach the feed and the HTTP inspector (in batches) afterwards."""

from __future__ import annotations

import secrets
import threading
import time
from typing import Any

import httpx

from explorer.core.push.signatures import sign
from explorer.net.live.subscription import State, Subscription

BLOCK_SECONDS = 3.0

NOTIFICATION = """<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:rs="http://www.openarchives.org/rs/terms/">
  <rs:md capability="change-notification" from="2026-01-01T00:00:00Z"
         until="2026-01-01T00:01:00Z"/>
  <url>
    <loc>{loc}</loc>
    <rs:md change="updated" datetime="2026-01-01T00:01:00Z"/>
  </url>
</urlset>
"""


def subscribe_to_demo(window: Any, run: Any) -> Subscription:
    """An active subscription to the demo's first change-notification channel; the demo
    makes no changes of its own, so the only deliveries are the test's."""
    services = window.services
    run(services.start_demo())
    services.demo.set_rate(0)
    channel = next(c for c in services.demo.channels if c.capability == "change-notification")
    sub = run(services.subscribe(channel.topic, channel.hub))
    assert run(services.wait_settled(sub, 10)) == State.ACTIVE
    return sub


def notification(marker: str) -> bytes:
    return NOTIFICATION.format(loc=f"http://127.0.0.1/{marker}").encode()


def deliver(client: httpx.Client, sub: Subscription, body: bytes) -> httpx.Response:
    """POST a signed delivery to the callback, as a hub would (WebSub §7)."""
    assert sub.secret
    headers = {
        "Content-Type": "application/xml",
        "Link": f'<{sub.topic}>; rel="self", <{sub.hub}>; rel="hub"',
        "X-Hub-Signature": sign(sub.secret, body),
    }
    return client.post(sub.callback_url, content=body, headers=headers)


def feed_rows_with(window: Any, marker: str) -> list[Any]:
    model = window.panels.feed.model
    return [model.item(row) for row in range(model.rowCount()) if marker in model.item(row).text()]


def test_delivery_is_answered_and_stored_while_the_gui_thread_is_blocked(
    window, qtbot, run
) -> None:
    services = window.services
    sub = subscribe_to_demo(window, run)
    marker = f"blocked-{secrets.token_hex(6)}"
    body = notification(marker)
    blocked = threading.Event()
    seen: dict[str, Any] = {}

    def hub() -> None:
        if not blocked.wait(10):
            return
        try:
            with httpx.Client(trust_env=False, timeout=20) as client:
                response = deliver(client, sub, body)
        except httpx.HTTPError as exc:
            seen["error"] = repr(exc)
            return
        seen["answered"] = time.monotonic()
        seen["status"] = response.status_code
        assert services.store is not None
        seen["stored"] = [
            (n.status, n.signature)
            for n in services.store.notifications(subscription_id=sub.id)
            if n.body == body
        ]

    thread = threading.Thread(target=hub, name="test-hub")
    thread.start()
    blocked.set()
    time.sleep(BLOCK_SECONDS)  # the GUI thread (and the qasync loop on it) is stuck here
    block_ended = time.monotonic()
    qtbot.waitUntil(lambda: not thread.is_alive(), timeout=30000)  # the GUI loop runs again

    assert "answered" in seen, f"the delivery got no answer: {seen.get('error')}"
    assert 200 <= seen["status"] < 300
    assert seen["answered"] < block_ended, "the 2xx waited for the GUI thread"
    assert seen["stored"] == [("notification", "valid")]  # stored before the 2xx
    qtbot.waitUntil(lambda: len(feed_rows_with(window, marker)) == 1, timeout=10000)
    row = feed_rows_with(window, marker)[0]
    assert (row.kind, row.topic, row.signature) == ("change", sub.topic, "valid")


def test_inspector_gets_exchanges_in_batches_while_the_feed_gets_events(window, qtbot, run) -> None:
    services = window.services
    sub = subscribe_to_demo(window, run)
    batches: list[list[Any]] = []
    services.exchanges_logged.connect(batches.append)
    events: list[Any] = []
    services.subscriber_events.connect(events.extend)
    count = 5
    markers = [f"inspected-{secrets.token_hex(6)}" for _ in range(count)]
    bodies = {notification(marker) for marker in markers}
    statuses: list[int | str] = []

    def hub() -> None:
        with httpx.Client(trust_env=False, timeout=10) as client:
            for marker in markers:
                try:
                    statuses.append(deliver(client, sub, notification(marker)).status_code)
                except httpx.HTTPError as exc:
                    statuses.append(repr(exc))
                    return

    # The deliveries land while the GUI thread waits for them, so their exchange records
    # pile up in one batch rather than trickling in one Qt event each.
    thread = threading.Thread(target=hub, name="test-hub")
    thread.start()
    thread.join(30)
    assert statuses == [200] * count

    def delivered_in(records: list[Any]) -> list[Any]:
        return [
            r
            for r in records
            if (r.direction, r.kind, r.method) == ("in", "delivery", "POST")
            and r.url == sub.callback_url
            and r.request_body in bodies
        ]

    qtbot.waitUntil(lambda: sum(len(delivered_in(b)) for b in batches) == count, timeout=10000)
    assert [len(delivered_in(b)) for b in batches if delivered_in(b)] == [count]
    assert all(r.status == 200 for b in batches for r in delivered_in(b))
    inspector = window.panels.inspector.model
    in_inspector = delivered_in([inspector.record(row) for row in range(inspector.rowCount())])
    assert len(in_inspector) == count

    qtbot.waitUntil(lambda: all(feed_rows_with(window, m) for m in markers), timeout=10000)
    notified = [e for e in events if e.event == "notification" and e.subscription == sub.id]
    assert len(notified) == count
    assert [e.notification_id for e in notified] == sorted(e.notification_id for e in notified)
