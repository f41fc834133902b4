"""Crawl speed against sequential fetching (a benchmark: prints figures, asserts nothing).

A local Source (127.0.0.1) with 1 Source Description, 10 Capability Lists and 10
Resource Lists under each (111 documents, 50 entries per list) answers every request
after 50 ms of artificial latency. The same run measures:

- sequential: one GET after another for the same 111 URLs with the same ``Fetcher``
  (the baseline), and
- crawl: ``Crawler.crawl`` from the site root (discovery, parsing, validation, checks);

and, for reference, the same GETs all issued at once through the pool (6 per host):
the best any crawl of this tree could do.

Run: ``python tests/benchmarks/bench_crawl.py [--latency 0.05]``. Target: crawl at least
4x faster than sequential.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import time

from aiohttp import web

from explorer.net.http.fetcher import Fetcher
from explorer.net.source.crawl import Crawler

SETS, LISTS, ENTRIES = 10, 10, 50
HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/'
    'schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">\n'
)


def build_documents(base: str) -> dict[str, str]:
    docs: dict[str, str] = {}
    sd = base + "/.well-known/resourcesync"
    cl_entries = []
    for s in range(SETS):
        cl = f"{base}/set{s}/capabilitylist.xml"
        cl_entries.append(f'<url><loc>{cl}</loc><rs:md capability="capabilitylist"/></url>')
        rl_entries = []
        for n in range(LISTS):
            rl = f"{base}/set{s}/resourcelist-{n}.xml"
            rl_entries.append(f'<url><loc>{rl}</loc><rs:md capability="resourcelist"/></url>')
            urls = "".join(
                f"<url><loc>{base}/set{s}/r/{n}-{e}</loc><lastmod>2024-01-01T00:00:00Z</lastmod>"
                f'<rs:md length="{e + 10}" type="text/plain"/></url>\n'
                for e in range(ENTRIES)
            )
            docs[f"/set{s}/resourcelist-{n}.xml"] = (
                f'{HEAD}<rs:ln rel="up" href="{cl}"/>'
                f'<rs:md capability="resourcelist" at="2024-01-02T00:00:00Z"/>\n{urls}</urlset>\n'
            )
        docs[f"/set{s}/capabilitylist.xml"] = (
            f'{HEAD}<rs:ln rel="describedby" href="{base}/about"/><rs:ln rel="up" href="{sd}"/>'
            f'<rs:md capability="capabilitylist"/>\n{"".join(rl_entries)}</urlset>\n'
        )
    docs["/.well-known/resourcesync"] = (
        f'{HEAD}<rs:ln rel="describedby" href="{base}/about"/>'
        f'<rs:md capability="description"/>\n{"".join(cl_entries)}</urlset>\n'
    )
    return docs


def serve_forever(latency: float, ports: multiprocessing.Queue) -> None:
    """The Source runs in its own process, as a remote server would: its CPU is not ours."""
    docs: dict[str, str] = {}

    async def handle(request: web.Request) -> web.Response:
        await asyncio.sleep(latency)
        if request.path == "/about":
            return web.Response(text="about", content_type="text/html")
        body = docs.get(request.path)
        if body is None:
            return web.Response(status=404)
        return web.Response(text=body, content_type="application/xml")

    async def run() -> None:
        app = web.Application()
        app.router.add_get("/{tail:.*}", handle)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        await web.TCPSite(runner, "127.0.0.1", 0).start()
        port = runner.addresses[0][1]
        docs.update(build_documents(f"http://127.0.0.1:{port}"))
        ports.put(port)
        await asyncio.Event().wait()

    asyncio.run(run())


async def measure(base: str) -> None:
    urls = [base + path for path in build_documents(base)]
    async with Fetcher() as fetcher:  # warm-up: imports, first connections
        await Crawler(fetcher, check_topics=False).crawl(base + "/", depth=1)
    async with Fetcher() as fetcher:
        started = time.perf_counter()
        for url in urls:
            if not (await fetcher.fetch(url)).ok:
                raise SystemExit(f"{url} failed")
        sequential = time.perf_counter() - started
    async with Fetcher() as fetcher:
        started = time.perf_counter()
        await asyncio.gather(*(fetcher.fetch(url) for url in urls))
        parallel = time.perf_counter() - started
    async with Fetcher() as fetcher:
        started = time.perf_counter()
        result = await Crawler(fetcher, check_topics=False).crawl(base + "/")
        crawl = time.perf_counter() - started
    print(f"documents: {len(urls)} served, {len(result.documents())} crawled")
    print(f"sequential GETs: {sequential:.2f} s")
    print(f"all GETs at once through the pool (the pool's bound): {parallel:.2f} s")
    print(f"crawl (discovery + parse + validate, 6 per host): {crawl:.2f} s")
    print(f"speed-up: {sequential / crawl:.1f}x (target >= 4x)")


def main(latency: float) -> None:
    ports: multiprocessing.Queue = multiprocessing.Queue()
    server = multiprocessing.Process(target=serve_forever, args=(latency, ports), daemon=True)
    server.start()
    try:
        port = ports.get(timeout=30)
        print(f"latency {latency * 1000:.0f} ms per response, server in process {server.pid}")
        asyncio.run(measure(f"http://127.0.0.1:{port}"))
    finally:
        server.terminate()
        server.join()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--latency", type=float, default=0.05, help="seconds per response")
    main(parser.parse_args().latency)
