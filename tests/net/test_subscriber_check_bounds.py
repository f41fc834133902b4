"""subscriber-check reads a subscriber under test within bounds: an answer that never
ends, fast or slow, is cut by bytes or by seconds, and the test still gets its verdict."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest
from aiohttp import web

from explorer.core.subscribers import Verdict
from explorer.net.subscribers import ChannelUrls, Launched, SubscriberSettings, run_subscriber_check
from explorer.net.subscribers.bench import MAX_ANSWER_BYTES


class _Endless:
    """Subscribes, then answers its verification with a body that never ends."""

    reads_topic = reads_caplist = can_stop = True

    def __init__(self, chunk: bytes, pause: float) -> None:
        self.chunk, self.pause = chunk, pause
        self.sent = 0

    async def __aenter__(self) -> _Endless:
        app = web.Application()
        app.router.add_get("/cb", self._answer)
        self.runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self.runner.setup()
        await web.TCPSite(self.runner, "127.0.0.1", 0).start()
        self.callback = f"http://127.0.0.1:{self.runner.addresses[0][1]}/cb"
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.runner.cleanup()

    async def _answer(self, request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse()
        await response.prepare(request)
        while True:  # until the bench hangs up
            await response.write(self.chunk)
            self.sent += len(self.chunk)
            await asyncio.sleep(self.pause)

    async def launch(self, test_id: str, urls: ChannelUrls) -> Launched:
        form = {"hub.mode": "subscribe", "hub.topic": urls.topic, "hub.callback": self.callback}
        async with aiohttp.ClientSession() as session, session.post(urls.hub, data=form) as sent:
            assert sent.status == 202
        return self

    def exit_status(self) -> int | None:
        return None

    async def stop(self) -> None:
        return None


@pytest.mark.parametrize(
    ("chunk", "pause", "said"),
    [(b"x" * 65536, 0.0, "65,536 bytes"), (b"x", 0.05, "1 s")],
    ids=["bytes", "seconds"],
)
async def test_an_endless_verification_answer_is_cut_and_judged(
    chunk: bytes, pause: float, said: str
) -> None:
    settings = SubscriberSettings(timeout=3.0, request_timeout=1.0)
    async with _Endless(chunk, pause) as endless:
        async with asyncio.timeout(20):
            (result,) = await run_subscriber_check(
                endless, settings=settings, only=["verify-challenge"]
            )
    assert result.verdict is Verdict.FAIL  # what was read was no challenge
    (verification,) = [r for r in result.exchanges if r.kind == "verification"]
    assert verification.response_size is not None
    assert verification.response_size <= MAX_ANSWER_BYTES
    assert verification.error is not None and said in verification.error


@pytest.mark.parametrize(
    "form",
    [
        {"hub.mode": "subscribe", "hub.topic": "x", "hub.callback": "y" * 100_000},
        {"hub.mode": "subscribe", "hub.topic": "http://[::1", "hub.callback": "http://[::1"},
        {
            "hub.mode": "subscribe",
            "hub.topic": "CHANNEL",
            "hub.callback": "http://127.0.0.1:9/",
            "hub.lease_seconds": "9" * 5000,
        },
    ],
    ids=["too-long", "unparseable-urls", "lease-of-5000-digits"],
)
async def test_the_bench_hub_answers_odd_requests_without_a_traceback(
    form: dict[str, str],
) -> None:
    from explorer.net.http.bounded_body import bounded_client
    from explorer.net.store.exchange_log import ExchangeLog
    from explorer.net.subscribers.bench import Bench

    async with bounded_client(2.0) as client:
        bench = Bench(client, ExchangeLog(), 1.0)
        await bench.start()
        try:
            channel = bench.channel(60)
            form = {k: (channel.topic if v == "CHANNEL" else v) for k, v in form.items()}
            answer = await client.post(bench.hub_url, data=form)
        finally:
            await bench.stop()
    assert answer.status_code in (202, 400, 404, 413)
    if "hub.lease_seconds" in form:
        assert channel.requests[0].lease is None  # no lease, and no int() of 5000 digits
