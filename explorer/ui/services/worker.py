"""Long engine work (a whole-Source crawl into SQLite, a comparison, an audit) on a
thread and loop of its own, so neither the window nor the live side waits for it.

Each job gets a fresh ``LoopThread``: its SQLite connections are made and used on that
thread only, and cancelling the awaiting coroutine on the GUI loop cancels the job there.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, TypeVar

from explorer.net.http.fetcher import Exchange, Fetcher
from explorer.net.loop_thread import LoopThread

if TYPE_CHECKING:
    from explorer.ui.services.engines import Engines

T = TypeVar("T")


async def off_gui(coro: Coroutine[Any, Any, T], name: str) -> T:
    """Await ``coro`` run on a new thread named ``name``; the thread ends with it."""
    thread = LoopThread(name)
    thread.start()
    try:
        return await thread.run(coro)
    finally:
        # joining may wait for a query that is still running: not on the GUI loop
        asyncio.get_running_loop().run_in_executor(None, thread.stop)


def request_counter(progress: Callable[[int], object]) -> Callable[[Exchange], None]:
    """A fetcher's ``on_exchange`` hook for a job: called on the job's thread, it tells
    ``progress`` how many requests were made so far, on the caller's (the GUI) loop."""
    gui = asyncio.get_running_loop()
    count = 0

    def counted(_exchange: Exchange) -> None:
        nonlocal count
        count += 1
        gui.call_soon_threadsafe(progress, count)

    return counted


def job_fetcher(engines: Engines, on_exchange: Callable[[Exchange], None]) -> Fetcher:
    """A fetcher for a job's own loop, with the window's timeouts, retries, credentials
    and network settings (made on the job's thread: its client belongs to that loop)."""
    return Fetcher(
        timeout=engines.fetch_timeouts,
        retries=engines.fetch_retries,
        access=engines.access,
        on_exchange=on_exchange,
    )
