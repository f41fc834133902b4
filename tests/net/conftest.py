"""Fixtures shared by the net tests."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from explorer.net.live.callback.callback_server import CallbackServer
from explorer.net.store.exchange_log import ExchangeLog


@pytest.fixture
async def callback_server() -> AsyncIterator[CallbackServer]:
    """A started callback server on 127.0.0.1, port 0, with an exchange log; stopped after."""
    server = CallbackServer("127.0.0.1", 0, exchange_log=ExchangeLog())
    await server.start()
    try:
        yield server
    finally:
        await server.stop()
