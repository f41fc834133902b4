"""``inspect URL`` reports on the URL it was given (N-M2): a document outside the Source's
tree, such as the demo's example with problems, is validated on its own beside the Source
it leads to; a page that only leads to a Source adds nothing (the CLI in its own process)."""

from __future__ import annotations

import asyncio
import json
import os
import sys

from explorer.demo import start_demo
from explorer.demo.flawed import FLAWED_PATH


async def _inspect(*args: str) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "explorer",
        "inspect",
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    async with asyncio.timeout(100):
        out, err = await proc.communicate()
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_the_example_with_problems_is_validated_not_just_its_source() -> None:
    async with await start_demo(rate=0) as demo:
        url = demo.base_url + FLAWED_PATH
        status, out, err = await _inspect(url, "--depth", "1", "--lang", "en")
        json_status, json_out, _ = await _inspect(url, "--depth", "1", "--json")
    assert status == 1, out + err
    assert f"The document you gave, {url}, is not in the tree walked from this Source" in out
    assert "document.out-of-order" in out and "document.change-invalid" in out
    assert out.splitlines()[-1].endswith(": 6 errors, 1 warning, 0 notes")
    assert json_status == 1
    report = json.loads(json_out)
    assert report["given"] == url
    [given] = [doc for doc in report["documents"] if doc["url"] == url]
    assert {f["code"] for f in given["findings"]} >= {
        "document.out-of-order",
        "document.time-missing",
    }


async def test_a_page_that_leads_to_the_source_adds_no_given_document() -> None:
    async with await start_demo(rate=0) as demo:
        status, out, err = await _inspect(demo.base_url, "--depth", "1", "--json")
    assert status == 0, err
    report = json.loads(out)
    assert report["given"] is None
    assert report["source"] == demo.source_description_url
