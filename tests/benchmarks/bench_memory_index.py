"""Benchmark: a 1,000,000-entry Resource List Index (20 x 50,000) opened in the GUI.

The index and its 20 Resource Lists are written to a temp folder and served by a separate
``python -m http.server`` process on 127.0.0.1 (so the served bytes are not counted in the
GUI's memory). The explorer's real main window (offscreen, qasync loop) opens the index
from the address bar's code path and then runs the tree's "Show all entries of this index"
action. Reported:

* resident memory of the GUI process with all 1,000,000 rows listed, and its peak;
* time to first rows shown: from the moment the first component list has arrived
  (its node is loaded) to the moment the entries table has rows;
* time until all rows are listed, and the event-loop lag meanwhile.

Targets: resident memory <= 600 MB; first rows <= 1 s after the first component list.

    python tests/benchmarks/bench_memory_index.py [--lists 20] [--entries 50000]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NS = (
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/"'
)
LAG_TICK = 0.01
TARGET_MB = 600


def write_source(folder: Path, lists: int, entries: int) -> None:
    """The index (``index.xml``) and its component lists (``list-N.xml``)."""
    at = "2026-01-01T00:00:00Z"
    for n in range(lists):
        rows = "\n".join(
            f"<url><loc>http://example.org/res/{n}/{i}</loc><lastmod>{at}</lastmod>"
            f'<rs:md hash="md5:{(n * entries + i):032x}" length="{i}" type="text/plain"/></url>'
            for i in range(entries)
        )
        (folder / f"list-{n}.xml").write_text(
            f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset {NS}>\n'
            f'<rs:md capability="resourcelist" at="{at}"/>\n{rows}\n</urlset>\n',
            encoding="utf-8",
        )
    sitemaps = "\n".join(
        f"<sitemap><loc>{{base}}/list-{n}.xml</loc></sitemap>" for n in range(lists)
    )
    (folder / "index.template").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex {NS}>\n'
        f'<rs:md capability="resourcelist" at="{at}"/>\n{sitemaps}\n</sitemapindex>\n',
        encoding="utf-8",
    )


def serve(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    server = subprocess.Popen(
        [
            sys.executable,
            "-u",
            "-m",
            "http.server",
            "--bind",
            "127.0.0.1",
            "--directory",
            str(folder),
            "0",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert server.stdout is not None
    line = server.stdout.readline().decode()
    port = int(re.search(r"port (\d+)", line).group(1))  # type: ignore[union-attr]
    base = f"http://127.0.0.1:{port}"
    template = (folder / "index.template").read_text(encoding="utf-8")
    (folder / "index.xml").write_text(template.replace("{base}", base), encoding="utf-8")
    return server, base


def rss_mb(field: str = "VmRSS") -> float:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    raise LookupError(field)


async def measure(base: str, folder: Path) -> dict[str, float]:
    from PySide6.QtCore import QSettings

    from explorer.ui.services import ExplorerServices
    from explorer.ui.shell.main_window import MainWindow
    from explorer.ui.shell.panels import install_panels

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))
    services = ExplorerServices(store_path=folder / "store.sqlite3")
    window = MainWindow(services, QSettings())
    await services.start()
    install_panels(window)
    window.resize(1400, 900)
    window.show()
    figures: dict[str, float] = {"rss_start": rss_mb()}
    lags: list[float] = []
    done = asyncio.Event()

    async def sampler() -> None:
        while not done.is_set():
            start = time.perf_counter()
            await asyncio.sleep(LAG_TICK)
            lags.append(time.perf_counter() - start - LAG_TICK)

    read_at: dict[str, float] = {}  # component URL -> when its document was read
    first_rows: list[float] = []

    def loaded(node: object) -> None:
        url = getattr(node, "url", "")
        if "/list-" in url and getattr(node, "document", None) is not None:
            read_at.setdefault(url, time.perf_counter())

    def rows_shown(*_args: object) -> None:
        entries = window.document_view.entries
        if not first_rows and entries.rowCount() > 0 and "/res/" in (entries.entry(0).loc or ""):
            first_rows.append(time.perf_counter())  # a component's rows, not the index's own

    services.source.node_updated.connect(loaded)  # the tree starts loading components on open
    try:
        lag_task = asyncio.ensure_future(sampler())
        opened = time.perf_counter()
        root = await window.open_source(f"{base}/index.xml")
        assert root is not None and root.doc is not None, "the index did not open"
        doc = root.doc
        entries = window.document_view.entries
        entries.rowsInserted.connect(rows_shown)
        entries.modelReset.connect(rows_shown)
        asked = time.perf_counter()  # the user picks "Show all entries of this index"
        total = await window.show_all_entries(doc)
        finished = time.perf_counter()
        done.set()
        await lag_task
        await asyncio.sleep(0.5)  # let the views settle before reading memory
        first_list = min(read_at.values()) if read_at else float("nan")
        bodies = sum(len(c.fetch.body) for c in doc.children if c.fetch is not None)
        on_disk = {id(c.spooled): c.spooled.size for c in doc.children if c.spooled is not None}
        on_disk.update(
            (id(e.body), e.spooled)
            for e in services.source.fetcher.cache._entries.values()
            if e.spooled
        )  # the tree and the cache share spooled files
        figures.update(
            entries=total,
            load_s=finished - opened,
            asked_s=asked - opened,
            first_list_s=first_list - opened,
            # from when both the first list had arrived and the rows were asked for
            first_rows_after_list_s=(first_rows[0] - max(first_list, asked))
            if first_rows
            else float("nan"),
            rss_end=rss_mb(),
            rss_peak=rss_mb("VmHWM"),
            bodies_mb=bodies / 2**20,
            cache_mb=services.source.fetcher.cache._size / 2**20,
            disk_mb=sum(on_disk.values()) / 2**20,
            lag_p99_ms=sorted(lags)[int(len(lags) * 0.99)] * 1000 if lags else float("nan"),
            lag_max_ms=max(lags) * 1000 if lags else float("nan"),
        )
    finally:
        window.shutdown()
        await services.aclose()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", type=int, default=20)
    parser.add_argument("--entries", type=int, default=50_000)
    options = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ.setdefault("QT_API", "pyside6")
    import qasync
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0]])
    app.setQuitOnLastWindowClosed(False)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        write_source(folder, options.lists, options.entries)
        size = sum(f.stat().st_size for f in folder.glob("list-*.xml"))
        server, base = serve(folder)
        try:
            with asyncio.Runner(loop_factory=qasync.QEventLoop) as runner:
                figures = runner.run(measure(base, folder))
        finally:
            server.terminate()
            server.wait(10)
    print(
        f"index of {options.lists} lists x {options.entries:,} entries "
        f"({size / 1e6:.0f} MB of XML), {int(figures['entries']):,} entries listed"
    )
    print(
        f"resident memory: {figures['rss_end']:.0f} MB with every row listed "
        f"(peak {figures['rss_peak']:.0f} MB; {figures['rss_start']:.0f} MB before opening)"
        f"; target <= {TARGET_MB} MB: {'met' if figures['rss_end'] <= TARGET_MB else 'MISSED'}, "
        f"ratio {figures['rss_end'] / TARGET_MB:.2f}"
    )
    per_entry = (figures["rss_end"] - figures["rss_start"]) * 2**20 / max(1, figures["entries"])
    print(f"  {per_entry:.0f} B resident per listed entry beyond the window before opening")
    print(
        f"  of which raw component bodies kept by the tree {figures['bodies_mb']:.0f} MB, "
        f"HTTP cache {figures['cache_mb']:.0f} MB; bodies spooled to disk (tree and cache "
        f"share them) {figures['disk_mb']:.0f} MB"
    )
    print(
        f"index shown and rows asked for {figures['asked_s']:.2f} s after opening; first "
        f"component list read {figures['first_list_s']:.2f} s after opening; first rows "
        f"shown {figures['first_rows_after_list_s']:.2f} s after both (target <= 1 s)"
    )
    print(
        f"all rows listed {figures['load_s']:.1f} s after opening; event-loop lag meanwhile: "
        f"p99 {figures['lag_p99_ms']:.0f} ms, max {figures['lag_max_ms']:.0f} ms"
    )
    ok = figures["rss_end"] <= TARGET_MB and figures["first_rows_after_list_s"] <= 1.0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
