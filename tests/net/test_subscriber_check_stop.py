"""A subscriber-check run that is cancelled (Stop in the window, Ctrl+C on the command
line) returns only once every subscriber it started has been stopped: a test still
waiting its turn must not let the run end while another test's subscriber is stopping."""

from __future__ import annotations

import asyncio
import contextlib

from explorer.net.subscribers import ChannelUrls, Launched, SubscriberSettings, run_subscriber_check


class _SlowToStop:
    """A subscriber that never subscribes and takes a while to stop, as one unsubscribing
    on its way out does; it notes when it was started and when it has stopped."""

    reads_topic = reads_caplist = can_stop = True

    def __init__(self) -> None:
        self.started = asyncio.Event()
        self.stopped = False

    async def launch(self, test_id: str, urls: ChannelUrls) -> Launched:
        self.started.set()
        return self

    def exit_status(self) -> int | None:
        return None

    async def stop(self) -> None:
        await asyncio.sleep(0.2)  # a real subscriber's unsubscribe takes this long or more
        self.stopped = True


async def test_a_cancelled_run_returns_after_its_subscriber_has_stopped() -> None:
    subscriber = _SlowToStop()
    run = asyncio.ensure_future(
        run_subscriber_check(
            subscriber,
            settings=SubscriberSettings(timeout=60.0),
            only=["discovery-link-header", "verify-status"],  # the second waits its turn
        )
    )
    await asyncio.wait_for(subscriber.started.wait(), 30)
    run.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await run
    assert subscriber.stopped
