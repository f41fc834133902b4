"""The transport seam carries the 2012 HTTP callback beside WebSub with no case of its own:
one intake, one store, and the same sinks (where forwarding to the user's application
plugs in) hear of both kinds of delivery once stored."""

from __future__ import annotations

from pathlib import Path

import httpx
from fake_hub import notification
from helpers.source_2012 import change_set, source_2012
from test_delivery_sink import Recorder
from websub_env import websub_env

from explorer.net.live.legacy.legacy_callback import CallbackPush
from explorer.net.live.subscription import State


async def test_sinks_hear_of_websub_and_2012_callback_deliveries_alike(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env, source_2012(forms=("callback",)) as source:
        recorder = Recorder(env.store)
        env.subscriber.sinks.append(recorder)
        websub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        assert await env.subscriber.wait_settled(websub, 5) == State.ACTIVE
        legacy = await CallbackPush(env.subscriber.parts).subscribe(
            source.changeset_url, source.subscribe_url
        )
        assert legacy.state == State.ACTIVE and source.callbacks == [legacy.callback_url]

        await env.hub.deliver(websub.callback_url, notification(), secret=websub.secret)
        body = change_set(("http://example.org/res1", "updated", "2012-08-08T09:00:00Z"))
        async with httpx.AsyncClient() as client:
            assert (await client.post(legacy.callback_url, content=body)).status_code == 200
        await env.until(lambda: len(recorder.seen) == 2)

        rows = env.store.notifications()
        assert recorder.seen == [(row.id, "notification", True) for row in rows]
        assert [(row.subscription_id, row.capability) for row in rows] == [
            (websub.id, "change-notification"),
            (legacy.id, "change-notification"),
        ]
