"""The delivery sink seam: sinks hear of each delivery once it is stored, and cannot
break intake (forwarding to the user's application will be such a sink)."""

from __future__ import annotations

from pathlib import Path

from fake_hub import notification
from websub_env import websub_env

from explorer.net.live.push_transport import DeliverySink
from explorer.net.live.subscription import State
from explorer.net.store.database import Store
from explorer.net.store.records import NotificationRecord


class Recorder:
    """Notes each record it is told of, and whether the store already held it then."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.seen: list[tuple[int | None, str, bool]] = []

    def delivered(self, record: NotificationRecord) -> None:
        stored = {n.id for n in self.store.notifications()}
        self.seen.append((record.id, record.status, record.id in stored))


class Broken:
    def delivered(self, record: NotificationRecord) -> None:
        raise RuntimeError("sink bug")


async def test_sinks_hear_of_each_delivery_after_it_is_stored(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        recorder = Recorder(env.store)
        sink: DeliverySink = recorder
        env.subscriber.sinks.append(sink)
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        assert await env.subscriber.wait_settled(sub, 5) == State.ACTIVE
        signed = await env.hub.deliver(sub.callback_url, notification(), secret=sub.secret)
        forged = await env.hub.deliver(sub.callback_url, notification(), secret="not-it")
        assert signed.status_code == forged.status_code == 200
        await env.until(lambda: len(recorder.seen) == 2)
        ids = [n.id for n in env.store.notifications()]
        assert recorder.seen == [
            (ids[0], "notification", True),
            (ids[1], "rejected", True),
        ]


async def test_a_failing_sink_neither_stops_intake_nor_the_other_sinks(tmp_path: Path) -> None:
    async with websub_env(tmp_path) as env:
        recorder = Recorder(env.store)
        env.subscriber.sinks.extend([Broken(), recorder])
        sub = await env.subscriber.subscribe("http://example.org/topic", env.hub.url)
        await env.subscriber.wait_settled(sub, 5)
        for n in range(2):  # two bodies: the same one twice would be a replay
            response = await env.hub.deliver(sub.callback_url, notification(n), secret=sub.secret)
            assert response.status_code == 200
        await env.until(lambda: len(recorder.seen) == 2)
        assert len(env.store.notifications()) == 2
        await env.until(lambda: len(env.of("notification")) == 2)
        await env.until(lambda: any("sink bug" in str(e.message or "") for e in env.of("error")))
