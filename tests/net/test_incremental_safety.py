"""Incremental safety held against the reference client: changes planted backdated behind a
stored snapshot are flagged, and ``resync-sync --incremental --from <snapshot time>``
(resync 2.0.1, a test dependency, run as its own process) shows each flagged change
missing from the local copy after its run, while every change it does pick up is not
flagged."""

from __future__ import annotations

import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from helpers.planted_copy import put_file
from helpers.third_party_source import Change, Listed, SourceFiles, build_source, serving

from explorer.core import catalog
from explorer.core.words.messages import render_message
from explorer.net.history.incremental_safety import BackdatingWork
from explorer.net.history.snapshot_store import SnapshotStore, take_snapshot
from explorer.net.http.fetcher import Fetcher
from explorer.net.source.streamed_crawl import crawl_streamed
from explorer.net.store.database import Store

EARLY = "2024-03-01T10:00:00Z"
NAMES = ("a", "b", "c", "d", "e", "f")
BACKDATED = ("b", "d")
"""Changed after the snapshot, their change dated before it."""
ON_TIME = ("c", "e")
"""Changed after the snapshot, their change dated after it."""


def _w3c(moment: float) -> str:
    return datetime.fromtimestamp(moment, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _publish(
    base: str, files: SourceFiles, bodies: dict[str, bytes], changes: list[Change]
) -> None:
    for name, body in bodies.items():
        files.documents[f"/data/{name}.txt"] = body
    listed = [Listed(f"/data/{n}.txt", EARLY, len(bodies[n])) for n in NAMES]
    build_source(base, files, [listed], changes, EARLY, EARLY)


def _resync_incremental(base: str, folder: Path, since: str, workdir: Path) -> str:
    """Run the referee in ``workdir``: resync-sync writes its client state file
    (.resync-client-status.cfg) where it runs."""
    beside = Path(sys.executable).with_name("resync-sync")
    command = str(beside) if beside.exists() else shutil.which("resync-sync")
    assert command is not None, "resync 2.0.1 (a test dependency) provides resync-sync"
    done = subprocess.run(
        [command, "--incremental", "--from", since, f"{base}={folder}"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=workdir,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


async def test_backdated_changes_are_the_ones_resync_misses(tmp_path: Path) -> None:
    files = SourceFiles()
    copy = tmp_path / "copy"
    old = {n: f"{n} as first published\n".encode() for n in NAMES}
    # an old change, already in the snapshot and dated before it: no harvester misses it
    held = [Change("/data/a.txt", "updated", EARLY, EARLY, len(old["a"]))]
    store_path = tmp_path / "store.db"
    with serving(files) as base:
        _publish(base, files, old, held)
        for name, body in old.items():  # the copy a harvester had made by the snapshot
            put_file(copy, f"{name}.txt", body, EARLY)
        store = Store(store_path)
        snapshots = SnapshotStore(store)
        try:
            async with Fetcher(retries=0) as fetcher:
                info, _ = await take_snapshot(base + "/", fetcher, snapshots)
        finally:
            snapshots.close()
            store.close()
        since = _w3c(info.taken)
        # dated in the second after the snapshot's (resync compares whole seconds)
        after = _w3c(int(info.taken) + 1)
        before = _w3c(info.taken - 3600)
        new = {**old, **{n: f"{n} changed later\n".encode() for n in BACKDATED + ON_TIME}}
        changes = held + [
            Change(
                f"/data/{n}.txt", "updated", before if n in BACKDATED else after, None, len(new[n])
            )
            for n in BACKDATED + ON_TIME
        ]
        _publish(base, files, new, changes)
        with BackdatingWork(store_path, base + "/") as work:
            async with Fetcher(retries=0) as fetcher:
                await crawl_streamed(base + "/", fetcher, work.add_document)
            report = work.finish()
        output = _resync_incremental(base, copy, since, tmp_path)
    flagged = report.backdated()
    assert flagged == [f"{base}/data/{n}.txt" for n in BACKDATED], output
    assert report.snapshots == [info.id]
    for name in BACKDATED:  # the referee's own result: still the old body
        assert (copy / "data" / f"{name}.txt").read_bytes() == old[name], output
    for name in ON_TIME:  # picked up by the referee, and not flagged
        assert (copy / "data" / f"{name}.txt").read_bytes() == new[name], output
    for item in report.findings:
        assert since in item.message
        assert render_message(item, catalog.JAPANESE) != item.message


async def test_windows_of_a_change_list_index_with_a_gap_and_an_overlap() -> None:
    ns = (
        'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
        ' xmlns:rs="http://www.openarchives.org/rs/terms/"'
    )
    files = SourceFiles()
    with serving(files) as base:
        windows = {
            "/cl1.xml": 'from="2024-01-01T00:00:00Z" until="2024-02-01T00:00:00Z"',
            "/cl2.xml": 'from="2024-02-02T00:00:00Z" until="2024-03-01T00:00:00Z"',
            "/cl3.xml": 'from="2024-02-15T00:00:00Z"',
        }
        up = f'<rs:ln rel="up" href="{base}/capabilitylist.xml"/>'
        for path, md in windows.items():
            files.documents[path] = (
                f'<urlset {ns}>{up}<rs:ln rel="index" href="{base}/changelist-index.xml"/>'
                f'<rs:md capability="changelist" {md}/></urlset>'
            ).encode()
        files.documents["/changelist-index.xml"] = (
            f'<sitemapindex {ns}>{up}<rs:md capability="changelist" from="2024-01-01T00:00:00Z"/>'
            + "".join(f"<sitemap><loc>{base}{p}</loc></sitemap>" for p in windows)
            + "</sitemapindex>"
        ).encode()
        files.documents["/capabilitylist.xml"] = (
            f'<urlset {ns}><rs:md capability="capabilitylist"/>'
            f'<url><loc>{base}/changelist-index.xml</loc><rs:md capability="changelist"/></url>'
            "</urlset>"
        ).encode()
        with BackdatingWork(None, base + "/capabilitylist.xml") as work:
            async with Fetcher(retries=0) as fetcher:
                await crawl_streamed(base + "/capabilitylist.xml", fetcher, work.add_document)
            report = work.finish()
    found = [(f.code, f.params and f.params["first"], f.url) for f in report.findings]
    assert found == [
        ("harvest.window-gap", f"{base}/cl1.xml", f"{base}/cl2.xml"),
        ("harvest.window-overlap", f"{base}/cl2.xml", f"{base}/cl3.xml"),
    ]
