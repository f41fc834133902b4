"""The forwarding engine as a service uses it: its state ("target down since …, N
waiting", the last answer), the answers kept with each delivery, and "forward again"."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from fake_hub import notification
from helpers.forward_receiver import Receiver
from helpers.listen_process import until

from explorer.net.http.retry_policy import RetryPolicy
from explorer.net.live.forwarding.forwarder import Forwarder, ForwardTarget, describe
from explorer.net.store.database import Store
from explorer.net.store.records import NotificationRecord

SECRET = "app-secret"
QUICK = RetryPolicy(retries=1_000_000, backoff=0.05, max_backoff=0.2)


def _record(n: int) -> NotificationRecord:
    return NotificationRecord(
        subscription_id="sub",
        topic="http://example.org/topic",
        received=0.0,
        status="notification",
        signature="valid",
        body=notification(n),
        headers=[("Link", '<http://example.org/hub>; rel="hub"')],
        content_type="application/xml",
    )


async def test_state_answers_and_forward_again(tmp_path: Path) -> None:
    receiver = Receiver(SECRET.encode())
    await receiver.up()
    url = receiver.url
    await receiver.down()  # the application is not running yet
    store = Store(tmp_path / "s.sqlite3")
    forwarder = Forwarder(store, ForwardTarget(url, SECRET, "sha512", retry=QUICK))
    try:
        await forwarder.start()
        ids = []
        for n in range(3):
            record = _record(n)
            ids.append(await store.add_notification(record, also=forwarder.queue_with("sub")))
            forwarder.delivered(record)
        await until(lambda: forwarder.state().down)
        state = forwarder.state()
        assert state.waiting == 3
        assert "target down since" in describe(state)
        assert "ClientConnectorError" in describe(state) or "none (" in describe(state)
        assert "転送先が応答しません" in describe(state, "ja")
        await receiver.up()
        await until(lambda: len(receiver.received) == 3)
        await until(lambda: forwarder.state().waiting == 0 and not forwarder.state().down)
        assert [item.number for item in receiver.received] == [0, 1, 2]
        assert all(item.verified for item in receiver.received)
        assert receiver.received[0].headers["X-Hub-Signature"].startswith("sha512=")
        answer = forwarder.answer(ids[0])
        assert answer is not None and answer.status == 200 and answer.body == "thanks"
        assert answer.attempts >= 2  # it was down for the first
        assert await forwarder.forward_again([ids[1], 999_999]) == 1
        await until(lambda: len(receiver.received) == 4)
        assert receiver.received[3].delivery == str(ids[1])
        await until(lambda: forwarder.outbox.count() == 0)  # answered rows deleted when idle
        kept = forwarder.outbox.answer(ids[1])
        assert kept is not None and kept.status == 200
    finally:
        await forwarder.close()
        await receiver.down()
        store.close()


async def test_a_clean_stop_leaves_nothing_answered_in_the_queue(tmp_path: Path) -> None:
    receiver = Receiver(SECRET.encode())
    await receiver.up()
    store = Store(tmp_path / "s.sqlite3")
    forwarder = Forwarder(store, ForwardTarget(receiver.url, SECRET, retry=QUICK))
    try:
        await forwarder.start()
        record = _record(1)
        await store.add_notification(record, also=forwarder.queue_with("sub"))
        forwarder.delivered(record)
        await until(lambda: len(receiver.received) == 1)
        await forwarder.close()  # before the idle settle: the answered row goes all the same
        assert forwarder.outbox.count() == 0
    finally:
        await forwarder.close()
        await receiver.down()
        store.close()


async def test_forward_again_never_vouches_for_a_replay_or_an_unsigned_delivery(
    tmp_path: Path,
) -> None:
    """The rule holds at the send: a stored replay (valid signature, rejected) and a
    delivery of a subscription without a secret, queued again, are answered "not
    verified" without being sent; the signed one between them still goes out signed."""
    receiver = Receiver(SECRET.encode())
    await receiver.up()
    store = Store(tmp_path / "s.sqlite3")
    forwarder = Forwarder(store, ForwardTarget(receiver.url, SECRET, retry=QUICK))
    try:
        await forwarder.start()
        replay = replace(_record(1), status="rejected")
        unsigned = replace(_record(2), signature="none")
        ids = [await store.add_notification(r) for r in (replay, _record(3), unsigned)]
        assert await forwarder.forward_again(ids) == 3
        await until(lambda: all(forwarder.answer(i) is not None for i in ids))
        held = [forwarder.answer(ids[0]), forwarder.answer(ids[2])]
        assert all(a is not None and a.error is not None for a in held)
        assert {a.error.key for a in held if a and a.error} == {"forwarding.not-verified"}
        assert [(item.number, item.verified) for item in receiver.received] == [(3, True)]
        assert "not forwarded: not verified" in describe(forwarder.state())
    finally:
        await forwarder.close()
        await receiver.down()
        store.close()
