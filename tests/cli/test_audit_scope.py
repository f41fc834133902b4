"""``audit`` given one Capability List audits that set of resources alone, as
``resync-sync --audit --capabilitylist`` does; given the Source, every set (the CLI in its
own process, against the demo's two sets)."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

from explorer.demo import start_demo


async def _audit(url: str, dest: Path) -> dict:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "explorer",
        "audit",
        url,
        "--dest",
        str(dest),
        "--json",
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    async with asyncio.timeout(100):
        out, err = await proc.communicate()
    assert proc.returncode == 1, err.decode()  # an empty copy is not in sync
    return json.loads(out)


async def test_one_capability_list_is_audited_alone(tmp_path: Path) -> None:
    async with await start_demo(rate=0) as demo:
        dataset1 = demo.capability_list_urls[0]
        scoped = await _audit(dataset1, tmp_path)
        whole = await _audit(demo.source_description_url, tmp_path)
    created = [item["loc"] for item in scoped["items"] if item["verdict"] == "create"]
    assert created and all("/dataset1/" in loc for loc in created)
    assert scoped["source"] == dataset1
    assert scoped["counts"]["create"] == len(created)
    everything = [item["loc"] for item in whole["items"] if item["verdict"] == "create"]
    assert any("/dataset2/" in loc for loc in everything)
    assert whole["counts"]["create"] > scoped["counts"]["create"]


async def test_a_stray_list_the_url_names_is_no_part_of_the_audit(tmp_path: Path) -> None:
    from explorer.demo.flawed import FLAWED_PATH

    async with await start_demo(rate=0) as demo:
        stray = await _audit(demo.base_url + FLAWED_PATH, tmp_path)
        whole = await _audit(demo.source_description_url, tmp_path)
    assert stray["source"] == whole["source"] == demo.source_description_url
    assert stray["counts"] == whole["counts"]
