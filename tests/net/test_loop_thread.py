"""LoopThread: a private asyncio loop on its own thread, driven from other loops and threads."""

from __future__ import annotations

import asyncio
import gc
import threading
import warnings
from collections.abc import Iterator

import pytest

from explorer.net.loop_thread import LoopThread


@pytest.fixture
def net() -> Iterator[LoopThread]:
    loop_thread = LoopThread(name="test-net")
    loop_thread.start()
    yield loop_thread
    loop_thread.stop()


async def test_run_from_another_loop_returns_the_result_computed_on_the_loop_thread(
    net: LoopThread,
) -> None:
    async def work(x: int) -> tuple[int, threading.Thread, asyncio.AbstractEventLoop]:
        await asyncio.sleep(0)
        return x * 2, threading.current_thread(), asyncio.get_running_loop()

    value, thread, loop = await net.run(work(21))
    assert value == 42
    assert thread is not threading.current_thread() and thread.name == "test-net"
    assert loop is net.loop and loop is not asyncio.get_running_loop()


async def test_run_raises_the_coroutines_exception(net: LoopThread) -> None:
    async def fail() -> None:
        await asyncio.sleep(0)
        raise ValueError("broken on the net loop")

    with pytest.raises(ValueError, match="broken on the net loop"):
        await net.run(fail())


async def test_cancelling_the_awaiting_task_cancels_the_coroutine_on_the_loop_thread(
    net: LoopThread,
) -> None:
    started, cancelled, finished = threading.Event(), threading.Event(), threading.Event()
    seen_on: list[bool] = []

    async def long_job() -> None:
        started.set()
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            seen_on.append(net.on_loop())
            cancelled.set()
            raise
        finally:
            finished.set()

    caller = asyncio.ensure_future(net.run(long_job()))
    assert await asyncio.to_thread(started.wait, 10)
    caller.cancel()
    with pytest.raises(asyncio.CancelledError):
        await caller
    assert await asyncio.to_thread(cancelled.wait, 10)
    assert await asyncio.to_thread(finished.wait, 10)
    assert seen_on == [True]  # the CancelledError was raised on the loop's own thread


def test_submit_works_from_a_plain_thread(net: LoopThread) -> None:
    async def work() -> tuple[str, bool]:
        await asyncio.sleep(0.01)
        return threading.current_thread().name, net.on_loop()

    results: list[object] = []

    def plain() -> None:
        results.append(net.submit(work()).result(timeout=10))

    thread = threading.Thread(target=plain)
    thread.start()
    thread.join(15)
    assert results == [("test-net", True)]


def test_on_loop_is_true_only_on_the_loops_thread() -> None:
    net = LoopThread(name="test-net")
    assert not net.on_loop()  # not started
    net.start()
    try:
        assert net.running and not net.on_loop()

        async def ask() -> bool:
            return net.on_loop()

        assert net.submit(ask()).result(timeout=10) is True
        called = threading.Event()
        via_call: list[bool] = []

        def callback() -> None:
            via_call.append(net.on_loop())
            called.set()

        net.call(callback)
        assert called.wait(10) and via_call == [True]
        from_plain: list[bool] = []
        other = threading.Thread(target=lambda: from_plain.append(net.on_loop()))
        other.start()
        other.join(10)
        assert from_plain == [False]
    finally:
        net.stop()
    assert not net.on_loop()


def test_stop_cancels_leftover_tasks_and_joins_the_thread() -> None:
    net = LoopThread(name="test-net")
    net.start()
    started, finished = threading.Event(), threading.Event()

    async def forever() -> None:
        started.set()
        try:
            await asyncio.Event().wait()
        finally:
            finished.set()

    async def which_thread() -> threading.Thread:
        return threading.current_thread()

    thread = net.submit(which_thread()).result(timeout=10)
    future = net.submit(forever())
    assert started.wait(10)

    net.stop()
    assert finished.is_set()  # its finally ran before stop() returned
    assert future.cancelled()  # a waiter on submit() is not left hanging
    assert not thread.is_alive() and not net.running
    with pytest.raises(RuntimeError):
        _ = net.loop

    net.stop()  # a second stop is harmless
    assert not net.running


def test_submit_after_stop_raises_without_a_never_awaited_warning() -> None:
    net = LoopThread(name="test-net")
    net.start()
    net.stop()

    async def job() -> None:
        await asyncio.sleep(0)

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(RuntimeError):
            net.submit(job())
        with pytest.raises(RuntimeError):
            LoopThread(name="never-started").submit(job())
        gc.collect()  # drop the refused coroutines (held by the tracebacks until now)
    never_awaited = [w for w in caught if "never awaited" in str(w.message)]
    assert never_awaited == []


async def test_run_after_stop_raises(net: LoopThread) -> None:
    net.stop()

    async def job() -> int:
        return 1

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(RuntimeError):
            await net.run(job())
        gc.collect()
    assert [w for w in caught if "never awaited" in str(w.message)] == []


def test_an_unhandled_error_is_logged_and_handed_to_the_hooks(
    net: LoopThread, net_loop_errors: list[dict], caplog: pytest.LogCaptureFixture
) -> None:
    def broken() -> None:
        raise ValueError("a callback nobody awaits")

    done = threading.Event()
    net.call(broken)
    net.call(done.set)
    assert done.wait(10)
    [context] = net_loop_errors
    assert isinstance(context["exception"], ValueError)
    assert "unhandled on the test-net loop" in caplog.text
    net_loop_errors.clear()  # seen: the suite's fixture must not fail this test
