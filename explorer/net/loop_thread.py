"""A private asyncio event loop on a thread of its own, for engines that serve the network.

The GUI runs asyncio through qasync, which routes every loop callback through a Qt timer
(about ten per delivery) and runs them only between the GUI's own work: a long layout
or a modal dialog would hold up a hub's 2xx. The callback server, the subscriber and
whatever shares their HTTP client therefore live on this loop, and code on any other
loop awaits them with ``run``. Objects made here (futures, locks, httpx clients) belong
to this loop: touch them only through ``run``, ``submit`` or ``call``.

An exception nobody awaited (a task that failed on its own, a callback that raised) is
logged, and handed to every hook in ``LoopThread.unhandled_hooks``: the test suite adds
one that fails the test.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
from collections.abc import Callable, Coroutine
from typing import Any, ClassVar, TypeVar

T = TypeVar("T")
log = logging.getLogger(__name__)


class LoopThread:
    """Start with ``start()``; ``stop()`` cancels what is left and joins the thread."""

    unhandled_hooks: ClassVar[list[Callable[[dict[str, Any]], None]]] = []

    def __init__(self, name: str = "explorer-net") -> None:
        self.name = name
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        if self._loop is None:
            raise RuntimeError(f"the {self.name} loop is not running")
        return self._loop

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        if self.running:
            return
        loop = asyncio.new_event_loop()
        ready = threading.Event()
        self._thread = threading.Thread(
            target=self._main, args=(loop, ready), name=self.name, daemon=True
        )
        self._thread.start()
        ready.wait()
        self._loop = loop

    def _main(self, loop: asyncio.AbstractEventLoop, ready: threading.Event) -> None:
        asyncio.set_event_loop(loop)
        loop.set_exception_handler(self._unhandled)
        loop.call_soon(ready.set)
        try:
            loop.run_forever()
            leftover = asyncio.all_tasks(loop)
            for task in leftover:
                task.cancel()
            loop.run_until_complete(asyncio.gather(*leftover, return_exceptions=True))
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.run_until_complete(loop.shutdown_default_executor())
        finally:
            loop.close()

    def _unhandled(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        log.error(
            "unhandled on the %s loop: %s",
            self.name,
            context.get("message", "error"),
            exc_info=(type(error), error, error.__traceback__) if error is not None else None,
        )
        for hook in list(self.unhandled_hooks):
            hook(context)

    def on_loop(self) -> bool:
        """Is the caller running on this loop's thread?"""
        return self._thread is not None and threading.current_thread() is self._thread

    def submit(self, coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        """Schedule ``coro`` on this loop from any thread."""
        try:
            return asyncio.run_coroutine_threadsafe(coro, self.loop)
        except RuntimeError:
            coro.close()  # never awaited: say nothing about it
            raise

    async def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Await ``coro`` on this loop from a coroutine on any loop; cancelling the caller
        cancels ``coro`` too."""
        if self.on_loop():
            return await coro
        return await asyncio.wrap_future(self.submit(coro))

    def call(self, function: Callable[..., Any], *args: Any) -> None:
        """Call ``function(*args)`` on this loop's thread, soon."""
        self.loop.call_soon_threadsafe(function, *args)

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the loop (its remaining tasks are cancelled) and wait for the thread."""
        thread, loop = self._thread, self._loop
        if thread is None or loop is None:
            return
        self._loop = None
        if thread.is_alive():
            loop.call_soon_threadsafe(loop.stop)
            thread.join(timeout)
        self._thread = None
