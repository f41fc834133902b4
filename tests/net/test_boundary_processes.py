"""The CLI facing a decompression bomb or a 1-byte/s trickle, measured from outside: each
command runs in its own process, and its peak resident memory is read with
``getrusage(RUSAGE_CHILDREN)`` in a parent that has no other child (docs/reliability.md)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from helpers.hostile_http import (
    BombServer,
    Measured,
    gzip_gzip_bomb,
    run_explorer,
    trickling_server,
)

PEAK_MB = 300  # the bomb decodes to 1 GiB; a bounded read stays far below this
HANG_S = 30.0  # a 3 s deadline must end the command well before this

NOTIFICATION = b"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:rs="http://www.openarchives.org/rs/terms/">
  <rs:md capability="change-notification" from="2026-01-01T00:00:00Z"/>
</urlset>
"""


@pytest.fixture
async def bomb() -> AsyncIterator[BombServer]:
    gzip_gzip_bomb()  # built before any command is timed
    async with BombServer() as server:
        yield server


@pytest.fixture
async def bomb_hub() -> AsyncIterator[BombServer]:
    """A hub that accepts every request (202) with the bomb as its answer's body."""
    gzip_gzip_bomb()
    async with BombServer(status=202) as server:
        yield server


@pytest.fixture
def payload(tmp_path: Path) -> str:
    path = tmp_path / "notification.xml"
    path.write_bytes(NOTIFICATION)
    return str(path)


def assert_bounded(run: Measured) -> None:
    """The read stopped at its cap: memory far below the decoded size, and each test's own
    assertion finds the too-large finding. How long that takes is a benchmark's to say
    (tests/benchmarks/bench_hostile_inputs.py), never a test's."""
    assert "Traceback" not in run.err, run.err
    assert run.peak_mb <= PEAK_MB, f"peak {run.peak_mb:.0f} MB"


async def test_validate_reports_a_bomb_as_too_large(bomb: BombServer) -> None:
    run = await run_explorer("validate", f"{bomb.base}/bomb.xml")
    assert_bounded(run)
    assert run.code == 1 and "http.too-large" in run.out


async def test_inspect_survives_a_bomb_at_every_path(bomb: BombServer) -> None:
    run = await run_explorer("inspect", f"{bomb.base}/bomb.xml")
    assert_bounded(run)
    assert run.code == 2 and "too-large" in run.out


async def test_listen_reports_a_hub_answering_with_a_bomb(
    bomb_hub: BombServer, tmp_path: Path
) -> None:
    run = await run_explorer(
        "listen",
        "--topic",
        "http://example.org/topic",
        "--hub",
        f"{bomb_hub.base}/hub",
        "--store",
        str(tmp_path / "store.sqlite3"),
    )
    assert_bounded(run)
    assert run.code == 1 and "http.too-large" in run.out


async def test_publish_reports_a_hub_answering_with_a_bomb(
    bomb_hub: BombServer, payload: str
) -> None:
    run = await run_explorer(
        "publish", f"{bomb_hub.base}/hub", "--topic", "http://example.org/topic", payload
    )
    assert_bounded(run)
    assert run.code == 1 and "http.too-large" in run.err


async def test_hub_check_survives_a_hub_answering_with_a_bomb(bomb_hub: BombServer) -> None:
    run = await run_explorer("hub-check", f"{bomb_hub.base}/hub", "--timeout", "2")
    assert_bounded(run)
    assert run.code == 1 and "BodyTooLarge" in run.out


async def test_validate_gives_up_on_a_trickle_at_its_timeout() -> None:
    async with trickling_server(interval=1.0) as base:
        run = await run_explorer("validate", f"{base}/slow.xml", "--timeout", "3", limit=60)
    assert run.wall < HANG_S, f"took {run.wall:.1f} s"
    assert run.code == 2
    assert run.err.strip().splitlines() == [
        f"{base}/slow.xml: cannot read: no complete answer within 3 s"
    ]


async def test_publish_gives_up_on_a_trickling_hub_at_its_timeout(payload: str) -> None:
    async with trickling_server(interval=1.0) as base:
        run = await run_explorer(
            "publish",
            f"{base}/hub",
            "--topic",
            "http://example.org/topic",
            payload,
            "--timeout",
            "3",
            limit=60,
        )
    assert run.wall < HANG_S, f"took {run.wall:.1f} s"
    assert run.code == 1 and "no complete answer within 3 s" in run.err
