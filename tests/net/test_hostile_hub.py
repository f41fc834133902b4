"""The subscriber facing a hostile hub: a flood of verifications it never asked for.

(Absurd and negative ``hub.lease_seconds`` and a 1 MB challenge are covered in
test_subscriber.py.) A flood must change nothing: every forged intent gets 404, the
real subscription stays active with its lease, and deliveries keep being stored.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
from fake_hub import notification
from websub_env import websub_env

from explorer.net.live.subscription import State

FLOOD = 400


async def test_a_verification_flood_changes_nothing_and_is_all_404(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        lease, expires = sub.lease_seconds, sub.lease_expires
        other = env.server.callback_url("not-a-subscription")
        challenge = {"hub.challenge": "c", "hub.lease_seconds": "-1"}
        forged = [  # (callback, query): intents this explorer never had
            (
                sub.callback_url,
                {"hub.mode": "subscribe", "hub.topic": "http://evil.example/t", **challenge},
            ),
            (sub.callback_url, {"hub.mode": "unsubscribe", "hub.topic": sub.topic, **challenge}),
            (sub.callback_url, {"hub.mode": "subscribe", "hub.topic": sub.topic}),  # no challenge
            (sub.callback_url, {"hub.mode": "bogus", "hub.topic": sub.topic, **challenge}),
            (other, {"hub.mode": "subscribe", "hub.topic": sub.topic, **challenge}),
        ]
        gate = asyncio.Semaphore(32)

        async def verify(client: httpx.AsyncClient, i: int) -> int:
            url, params = forged[i % len(forged)]
            async with gate:
                return (await client.get(url, params=params)).status_code

        async with httpx.AsyncClient(timeout=10) as client:
            statuses = await asyncio.gather(*(verify(client, i) for i in range(FLOOD)))
        assert set(statuses) == {404}
        assert sub.state == State.ACTIVE
        assert (sub.lease_seconds, sub.lease_expires) == (lease, expires)
        unknown = [
            e
            for e in env.of("error")
            if e.findings and e.findings[0].code == "websub.unknown-intent"
        ]
        assert len(unknown) >= FLOOD - FLOOD // len(forged)  # reported, not silently dropped
        delivered = await env.hub.deliver(sub.callback_url, notification(), secret=sub.secret)
        assert delivered.status_code == 200
        await env.until(lambda: env.of("notification"))
        assert env.store.count_notifications("notification") == 1
