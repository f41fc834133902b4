"""The subscriber against a scripted fake hub: every misbehaviour the issue lists."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from pathlib import Path

import httpx
from fake_hub import FakeHub, HubReply, notification
from websub_env import FAST, websub_env

from explorer.net.live.subscription import STALE_CALLBACK, State


async def test_subscribe_verify_and_signed_delivery_is_stored(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        form = env.hub.forms("subscribe")[0]
        assert form["hub.callback"] == sub.callback_url
        assert len(sub.callback_path) >= 32  # 24 random bytes, URL-safe
        assert 0 < len(form["hub.secret"].encode()) < 200
        await env.until(lambda: env.hub.verifications)
        check = env.hub.verifications[0]
        assert (check.status, check.body) == (200, check.challenge.encode())
        assert sub.lease_seconds == 3600 and sub.flavour == "websub"

        response = await env.hub.deliver(
            sub.callback_url, notification(), secret=sub.secret, topic=sub.topic
        )
        assert response.status_code == 200
        stored = env.store.notifications()
        assert [(n.status, n.signature) for n in stored] == [("notification", "valid")]
        assert stored[0].body == notification()
        await env.until(lambda: env.of("notification"))
        event = env.of("notification")[0].to_json()
        assert event["capability"] == "change-notification"
        assert event["signature"] == "valid"
        assert event["entries"][0]["loc"] == "http://example.org/res/1"
        assert env.names()[:2] == ["subscribe-requested", "verified"]


async def test_every_sha_algorithm_is_accepted(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        await env.subscriber.wait_settled(sub, 5)
        for algorithm in ("sha1", "sha256", "sha384", "sha512"):
            await env.hub.deliver(
                sub.callback_url, notification(), secret=sub.secret, algorithm=algorithm
            )
        assert [n.signature for n in env.store.notifications()] == ["valid"] * 4


async def test_bad_and_missing_signatures_are_rejected_but_acknowledged(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        await env.subscriber.wait_settled(sub, 5)
        forged = await env.hub.deliver(sub.callback_url, notification(), secret="not-it")
        unsigned = await env.hub.deliver(sub.callback_url, notification())
        assert forged.status_code == unsigned.status_code == 200  # WebSub §7.1.2
        assert env.store.notifications(status="notification") == []
        rejected = env.store.notifications(status="rejected")
        assert [n.signature for n in rejected] == ["invalid", "missing"]
        assert all(n.reason for n in rejected)
        await env.until(lambda: len(env.of("rejected")) == 2)
        assert {f.code for e in env.of("rejected") for f in e.findings} == {
            "websub.signature-invalid",
            "websub.signature-missing",
        }


async def test_verification_for_a_topic_never_requested_is_404(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        await env.subscriber.wait_settled(sub, 5)
        form = env.hub.forms()[0]
        other = await env.hub.verify(form, topic="http://example.org/other")
        assert other.status == 404 and other.body != other.challenge.encode()
        unwanted = await env.hub.verify(form, mode="unsubscribe")
        assert unwanted.status == 404
        async with httpx.AsyncClient() as client:
            stranger = await client.get(
                env.server.callback_url("x" * 32),
                params={"hub.mode": "subscribe", "hub.topic": sub.topic, "hub.challenge": "c"},
            )
        assert stranger.status_code == 404
        assert sub.state == State.ACTIVE
        await env.until(lambda: len(env.of("error")) == 2)
        assert all(e.findings[0].code == "websub.unknown-intent" for e in env.of("error"))


async def test_challenge_is_echoed_byte_for_byte_with_an_existing_query(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        env.hub.script("/hub", HubReply(verify=False))
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        odd = "a+b%20c/=&?é"
        async with httpx.AsyncClient() as client:
            response = await client.get(
                sub.callback_url + "?mine=1",
                params={
                    "hub.mode": "subscribe",
                    "hub.topic": sub.topic,
                    "hub.challenge": odd,
                    "hub.lease_seconds": "600",
                },
            )
        assert response.status_code == 200
        assert response.content == odd.encode()


async def test_denial_ends_the_subscription_with_the_reason(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        env.hub.script("/hub", HubReply(verify=False))
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        assert await env.hub.deny(sub.callback_url, sub.topic, "not on the list") == 200
        assert sub.state == State.DENIED and str(sub.reason) == "not on the list"
        await env.until(lambda: env.of("denied"))
        assert env.of("denied")[0].to_json()["reason"] == "not on the list"
        assert env.of("denied")[0].findings[0].code == "websub.denied"
        assert env.store.subscriptions()[0]["state"] == "denied"


async def test_307_and_308_are_re_posted_to_location(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        env.hub.script("/hub", HubReply(307, headers={"Location": "/second"}, verify=False))
        env.hub.script("/second", HubReply(308, headers={"Location": "/third"}, verify=False))
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        assert [path for path, _ in env.hub.requests] == ["/hub", "/second", "/third"]
        assert sub.hub == env.hub.base + "/third"
        await env.until(lambda: env.of("subscribe-requested"))
        codes = [f.code for e in env.of("subscribe-requested") for f in e.findings]
        assert codes == ["websub.hub-redirect", "websub.hub-redirect"]


async def test_redirect_loop_fails_clearly(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        env.hub.script("/hub", HubReply(307, headers={"Location": "/hub"}, verify=False))
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        assert sub.state == State.FAILED
        await env.until(lambda: env.of("error"))
        assert env.of("error")[0].findings[-1].code == "websub.hub-bad-redirect"


async def test_hub_4xx_body_is_surfaced_verbatim(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        env.hub.script("/hub", HubReply(400, b"hub.topic is not allowed here\n"))
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        assert sub.state == State.FAILED
        assert "hub.topic is not allowed here\n" in str(sub.reason)
        await env.until(lambda: env.of("error"))
        assert "hub.topic is not allowed here" in env.of("error")[0].to_json()["message"]
        assert env.of("error")[0].findings[-1].code == "websub.hub-error"
        assert len(env.hub.requests) == 1  # a 4xx is not retried


async def test_5xx_is_retried_with_backoff_then_succeeds(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        env.hub.script(
            "/hub", HubReply(503, b"busy", verify=False), HubReply(500, b"oops", verify=False)
        )
        started = time.monotonic()
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        assert len(env.hub.requests) == 3
        assert time.monotonic() - started >= 0.05 * 0.75 * 3  # two waits: 0.05 and 0.1, jittered
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE


async def test_5xx_every_time_fails_after_the_retries(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        env.hub.script("/hub", *[HubReply(502, b"bad gateway", verify=False)] * 3)
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        assert len(env.hub.requests) == 3 and sub.state == State.FAILED
        assert "bad gateway" in str(sub.reason)


async def test_timeouts_are_retried(tmp_path: Path) -> None:
    config = replace(FAST, request_timeout=0.2)
    async with websub_env(tmp_path, config=config) as env:
        env.hub.script("/hub", HubReply(delay=0.6, verify=False))
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        assert len(env.hub.requests) == 2
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        timeouts = [x for x in env.store.exchanges() if x.kind == "subscribe" and x.error]
        assert timeouts and "Timeout" in timeouts[0].error


async def test_unreachable_hub_fails_after_retries(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        sub = await env.subscriber.subscribe("http://example.org/topic", "http://127.0.0.1:9/hub")
        assert sub.state == State.FAILED
        await env.until(lambda: env.of("error"))
        assert env.of("error")[0].findings[-1].code == "websub.hub-unreachable"


async def test_short_lease_is_renewed_before_expiry(tmp_path: Path) -> None:
    async with websub_env(tmp_path, hub=None) as env:
        env.hub.lease_seconds = 1
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        await env.until(lambda: len(env.of("renewed")) >= 2, timeout=5)
        assert len(env.hub.forms("subscribe")) >= 3
        assert sub.state in (State.ACTIVE, State.RENEWING)
        assert sub.lease_expires and sub.lease_expires > time.time()
        assert env.of("verified")[0].findings[0].code == "websub.lease-unusual"


async def test_unsubscribe_is_verified_and_later_deliveries_get_410(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        await env.subscriber.wait_settled(sub, 5)
        await env.subscriber.unsubscribe(sub)
        assert sub.state == State.ENDED
        await env.until(lambda: len(env.hub.verifications) == 2)
        last = env.hub.verifications[-1]
        assert last.mode == "unsubscribe" and last.status == 200
        late = await env.hub.deliver(sub.callback_url, notification(), secret=sub.secret)
        assert late.status_code == 410
        await env.until(lambda: env.of("unsubscribed"))


async def test_unsubscribe_verified_while_its_answer_commits_is_not_lost_on_close(
    tmp_path: Path,
) -> None:
    """The hub verifies while the subscriber still commits the hub's 202: unsubscribe()
    must wait for that verification's commit and event, else close() drops the event."""
    async with websub_env(tmp_path) as env:
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        await env.subscriber.wait_settled(sub, 5)
        save = env.store.save_subscription

        async def slow_save(row: dict) -> None:  # the 202's commit outlasts the 10 ms the
            # hub waits before verifying, and the verification's commit outlasts that one
            await asyncio.sleep({"unsubscribing": 0.1, "ended": 0.4}.get(row["state"], 0))
            await save(row)

        env.store.save_subscription = slow_save  # type: ignore[method-assign]
        await env.subscriber.unsubscribe(sub)
        assert sub.state == State.ENDED
        await env.subscriber.close()  # as listen does right after unsubscribing
        assert [event.state for event in env.of("unsubscribed")] == ["ended"]
        assert env.store.subscriptions()[0]["state"] == "ended"


