"""Large unsigned deliveries sent at once to a running ``listen``, and what they cost it:
its peak memory, the store's growth, and then ``export``'s peak memory on that store.
Shared by the suite's test and ``tests/benchmarks/bench_big_deliveries.py``."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from pathlib import Path

import httpx

from helpers.hostile_http import run_explorer
from helpers.listen_process import running_listen

MB = 1_000_000


def store_bytes(store: Path) -> int:
    """The store file with SQLite's side files."""
    names = (store, store.with_name(store.name + "-wal"), store.with_name(store.name + "-shm"))
    return sum(name.stat().st_size for name in names if name.exists())


@dataclass
class BigDeliveries:
    answers: list[int | str]
    listen_peak_mb: float
    store_growth_mb: float
    export_peak_mb: float
    export_code: int


async def send_big_unsigned(hub: object, folder: Path, count: int, size: int) -> BigDeliveries:
    """``count`` deliveries of ``size`` bytes with no signature, all at once, to a ``listen``
    whose subscription has a secret; then ``export`` of its store."""
    store = folder / "s.sqlite3"
    body = b"<x>" + b"a" * (size - 7) + b"</x>"
    async with running_listen(hub, store) as listener:  # type: ignore[arg-type]
        before = store_bytes(store)

        async def one(client: httpx.AsyncClient) -> int | str:
            try:
                headers = {"Content-Type": "application/xml"}
                response = await client.post(listener.callback, content=body, headers=headers)
            except httpx.HTTPError as exc:
                return type(exc).__name__
            return response.status_code

        limits = httpx.Limits(max_connections=count)
        async with httpx.AsyncClient(timeout=120, limits=limits) as client:
            answers = list(await asyncio.gather(*(one(client) for _ in range(count))))
        peak = listener.peak_rss_mb()
    growth = (store_bytes(store) - before) / MB  # listen has stopped: all of it committed
    exported = await run_explorer("export", "--store", str(store), "--out", str(folder / "out"))
    return BigDeliveries(answers, peak, growth, exported.peak_mb, exported.code)
