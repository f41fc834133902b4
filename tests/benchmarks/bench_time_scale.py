"""Benchmark: a Source of 1,000,000 resources (a Resource List Index of 20 lists of
50,000) snapshotted, compared with a modified copy, and audited against a local folder.

The Source (Source Description at ``/.well-known/resourcesync``, Capability List, index,
lists and a Change List) is written to a temp folder and served by a separate
``python -m http.server`` on 127.0.0.1. Each step runs the CLI as its own process under
``/usr/bin/time -v``, which reports its peak resident memory from outside:

1. ``inspect URL --save --label before``;
2. the Source is modified (1% of resources re-dated, 0.2% removed, 0.2% added; a Change
   List announces half of it), then ``inspect URL --save --label after``;
3. ``compare before after --json``;
4. ``inspect URL --save --label again`` of the same modified Source, and ``compare after
   again --json`` (nothing changed: the comparison a schedule makes most often);
5. ``audit URL --dest DIR`` against a folder of 1,000,000 files matching the first state.

The baseline, in the same run: a bare lxml parse (``etree.parse``) of the same 20 lists
in this process, before and after the change (their mean). Each step's wall time is printed
as a ratio to it. Targets (issue 44): ``inspect --save`` and ``audit`` each at most 3.0x the
bare parse, ``compare`` (both) at most 1.0x, every step at most 300 MB peak RSS. The exit status
is 1 when one is not met.

Bytecode is compiled as in a user's install: the steps run with ``PYTHONDONTWRITEBYTECODE``
unset and a temporary ``PYTHONPYCACHEPREFIX``, after a warm-up round of every step on a
one-list Source of ten entries, so no measured step compiles a module or parses the
catalog's TOML.

    python tests/benchmarks/bench_time_scale.py [--lists 20] [--entries 50000]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from compiled import compiled_environment
from lxml import etree

NS = (
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/"'
)
AT_BEFORE = "2026-01-01T00:00:00Z"
AT_AFTER = "2026-01-02T00:00:00Z"
OLD = "2025-12-01T00:00:00Z"
NEW = "2026-01-01T12:00:00Z"
OLD_SECONDS = 1764547200.0  # OLD as POSIX seconds
RSS_LIMIT_MB = 300
RATIO_LIMITS = {
    "snapshot before": 3.0,
    "snapshot after": 3.0,
    "compare": 1.0,
    "snapshot again": 3.0,
    "compare again": 1.0,
    "audit": 3.0,
}
"""Each step's wall time at most this many times the bare parse of the lists (issue 44)."""
ROOT = Path(__file__).resolve().parents[2]
WARM_LISTS, WARM_ENTRIES = 1, 10
BASE = "http://127.0.0.1:{port}"


def _document(capability: str, md: str, rows: str, root: str = "urlset") -> str:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<{root} {NS}>\n'
        f'<rs:md capability="{capability}" {md}/>\n{rows}\n</{root}>\n'
    )


def _row(base: str, n: int, i: int, lastmod: str) -> str:
    return (
        f"<url><loc>{base}/res/{n}/{i}</loc><lastmod>{lastmod}</lastmod>"
        f'<rs:md length="{i % 100}" type="text/plain"/></url>'
    )


