"""Restored subscriptions are checked with their hub before they are called active."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

from fake_hub import FakeHub, HubReply
from websub_env import FAST, websub_env

from explorer.net.live.subscription import CHECKING, NOT_CONFIRMED, State

TOPIC = "http://example.org/topic"


async def _subscribed(tmp_path: Path, hub: FakeHub) -> tuple[str, int]:
    async with websub_env(tmp_path, hub=hub) as env:
        sub = await env.subscriber.subscribe(TOPIC, hub.url)
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        return sub.id, env.server.port


async def test_a_restored_row_says_checking_until_the_hub_confirms_it(tmp_path: Path) -> None:
    async with FakeHub() as hub:
        sub_id, port = await _subscribed(tmp_path, hub)
        hub.script("/hub", HubReply(delay=0.3))  # the confirmation takes a moment
        async with websub_env(tmp_path, hub=hub, port=port) as env:
            view = env.subscriber.view(env.subscriber.subscriptions[sub_id])
            assert view.health(time.time())[0] == CHECKING
            await env.until(lambda: env.of("confirmed"))
            view = env.subscriber.view(env.subscriber.subscriptions[sub_id])
            assert view.health(time.time()) == ("active", None)
            assert env.names()[0] == "checking"


async def test_a_gone_hub_is_said_at_once_and_the_row_is_not_active(tmp_path: Path) -> None:
    hub = FakeHub()
    async with hub:
        sub_id, port = await _subscribed(tmp_path, hub)
    # the hub has stopped: nothing listens on its port any more. Retries 30 s apart would
    # outlast the wait below: the check is said after its one attempt.
    patient = replace(FAST, retries=3, backoff=30.0, max_backoff=30.0)
    async with websub_env(tmp_path, hub=hub, port=port, config=patient) as env:
        await env.until(lambda: env.of("not-confirmed"))
        event = env.of("not-confirmed")[0]
        assert "is gone: nothing listens on 127.0.0.1:" in str(event.message)
        view = env.subscriber.view(env.subscriber.subscriptions[sub_id])
        shown, why = view.health(time.time())
        assert shown == NOT_CONFIRMED and "nothing listens" in str(why)
        assert env.names() == ["checking", "not-confirmed"]


async def test_a_hub_that_refuses_the_restored_subscription_is_said(tmp_path: Path) -> None:
    async with FakeHub() as hub:
        sub_id, port = await _subscribed(tmp_path, hub)
        hub.script("/hub", HubReply(status=404, body=b"no such hub here"))
        async with websub_env(tmp_path, hub=hub, port=port) as env:
            await env.until(lambda: env.of("not-confirmed"))
            assert "no such hub here" in str(env.of("not-confirmed")[0].message)
            view = env.subscriber.view(env.subscriber.subscriptions[sub_id])
            assert view.health(time.time())[0] == NOT_CONFIRMED
