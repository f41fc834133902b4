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