async def test_pubsubhubbub_hub_with_sync_verification_and_204(tmp_path: Path) -> None:
    async with websub_env(tmp_path, config=replace(FAST, verify_mode="sync")) as env:
        env.hub.script("/hub", HubReply(204, sync=True))
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        assert env.hub.forms()[0]["hub.verify"] == "sync"
        assert sub.state == State.ACTIVE and sub.flavour == "pubsubhubbub-0.4"
        await env.until(lambda: env.of("subscribe-requested"))
        assert env.of("subscribe-requested")[0].findings[0].code == "websub.legacy-hub"


async def test_malformed_xml_delivery_is_stored_raw_with_an_error(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        await env.subscriber.wait_settled(sub, 5)
        broken = b"<urlset><url><loc>x</loc></urlset"
        response = await env.hub.deliver(sub.callback_url, broken, secret=sub.secret)
        assert response.status_code == 200
        [stored] = env.store.notifications()
        assert stored.body == broken and stored.summary is None
        assert any(f.severity == "error" and f.code.startswith("parse.") for f in stored.findings)
        ok = await env.hub.deliver(sub.callback_url, notification(), secret=sub.secret)
        assert ok.status_code == 200


async def test_oversized_body_gets_413_and_the_server_keeps_going(tmp_path: Path) -> None:
    async with websub_env(tmp_path, max_body=1000) as env:
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        await env.subscriber.wait_settled(sub, 5)
        big = b"<urlset>" + b" " * 5000 + b"</urlset>"
        assert (await env.hub.deliver(sub.callback_url, big, secret=sub.secret)).status_code == 413

        async def chunks():
            for _ in range(10):
                yield b" " * 500

        async with httpx.AsyncClient() as client:
            streamed = await client.post(sub.callback_url, content=chunks())
        assert streamed.status_code == 413
        assert env.store.notifications() == []
        ok = await env.hub.deliver(sub.callback_url, notification(), secret=sub.secret)
        assert ok.status_code == 200
        await env.until(lambda: len(env.of("error")) == 2)
        assert {e.findings[0].code for e in env.of("error")} == {"websub.delivery-too-large"}


async def test_delivery_checks_compare_headers_with_the_subscription(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        await env.subscriber.wait_settled(sub, 5)
        await env.hub.deliver(
            sub.callback_url,
            notification(),
            secret=sub.secret,
            topic="http://example.org/elsewhere",
            content_type="text/plain",
        )
        [stored] = env.store.notifications()
        # still filed under the subscription of its callback path (WebSub §7)
        assert stored.subscription_id == sub.id
        codes = {f.code for f in stored.findings}
        assert {"websub.link-self-mismatch", "websub.content-type"} <= codes


async def test_continuity_gap_is_flagged(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        await env.subscriber.wait_settled(sub, 5)
        first = notification(1, "2026-01-01T00:00:00Z", "2026-01-01T00:01:00Z")
        follows = notification(2, "2026-01-01T00:01:00Z", "2026-01-01T00:02:00Z")
        gap = notification(3, "2026-01-01T00:05:00Z", "2026-01-01T00:06:00Z")
        for body in (first, follows, gap):
            await env.hub.deliver(sub.callback_url, body, secret=sub.secret, topic=sub.topic)
        codes = [{f.code for f in n.findings} for n in env.store.notifications()]
        assert "websub.continuity-gap" not in codes[1]
        assert "websub.continuity-gap" in codes[2]


async def test_restart_with_a_valid_lease_asks_the_hub_to_confirm_it(tmp_path: Path) -> None:
    async with FakeHub() as hub:
        async with websub_env(tmp_path, hub=hub) as env:
            sub = await env.subscriber.subscribe("http://example.org/topic", hub.url)
            await env.subscriber.wait_settled(sub, 5)
            port, callback, secret = env.server.port, sub.callback_url, sub.secret
        async with websub_env(tmp_path, hub=hub, port=port) as env:
            restored = env.subscriber.subscriptions[sub.id]
            assert restored.callback_url == callback
            await env.until(lambda: env.of("confirmed"))
            assert hub.forms("subscribe")[-1]["hub.callback"] == callback  # same callback
            response = await hub.deliver(callback, notification(), secret=secret)
            assert response.status_code == 200
            assert len(env.store.notifications()) == 1
            await env.until(lambda: env.of("notification"))
            assert env.names() == ["checking", "subscribe-requested", "confirmed", "notification"]


async def test_expired_lease_is_reported_on_start(tmp_path: Path) -> None:
    async with FakeHub(lease_seconds=3600) as hub:
        async with websub_env(tmp_path, hub=hub) as env:
            sub = await env.subscriber.subscribe("http://example.org/topic", hub.url)
            await env.subscriber.wait_settled(sub, 5)
            sub.lease_expires = time.time() - 1
            await env.store.save_subscription(sub.to_row())
            port = env.server.port
        async with websub_env(tmp_path, hub=hub, port=port) as env:
            await env.until(lambda: env.of("error"))
            assert env.subscriber.subscriptions[sub.id].state == State.FAILED
            assert env.of("error")[0].findings[0].code == "websub.lease-expired"


async def test_verification_that_never_comes_fails_the_subscription(tmp_path: Path) -> None:
    async with websub_env(tmp_path, config=replace(FAST, verification_timeout=0.2)) as env:
        env.hub.script("/hub", HubReply(verify=False))
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        assert await env.subscriber.wait_settled(sub, 5) == State.FAILED
        await env.until(lambda: env.of("error"))
        assert env.of("error")[0].findings[0].code == "websub.verification-timeout"


async def test_absurd_and_invalid_leases_are_reported_not_fatal(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        env.hub.script("/hub", HubReply(verify=False))
        sub = await env.subscriber.subscribe(
            "http://example.org/topic", env.hub.url, lease_seconds=600
        )
        form = env.hub.forms()[0]
        for lease in ("-5", "soon", "99999999999999999999999"):
            assert (await env.hub.verify(form, lease=lease)).status == 200
        assert (await env.hub.verify(form, lease=None)).status == 200
        await env.until(lambda: len(env.of("verified") + env.of("renewed")) == 4)
        codes = [e.findings[0].code for e in env.of("verified") + env.of("renewed")]
        assert codes == [
            "websub.lease-invalid",
            "websub.lease-invalid",
            "websub.lease-unusual",
            "websub.lease-missing",
        ]
        assert sub.state == State.ACTIVE and sub.lease_seconds == 600  # the lease asked for


async def test_a_huge_challenge_does_not_break_the_server(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        await env.subscriber.wait_settled(sub, 5)
        path = f"/callback/{sub.callback_path}?hub.mode=subscribe&hub.challenge={'c' * 2**20}"
        reader, writer = await asyncio.open_connection("127.0.0.1", env.server.port)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
        await writer.drain()
        status_line = await reader.readline()
        writer.close()
        await writer.wait_closed()
        assert status_line.split()[1].startswith(b"4")
        again = await env.hub.deliver(sub.callback_url, notification(), secret=sub.secret)
        assert again.status_code == 200


async def test_a_changed_callback_url_shows_stale_and_is_retired_when_moved(
    tmp_path: Path,
) -> None:
    async with FakeHub() as hub:
        async with websub_env(tmp_path, hub=hub) as env:
            old = await env.subscriber.subscribe("http://example.org/topic", hub.url)
            await env.subscriber.wait_settled(old, 5)
        async with websub_env(tmp_path, hub=hub, public_url="https://new.tunnel.example") as env:
            [view] = env.subscriber.snapshot()
            assert view.health(time.time())[0] == STALE_CALLBACK
            assert env.subscriber.live_subscription(old.topic) is None
            assert [sub.id for sub in env.subscriber.stale_subscriptions()] == [old.id]
            hub.script("/hub", HubReply(verify=False), HubReply(verify=False))
            new = await env.subscriber.move(env.subscriber.subscriptions[old.id])
            assert new.callback_url.startswith("https://new.tunnel.example/callback/")
            assert [f["hub.mode"] for f in hub.forms()][-2:] == ["subscribe", "unsubscribe"]
            assert hub.forms()[-1]["hub.callback"] == old.callback_url
            assert env.subscriber.subscriptions[old.id].state == State.UNSUBSCRIBING
            await env.until(lambda: env.of("callback-moved"))
            [moved] = env.of("callback-moved")
            assert moved.subscription == old.id and new.id in str(moved.message)


async def test_a_2xx_other_than_202_is_accepted_with_a_warning(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        env.hub.script("/hub", HubReply(200))
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        await env.until(lambda: env.of("subscribe-requested"))
        assert env.of("subscribe-requested")[0].findings[0].code == "websub.hub-status"


async def test_a_failing_check_still_stores_the_delivery(tmp_path: Path, monkeypatch) -> None:
    import explorer.net.live.delivery_intake as intake_module

    def broken(*args, **kwargs):
        raise RuntimeError("validator bug")

    monkeypatch.setattr(intake_module, "check_bytes", broken)
    async with websub_env(tmp_path) as env:
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        await env.subscriber.wait_settled(sub, 5)
        response = await env.hub.deliver(sub.callback_url, notification(), secret=sub.secret)
        assert response.status_code == 200
        [stored] = env.store.notifications()
        assert stored.body == notification() and stored.signature == "valid"
        assert stored.findings[-1].code == "websub.check-failed"
        assert "validator bug" in stored.findings[-1].message


async def test_enrich_hook_adds_a_diff_and_its_failures_do_not_stop_the_feed(
    tmp_path: Path,
) -> None:
    from explorer.net.live.subscriber import Subscriber

    calls: list[str] = []

    def enrich(event):
        calls.append(event.document.capability)
        if len(calls) == 2:
            raise ValueError("tracker bug")
        return replace(event, diff={"added": [event.entries[0]["loc"]]})

    async with websub_env(tmp_path) as env:
        enriched = Subscriber(env.store, env.server, config=FAST, enrich=enrich)
        seen = []
        enriched.listeners.append(seen.append)
        await enriched.start()
        try:
            sub = await enriched.subscribe("http://example.org/topic", env.hub.url)
            await enriched.wait_settled(sub, 5)
            for n in (1, 2):
                await env.hub.deliver(sub.callback_url, notification(n), secret=sub.secret)
            await env.until(lambda: len([e for e in seen if e.event == "notification"]) == 2)
        finally:
            await enriched.close()
        first, second = [e for e in seen if e.event == "notification"]
        assert first.to_json()["diff"] == {"added": ["http://example.org/res/1"]}
        assert second.diff is None and "tracker bug" in str(second.message)
        assert calls == ["change-notification", "change-notification"]


async def test_events_iterator_yields_in_order_until_close(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        collected: list[str] = []

        async def consume() -> None:
            async for event in env.subscriber.events():
                collected.append(event.event)

        consumer = asyncio.create_task(consume())
        await asyncio.sleep(0)
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        await env.subscriber.wait_settled(sub, 5)
        await env.hub.deliver(sub.callback_url, notification(), secret=sub.secret)
        await env.until(lambda: "notification" in collected)
        await env.subscriber.close()
        await asyncio.wait_for(consumer, 5)
        assert collected == ["subscribe-requested", "verified", "notification"]


async def test_a_lease_due_for_renewal_is_renewed_on_start(tmp_path: Path) -> None:
    async with FakeHub(lease_seconds=3600) as hub:
        async with websub_env(tmp_path, hub=hub) as env:
            sub = await env.subscriber.subscribe("http://example.org/topic", hub.url)
            await env.subscriber.wait_settled(sub, 5)
            sub.lease_expires = time.time() + 60  # 60 s of 3,600 left: past 80 %
            await env.store.save_subscription(sub.to_row())
            port = env.server.port
        async with websub_env(tmp_path, hub=hub, port=port) as env:
            await env.until(lambda: env.of("confirmed"))
            assert len(hub.forms("subscribe")) == 2
            assert hub.forms("subscribe")[1]["hub.callback"] == sub.callback_url
            restored = env.subscriber.subscriptions[sub.id]
            assert restored.lease_expires and restored.lease_expires > time.time() + 3000
