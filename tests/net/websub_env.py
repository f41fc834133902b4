"""A subscriber wired to a temp store and a callback server on 127.0.0.1:0, plus a fake hub."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fake_hub import FakeHub

from explorer.net.live.callback.callback_server import CallbackServer
from explorer.net.live.subscriber import Subscriber, SubscriberConfig
from explorer.net.live.subscriber_events import SubscriberEvent
from explorer.net.store.database import Store
from explorer.net.store.exchange_log import ExchangeLog

FAST = SubscriberConfig(
    retries=2, backoff=0.05, request_timeout=2.0, verification_timeout=5.0, min_renew_delay=0.05
)


class Env:
    def __init__(
        self, store: Store, server: CallbackServer, subscriber: Subscriber, hub: FakeHub
    ) -> None:
        self.store, self.server, self.subscriber, self.hub = store, server, subscriber, hub
        self.events: list[SubscriberEvent] = []
        subscriber.listeners.append(self.events.append)

    def names(self) -> list[str]:
        return [event.event for event in self.events]

    def of(self, name: str) -> list[SubscriberEvent]:
        return [event for event in self.events if event.event == name]

    async def until(self, predicate: Callable[[], Any], timeout: float = 5.0) -> None:
        async with asyncio.timeout(timeout):
            while not predicate():
                await asyncio.sleep(0.01)


@asynccontextmanager
async def websub_env(
    tmp_path: Path,
    *,
    config: SubscriberConfig = FAST,
    hub: FakeHub | None = None,
    port: int = 0,
    **server_options: Any,
):
    store = Store(tmp_path / "explorer.sqlite3")
    server = CallbackServer("127.0.0.1", port, exchange_log=ExchangeLog(store), **server_options)
    await server.start()
    subscriber = Subscriber(store, server, config=config)
    own_hub = hub is None
    hub = hub or FakeHub()
    try:
        if own_hub:
            await hub.__aenter__()
        env = Env(store, server, subscriber, hub)
        await subscriber.start()
        yield env
    finally:
        await subscriber.close()
        await server.stop()
        if own_hub:
            await hub.__aexit__(None, None, None)
        store.close()
