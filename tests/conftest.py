"""Suite-wide setup. The Qt platform must be chosen before anything imports Qt (GUIDE §7)."""

import os
from collections.abc import AsyncIterator, Iterator

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

import pytest

from explorer.demo import RunningDemo, start_demo


@pytest.fixture(autouse=True)
def net_loop_errors() -> Iterator[list[dict]]:
    """An exception left unhandled on a net loop thread fails the test that caused it."""
    from explorer.net.loop_thread import LoopThread

    errors: list[dict] = []
    LoopThread.unhandled_hooks.append(errors.append)
    yield errors
    LoopThread.unhandled_hooks.remove(errors.append)
    assert not errors, f"unhandled on a net loop: {errors}"


@pytest.fixture
async def demo() -> AsyncIterator[RunningDemo]:
    """The embedded demo Source and hub on 127.0.0.1, port 0, publishing nothing by itself;
    test modules that need other demo options define their own ``demo``."""
    running = await start_demo(rate=0)
    try:
        yield running
    finally:
        await running.stop()
