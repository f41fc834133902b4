"""Long engine work (a whole-Source crawl into SQLite, a comparison, an audit) on a
thread and loop of its own, so neither the window nor the live side waits for it.

Each job gets a fresh ``LoopThread``: its SQLite connections are made and used on that
thread only, and cancelling the awaiting coroutine on the GUI loop cancels the job there.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

from explorer.net.loop_thread import LoopThread

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
