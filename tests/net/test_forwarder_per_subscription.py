"""Two subscriptions forwarded to two applications from one store (the window's case):
each forwarder drains only its subscription's rows of the outbox, in order, and counts
only those as waiting."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from helpers.forward_receiver import Receiver
from helpers.listen_process import until
from test_forwarder import QUICK, SECRET, _record

from explorer.net.live.forwarding.forwarder import Forwarder, ForwardTarget
from explorer.net.store.database import Store


async def test_each_subscription_goes_to_its_own_target(tmp_path: Path) -> None:
    first, second = Receiver(SECRET.encode()), Receiver(SECRET.encode())
    await first.up()
    await second.up()
    store = Store(tmp_path / "s.sqlite3")
    forwarders = {
        sub: Forwarder(store, ForwardTarget(receiver.url, SECRET, retry=QUICK), sub)
        for sub, receiver in (("a", first), ("b", second))
    }
    try:
        for forwarder in forwarders.values():
            await forwarder.start()
        for n in range(6):
            sub = "a" if n % 2 == 0 else "b"
            record = replace(_record(n), subscription_id=sub)
            await store.add_notification(record, also=forwarders[sub].queue_with(sub))
            for forwarder in forwarders.values():
                forwarder.delivered(record)
        await until(lambda: len(first.received) == 3 and len(second.received) == 3)
        assert [item.number for item in first.received] == [0, 2, 4]
        assert [item.number for item in second.received] == [1, 3, 5]
        await until(lambda: all(f.state().waiting == 0 for f in forwarders.values()))
    finally:
        for forwarder in forwarders.values():
            await forwarder.close()
        store.close()
        await first.down()
        await second.down()
