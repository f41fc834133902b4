"""``hub-check --lang ja`` names every exchange's kind in Japanese, the malformed
requests it sends on purpose included (「不正なリクエスト」, not ``bad-request``)."""

from __future__ import annotations

import asyncio
import os
import sys

from explorer.demo import start_demo


async def test_the_malformed_requests_kind_is_said_in_japanese() -> None:
    async with await start_demo(rate=0) as demo:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "explorer", "hub-check", demo.hub_url, "--lang", "ja",
            "--timeout", "2", "--quiet", "0.2", "--slow", "1",
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )  # fmt: skip
        async with asyncio.timeout(90):
            out, err = await proc.communicate()
    said = out.decode()
    assert "-> 不正なリクエスト" in said, said + err.decode()
    assert "-> bad-request" not in said  # the check itself is named bad-requests, as written
