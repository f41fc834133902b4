"""``validate`` reads and checks a target with no cyclic garbage collection.

A long list's entries hold no reference cycles and are freed by their reference counts,
so every collection while they live only walks them (``cyclic_gc_off`` says how much).
The command runs in a fresh interpreter through a wrapper that counts the collections
made while ``validate_target`` runs: a work count, not a time.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from explorer.core.safe_xml import STREAM_CHUNK

ROOT = Path(__file__).resolve().parents[2]

WRAPPER = """
import gc, runpy, sys
import explorer.cli.validate as command

collections = []
inner = command.validate_target

def counted(*args, **kwargs):
    callback = lambda phase, info: phase == "start" and collections.append(info["generation"])
    gc.callbacks.append(callback)
    try:
        return inner(*args, **kwargs)
    finally:
        gc.callbacks.remove(callback)

command.validate_target = counted
sys.argv = ["explorer", *sys.argv[1:]]
try:
    runpy.run_module("explorer", run_name="__main__")
except SystemExit as exc:
    status = exc.code
print(status, gc.isenabled(), len(collections), file=sys.stderr)
"""


def resource_list(count: int) -> bytes:
    entries = "".join(
        f"<url><loc>https://example.org/{i}</loc><lastmod>2026-11-01T00:00:00Z</lastmod>"
        f'<rs:md hash="md5:{i:032x}" length="{i}" type="text/plain"/></url>\n'
        for i in range(count)
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:rs="http://www.openarchives.org/rs/terms/">\n'
        '<rs:md capability="resourcelist" at="2026-11-02T00:00:00Z"/>\n'
        f"{entries}</urlset>\n"
    ).encode()


def test_a_streamed_list_is_read_and_checked_with_no_collection(tmp_path: Path) -> None:
    document = tmp_path / "resourcelist.xml"
    document.write_bytes(resource_list(5_000))
    assert document.stat().st_size > 8 * STREAM_CHUNK  # read in batches, not as one tree
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", WRAPPER, "validate", "--json", str(document)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    status, enabled, collections = done.stderr.strip().splitlines()[-1].split()
    assert status == "0", done.stderr
    assert enabled == "True"  # switched back on once the target is done
    assert collections == "0"  # one promotion per batch and then a full collection before
