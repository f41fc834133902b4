"""``listen --forward`` as its own process never vouches for what nobody signed.

A 2012 HTTP-callback subscription (the form has no signature) and a ``--no-secret``
WebSub subscription accept posts from anyone who learns the callback URL. Forwarded
re-signed with the forward secret, a forged post would reach the application with a
valid ``X-Hub-Signature``. So only deliveries whose hub signature was valid are forwarded
signed; the rest are not forwarded (the outbox says why), or, with
``--forward-unverified``, forwarded without the forward signature and marked
``X-ResourceSync-Explorer-Verified: no``. The receiver checks signatures with its own
HMAC code (tests/helpers/forward_receiver.py).
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from fake_hub import FakeHub, notification
from helpers.forward_receiver import Receiver, forward_answers, forwarding_listen
from helpers.listen_process import until
from helpers.listen_session import listening
from helpers.source_2012 import change_set, source_2012

from explorer.core.push.signatures import sign
from explorer.net.live.forwarding.forward_outbox import ForwardAnswer

FORWARD_SECRET = "the-apps-own-secret"
VERIFIED_HEADER = "X-ResourceSync-Explorer-Verified"
FORGED = notification(1, "2026-01-01T00:00:00Z", "2026-01-01T00:00:30Z")


def _not_forwarded(answer: ForwardAnswer) -> bool:
    error = answer.error
    return answer.status is None and error is not None and error.key == "forwarding.not-verified"


async def _post(url: str, body: bytes, **headers: str) -> None:
    async with httpx.AsyncClient(timeout=10) as client:
        response = await client.post(
            url, content=body, headers={"Content-Type": "application/xml", **headers}
        )
    assert response.status_code == 200


def _arrived_unverified(receiver: Receiver) -> None:
    (item,) = receiver.received
    assert not item.verified  # no valid forward signature
    assert "X-Hub-Signature" not in item.headers
    assert item.headers[VERIFIED_HEADER] == "no"


async def test_a_forged_post_to_a_no_secret_subscription_is_not_forwarded(
    tmp_path: Path,
) -> None:
    store = tmp_path / "s.sqlite3"
    async with (
        FakeHub() as hub,
        forwarding_listen(hub, store, "--no-secret", secret=FORWARD_SECRET) as (listener, receiver),
    ):
        await _post(listener.callback, FORGED)  # anyone who learnt the callback URL
        await until(lambda: bool(receiver.received) or bool(forward_answers(store)))
        await until(lambda: bool(forward_answers(store)))
    assert receiver.received == []
    (answer,) = forward_answers(store)
    assert _not_forwarded(answer)


async def test_with_forward_unverified_a_forged_post_arrives_unsigned_and_marked(
    tmp_path: Path,
) -> None:
    async with (
        FakeHub() as hub,
        forwarding_listen(
            hub,
            tmp_path / "s.sqlite3",
            "--no-secret",
            "--forward-unverified",
            secret=FORWARD_SECRET,
        ) as (listener, receiver),
    ):
        await _post(listener.callback, FORGED)
        await until(lambda: bool(receiver.received))
    _arrived_unverified(receiver)


@pytest.mark.parametrize("opt_in", [False, True], ids=["default", "forward-unverified"])
async def test_a_post_to_a_2012_callback_is_never_forwarded_signed(
    tmp_path: Path, opt_in: bool
) -> None:
    store = tmp_path / "s.sqlite3"
    extra = ("--forward-unverified",) if opt_in else ()
    async with (
        Receiver(FORWARD_SECRET.encode()) as receiver,
        source_2012(forms=("callback",)) as source,
    ):
        args = ("--topic", source.changeset_url, "--store", str(store))
        forward = ("--forward", receiver.url, "--forward-secret", FORWARD_SECRET, *extra)
        async with listening(*args, *forward) as run:
            await run.until(lambda events: any(e["event"] == "subscribe-requested" for e in events))
            await until(lambda: bool(source.callbacks))
            body = change_set(("http://example.org/res1", "deleted", "2012-08-08T09:00:00Z"))
            await _post(source.callbacks[0], body)  # the 2012 form has no signature
            if opt_in:
                await until(lambda: bool(receiver.received))
            else:
                await until(lambda: bool(receiver.received) or bool(forward_answers(store)))
                await until(lambda: bool(forward_answers(store)))
    if opt_in:
        _arrived_unverified(receiver)
    else:
        assert receiver.received == []
        (answer,) = forward_answers(store)
        assert _not_forwarded(answer)


async def test_a_signed_delivery_is_still_forwarded_signed_with_forward_unverified(
    tmp_path: Path,
) -> None:
    async with (
        FakeHub() as hub,
        forwarding_listen(
            hub, tmp_path / "s.sqlite3", "--forward-unverified", secret=FORWARD_SECRET
        ) as (listener, receiver),
    ):
        await _post(listener.callback, FORGED)  # no signature: rejected, never stored
        signed = notification(2, "2026-01-01T00:00:30Z", "2026-01-01T00:01:00Z")
        await _post(listener.callback, signed, **{"X-Hub-Signature": sign(listener.secret, signed)})
        await until(lambda: bool(receiver.received))
    (item,) = receiver.received
    assert item.number == 2 and item.verified
    assert VERIFIED_HEADER not in item.headers
