"""Suite-wide setup. The Qt platform must be chosen before anything imports Qt (GUIDE §7)."""

import os
from collections.abc import AsyncIterator

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")

import pytest

from explorer.demo import RunningDemo, start_demo


@pytest.fixture
async def demo() -> AsyncIterator[RunningDemo]:
    """The embedded demo Source and hub on 127.0.0.1, port 0, publishing nothing by itself;
    test modules that need other demo options define their own ``demo``."""
    running = await start_demo(rate=0)
    try:
        yield running
    finally:
        await running.stop()
