"""Event-loop lag while a 50,000-entry Resource List is fetched, validated and shown.

Reports the measured lag (printed and written to tests/output/ui_lag.txt); timings are
not asserted (they belong to tests/benchmarks/bench_ui_lag.py). What is asserted can
fail without a clock: the GUI loop kept running while the document arrived (a ticker on
it saw the XML source part-filled more than once, so its lines came in chunks between
which the window could repaint), and the document arrived complete.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from pathlib import Path

from aiohttp import web
from helpers.loopback import start_loopback

ENTRIES = 50_000
TICK = 0.01


def resource_list(count: int) -> bytes:
    rows = [
        f"<url><loc>http://127.0.0.1/r/{i}</loc><lastmod>2025-01-01T00:00:00Z</lastmod>"
        f'<rs:md hash="md5:{i:032x}" length="{i}" type="text/plain"/></url>'
        for i in range(count)
    ]
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:rs="http://www.openarchives.org/rs/terms/">\n'
        '<rs:md capability="resourcelist" at="2025-01-02T00:00:00Z"/>\n'
        + "\n".join(rows)
        + "\n</urlset>\n"
    ).encode()


async def serve(body: bytes) -> tuple[web.AppRunner, str]:
    async def handler(_request: web.Request) -> web.Response:
        return web.Response(body=body, content_type="application/xml")

    app = web.Application()
    app.router.add_get("/resourcelist.xml", handler)
    site = await start_loopback(app)
    return site.runner, site.url("/resourcelist.xml")


async def measure(window, url: str) -> tuple[list[float], set[int]]:
    """Lags (s) of a 10 ms ticker while the document is opened and fully displayed, and
    the XML source's line counts the ticker saw (each tick ran on the GUI loop)."""
    lags: list[float] = []
    seen: set[int] = set()
    done = asyncio.Event()

    async def ticker() -> None:
        while not done.is_set():
            start = time.perf_counter()
            await asyncio.sleep(TICK)
            lags.append(time.perf_counter() - start - TICK)
            seen.add(window.document_view.source.blockCount())

    task = asyncio.ensure_future(ticker())
    await window.open_source(url)
    view = window.document_view
    while view.entries.total < ENTRIES or view._source_task is None or not view._source_task.done():
        await asyncio.sleep(0.05)
    done.set()
    await task
    return lags, seen


def test_50000_entries_arrive_in_batches_while_the_loop_runs(
    window, run, capsys, output_dir: Path
) -> None:
    body = resource_list(ENTRIES)
    runner, url = run(serve(body))
    try:
        started = time.perf_counter()
        lags, seen = run(measure(window, url), timeout=60)
        elapsed = time.perf_counter() - started
    finally:
        run(runner.cleanup())
    view = window.document_view
    assert view.entries.total == ENTRIES
    assert view.source.blockCount() >= ENTRIES
    part_filled = sorted(count for count in seen if 1 < count < ENTRIES)
    assert len(part_filled) >= 2, f"the loop saw the XML part-filled only at {part_filled}"
    lags_ms = sorted(lag * 1000 for lag in lags)
    report = (
        f"UI event-loop lag while a {ENTRIES:,}-entry list ({len(body) / 1e6:.1f} MB) "
        f"was fetched, validated and shown in {elapsed:.1f} s: max {lags_ms[-1]:.0f} ms, "
        f"p99 {lags_ms[int(len(lags_ms) * 0.99)]:.0f} ms, "
        f"median {statistics.median(lags_ms):.1f} ms over {len(lags_ms)} ticks"
    )
    (output_dir / "ui_lag.txt").write_text(report + "\n", encoding="utf-8")
    with capsys.disabled():
        print("\n" + report)
