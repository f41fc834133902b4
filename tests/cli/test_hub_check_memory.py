"""``hub-check --memory`` and ``--hub-restart`` as a user types them, against the demo hub:
the restart command is a real process, and the verdicts read in either language."""

from __future__ import annotations

import asyncio
import json
import shlex
import sys
from collections.abc import AsyncIterator

import pytest

from explorer.cli import main
from explorer.cli.hub_check import configure
from explorer.core import catalog
from explorer.demo import RunningDemo, start_demo
from explorer.net.conformance import CHECKS, MEMORY_CHECKS

FAST = ["--timeout", "3", "--quiet", "0.2", "--slow", "2", "--settle", "0.1"]


@pytest.fixture
async def demo() -> AsyncIterator[RunningDemo]:
    running = await start_demo(rate=0, retry_delay=0.1)
    try:
        yield running
    finally:
        await running.stop()


async def _cli(*argv: str) -> int:
    return await asyncio.to_thread(main, list(argv))


def _restart(demo: RunningDemo) -> str:
    url = demo.base_url + "demo/hub/restart"
    code = f"import urllib.request as u; u.urlopen(u.Request({url!r}, method='POST'))"
    return shlex.join([sys.executable, "-c", code])


async def test_hub_restart_runs_the_restart_check_with_the_command(demo: RunningDemo, capsys):
    demo.faults.enable("restart-forgets")
    argv = ["hub-check", demo.hub_url, "--topic", demo.channels[0].topic, *FAST, "--json"]
    code = await _cli(*argv, "--check", "retries", "--hub-restart", _restart(demo))
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    by_check = {line["check"]: line for line in lines}
    assert list(by_check) == ["retries", "restart"]
    assert code == 1
    assert by_check["retries"]["outcome"] == "pass"
    assert by_check["retries"]["facts"]["answers"] == [503, 503, 200]
    restart = by_check["restart"]
    assert restart["outcome"] == "fail"
    assert [f["code"] for f in restart["findings"]] == ["hub.forgot-after-restart"]
    assert {"subscribe", "delivery"} <= {e["kind"] for e in restart["evidence"]}


async def test_restart_in_japanese_names_the_check_and_cites_websub(demo: RunningDemo, capsys):
    argv = ["hub-check", demo.hub_url, "--topic", demo.channels[0].topic, *FAST]
    code = await _cli(*argv, "--lang", "ja", "--check", "restart", "--hub-restart", _restart(demo))
    out = capsys.readouterr().out
    assert code == 0, out
    assert catalog.text("conformance.check.restart", "ja") in out
    assert "再起動のコマンドから" in out and "（WebSub §7）" in out


def test_memory_adds_the_memory_checks_after_the_usual_ones():
    import argparse

    from explorer.cli.hub_check import _wanted

    parser = argparse.ArgumentParser()
    configure(parser)
    hub = "http://127.0.0.1:1/hub"
    assert _wanted(parser.parse_args([hub])) is None  # the usual run
    assert _wanted(parser.parse_args([hub, "--memory"])) == [*CHECKS, *MEMORY_CHECKS]
    only = parser.parse_args([hub, "--check", "gone-410", "--memory"])
    assert _wanted(only) == ["gone-410", *(c for c in MEMORY_CHECKS if c != "gone-410")]
    restart = parser.parse_args([hub, "--check", "publish", "--hub-restart", "true"])
    assert _wanted(restart) == ["publish", "restart"]