def write_source(folder: Path, base: str, lists: int, entries: int, modified: bool) -> None:
    """The first state, or (``modified``) the second: every 100th resource re-dated, every
    500th removed, one added per 500, half of these changes in the Change List."""
    announced = []
    for n in range(lists):
        rows = []
        for i in range(entries):
            if modified and i % 500 == 250:
                if i % 1000 == 250:
                    announced.append(f"{base}/res/{n}/{i}|deleted")
                continue
            lastmod = NEW if modified and i % 100 == 0 else OLD
            if modified and i % 200 == 0:
                announced.append(f"{base}/res/{n}/{i}|updated")
            rows.append(_row(base, n, i, lastmod))
        if modified:
            for extra in range(entries // 500):
                rows.append(_row(base, n, entries + extra, NEW))
                if extra % 2 == 0:
                    announced.append(f"{base}/res/{n}/{entries + extra}|created")
        at = AT_AFTER if modified else AT_BEFORE
        (folder / f"list-{n}.xml").write_text(
            _document("resourcelist", f'at="{at}"', "\n".join(rows)), encoding="utf-8"
        )
    at = AT_AFTER if modified else AT_BEFORE
    sitemaps = "\n".join(f"<sitemap><loc>{base}/list-{n}.xml</loc></sitemap>" for n in range(lists))
    (folder / "index.xml").write_text(
        _document("resourcelist", f'at="{at}"', sitemaps, "sitemapindex"), encoding="utf-8"
    )
    changes = "\n".join(
        f'<url><loc>{loc}</loc><rs:md change="{change}" datetime="{NEW}"/></url>'
        for loc, change in (item.split("|") for item in announced)
    )
    (folder / "changelist.xml").write_text(
        _document("changelist", f'from="{AT_BEFORE}"', changes), encoding="utf-8"
    )
    capabilities = (
        f'<url><loc>{base}/index.xml</loc><rs:md capability="resourcelist"/></url>\n'
        f'<url><loc>{base}/changelist.xml</loc><rs:md capability="changelist"/></url>'
    )
    (folder / "capabilitylist.xml").write_text(
        _document("capabilitylist", "", capabilities), encoding="utf-8"
    )
    well_known = folder / ".well-known"
    well_known.mkdir(exist_ok=True)
    description = (
        f'<url><loc>{base}/capabilitylist.xml</loc><rs:md capability="capabilitylist"/></url>'
    )
    (well_known / "resourcesync").write_text(
        _document("description", "", description), encoding="utf-8"
    )


def write_local_copy(folder: Path, lists: int, entries: int) -> None:
    """One file per resource of the first state, with its listed length and lastmod."""
    for n in range(lists):
        part = folder / "res" / str(n)
        part.mkdir(parents=True, exist_ok=True)
        for i in range(entries):
            path = part / str(i)
            path.write_bytes(b"x" * (i % 100))
            os.utime(path, (OLD_SECONDS, OLD_SECONDS))


def serve(folder: Path) -> tuple[subprocess.Popen[bytes], int]:
    command = [sys.executable, "-u", "-m", "http.server", "--bind", "127.0.0.1"]
    server = subprocess.Popen(
        [*command, "--directory", str(folder), "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert server.stdout is not None
    line = server.stdout.readline().decode()
    port = int(re.search(r"port (\d+)", line).group(1))  # type: ignore[union-attr]
    return server, port


def bare_parse(folder: Path, lists: int) -> float:
    """Seconds for lxml alone to parse the 20 lists, one at a time."""
    start = time.perf_counter()
    for n in range(lists):
        tree = etree.parse(str(folder / f"list-{n}.xml"))
        del tree
    return time.perf_counter() - start


def timed(args: list[str], env: dict[str, str]) -> tuple[float, float, int, str]:
    """Run the explorer CLI under /usr/bin/time -v: seconds, peak RSS in MB, exit, and
    what it printed of the counts (the JSON before its first list)."""
    command = ["/usr/bin/time", "-v", sys.executable, "-m", "explorer", *args]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    elapsed = time.perf_counter() - start
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    assert peak is not None, done.stderr[-2000:]
    said = [
        match.group(0)
        for pattern in (
            r'"snapshot": \{[^{}]*\}',
            r'"in_sync": \w+, "counts": \{[^{}]*\}',
            r'"unannounced": \{"count": \d+',
        )
        if (match := re.search(pattern, done.stdout))
    ]
    return elapsed, int(peak.group(1)) / 1024, done.returncode, " ".join(said)


def steps(
    site: Path, local: Path, store: Path, base: str, size: tuple[int, int], env: dict[str, str]
) -> tuple[list[tuple[str, float, float, int, str]], float, float]:
    """The four steps on a Source of ``size`` (lists, entries): each step's row, and the
    bare parse's seconds of the first and of the modified state."""
    lists, entries = size
    url = f"{base}/.well-known/resourcesync"
    rows: list[tuple[str, float, float, int, str]] = []
    write_source(site, base, lists, entries, modified=False)
    parse_before = bare_parse(site, lists)
    before = ["inspect", url, "--save", "--store", str(store), "--label", "before", "--json"]
    rows.append(("snapshot before", *timed(before, env)))
    write_source(site, base, lists, entries, modified=True)
    parse_after = bare_parse(site, lists)
    after = ["inspect", url, "--save", "--store", str(store), "--label", "after", "--json"]
    rows.append(("snapshot after", *timed(after, env)))
    compare = ["compare", "--store", str(store), "before", "after", "--json"]
    rows.append(("compare", *timed(compare, env)))
    # the same Source once more, unchanged: the comparison a schedule makes most often
    again = ["inspect", url, "--save", "--store", str(store), "--label", "again", "--json"]
    rows.append(("snapshot again", *timed(again, env)))
    compare_again = ["compare", "--store", str(store), "after", "again", "--json"]
    rows.append(("compare again", *timed(compare_again, env)))
    started = time.perf_counter()
    write_local_copy(local, lists, entries)
    if lists * entries > WARM_LISTS * WARM_ENTRIES:
        print(
            f"(local copy of {lists * entries} files written in "
            f"{time.perf_counter() - started:.0f} s)"
        )
    rows.append(("audit", *timed(["audit", url, "--dest", str(local), "--json"], env)))
    return rows, parse_before, parse_after


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", type=int, default=20)
    parser.add_argument("--entries", type=int, default=50_000)
    options = parser.parse_args()
    lists, entries = options.lists, options.entries
    work = Path(tempfile.mkdtemp(prefix="bench-time-"))
    site = work / "site"
    site.mkdir()
    env = compiled_environment(work / "pycache")
    server, port = serve(site)
    base = BASE.format(port=port)
    try:
        # Warm-up: every step once on a tiny Source, so bytecode and the catalog's
        # compiled areas are cached before anything is measured.
        warm = (WARM_LISTS, WARM_ENTRIES)
        steps(site, work / "warm-local", work / "warm.sqlite3", base, warm, env)
        shutil.rmtree(work / "warm-local")
        load = os.getloadavg()[0]
        rows, parse_before, parse_after = steps(
            site, work / "local", work / "store.sqlite3", base, (lists, entries), env
        )
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    finally:
        server.terminate()
        server.wait(10)
    report = summary(rows, (parse_before + parse_after) / 2, (lists, entries), load)
    # A million files take many minutes to remove: ``rm`` does it after the report.
    subprocess.Popen(["rm", "-rf", str(work)], start_new_session=True)
    return report


def summary(
    rows: list[tuple[str, float, float, int, str]],
    baseline: float,
    size: tuple[int, int],
    load: float,
) -> int:
    """Print each step against the baseline and the targets; 1 when one is not met."""
    lists, entries = size
    print(f"{lists} lists x {entries} entries = {lists * entries} resources")
    print(f"load average {load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end")
    print(f"bare lxml parse of the {lists} lists: {baseline:.2f} s (mean of both states)")
    print(f"{'step':<16} {'seconds':>8} {'x parse':>8} {'target':>7} {'peak MB':>8} {'exit':>5}")
    failed = []
    for name, seconds, peak, status, counts in rows:
        ratio, limit = seconds / baseline, RATIO_LIMITS[name]
        print(
            f"{name:<16} {seconds:8.1f} {ratio:8.2f} {limit:7.1f} {peak:8.0f} {status:5d}  {counts}"
        )
        if ratio > limit:
            failed.append(f"{name} {ratio:.2f}x > {limit}x")
        if peak > RSS_LIMIT_MB:
            failed.append(f"{name} {peak:.0f} MB > {RSS_LIMIT_MB} MB")
    print(f"targets (ratios above, every step <= {RSS_LIMIT_MB} MB peak RSS): ", end="")
    print("NOT MET: " + "; ".join(failed) if failed else "met")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
