"""Many small Sources for the fleet's tests, served from a process of their own on several
loopback hosts (127.0.0.2, 127.0.0.3, ...), each host logging the time of every request.

Run as a script (``python fleet_chaos_sources.py FOLDER --sources 50 --hosts 5 ...``); it writes
``FOLDER/sources.json`` once every host listens (the Sources' URLs, kinds and the time their
changes are counted from) and appends ``<time> <path>`` to ``FOLDER/requests-<host>.log``
for each request a host receives. A process of its own, so the test's work and the fleet's
never delay its answers nor blur the request times the per-host rate is judged by.

Kinds of Source: ``steady``; ``changing`` (every ``change_every`` seconds two entries are
re-dated, one is deleted and one is created; changes are never undone, so a snapshot taken
after several of them still shows each changed URL); ``slow`` (every answer delayed);
``failing`` (every answer 503) and ``refused`` (a port where nothing listens). A Source's
Resource List lives on the next host over for every seventh Source: the rate is per host
contacted, not per Source.

``documents(source, generation)`` and ``changes(source, generation)`` are importable: the
test derives the changes it expects from the same functions the server answers with.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import signal
import socket
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TextIO

from aiohttp import web

SLOW_SECONDS = 1.5
"""The delay of each answer of a slow Source: its run outlasts the others' several times."""


@dataclass(frozen=True)
class ServedSource:
    """One Source as served: its number, kind, size and the two bases its documents live at."""

    number: int
    kind: str
    entries: int
    base: str
    list_base: str

    @property
    def url(self) -> str:
        """The URL a fleet file names: the Source Description."""
        return f"{self.base}/s{self.number}/description.xml"


def _kind(number: int, count: int) -> str:
    if number == count - 1:
        return "refused"
    if number == count - 2:
        return "failing"
    if number == count - 3:
        return "slow"
    return "changing" if number % 4 == 1 else "steady"


def generation_of(source: ServedSource, started: float, now: float, change_every: float) -> int:
    """How many times a changing Source has changed since ``started`` (0 for the others)."""
    if source.kind != "changing":
        return 0
    return max(0, int((now - started) // change_every))


def entries(source: ServedSource, generation: int) -> dict[str, tuple[str, str]]:
    """Each resource URL of the Source at ``generation`` with its lastmod and md5 text."""
    listed: dict[str, tuple[str, str]] = {}
    deleted = {(g * 13) % source.entries for g in range(1, generation + 1)}
    for index in range(source.entries):
        if index in deleted:
            continue
        touched = [g for g in range(1, generation + 1) if index in _updated_at(source, g)]
        version = max(touched, default=0)
        listed[f"{source.base}/s{source.number}/r/{index}"] = (
            f"2026-11-{1 + version % 28:02d}T00:{version // 28 % 60:02d}:00Z",
            f"md5:{source.number:08x}{index:08x}{version:016x}",
        )
    for g in range(1, generation + 1):
        listed[f"{source.base}/s{source.number}/r/new-{g}"] = (
            "2026-12-01T00:00:00Z",
            f"md5:{source.number:08x}ffffffff{g:016x}",
        )
    return listed


def _updated_at(source: ServedSource, generation: int) -> set[int]:
    return {(generation * 7 + 3) % source.entries, (generation * 7 + 5) % source.entries}


def changes(source: ServedSource, generation: int) -> set[str]:
    """The URLs created, updated or deleted when the Source went to ``generation``."""
    before, after = entries(source, generation - 1), entries(source, generation)
    return {url for url in before.keys() | after.keys() if before.get(url) != after.get(url)}


def documents(source: ServedSource, generation: int) -> dict[str, bytes]:
    """The Source's three documents at ``generation``, by path."""
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:rs="http://www.openarchives.org/rs/terms/">\n'
    )
    prefix = f"/s{source.number}"
    capabilities = f"{source.base}{prefix}/capabilitylist.xml"
    resource_list = f"{source.list_base}{prefix}/resourcelist.xml"
    description = (
        f'{head}<rs:md capability="description"/>\n'
        f'<url><loc>{capabilities}</loc><rs:md capability="capabilitylist"/></url>\n</urlset>\n'
    )
    capability_list = (
        f'{head}<rs:ln rel="up" href="{source.url}"/>\n<rs:md capability="capabilitylist"/>\n'
        f'<url><loc>{resource_list}</loc><rs:md capability="resourcelist"/></url>\n</urlset>\n'
    )
    lines = [
        f'<url><loc>{url}</loc><lastmod>{lastmod}</lastmod><rs:md hash="{md5}" length="8"/></url>'
        for url, (lastmod, md5) in sorted(entries(source, generation).items())
    ]
    listing = (
        f'{head}<rs:ln rel="up" href="{capabilities}"/>\n'
        f'<rs:md capability="resourcelist" at="2026-12-01T00:00:00Z"/>\n'
        + "\n".join(lines)
        + "\n</urlset>\n"
    )
    return {
        f"{prefix}/description.xml": description.encode(),
        f"{prefix}/capabilitylist.xml": capability_list.encode(),
        f"{prefix}/resourcelist.xml": listing.encode(),
    }


@dataclass(frozen=True)
class Served:
    """What ``sources.json`` holds: the Sources and the time changes count from."""

    sources: list[ServedSource]
    started: float
    change_every: float
    hosts: list[str]

    @classmethod
    def read(cls, folder: Path) -> Served:
        raw = json.loads((folder / "sources.json").read_text())
        return cls(
            [ServedSource(**one) for one in raw["sources"]],
            raw["started"],
            raw["change_every"],
            raw["hosts"],
        )


def request_log(folder: Path) -> dict[str, list[float]]:
    """The request times each host received (``host:port`` lowercased), sorted."""
    times: dict[str, list[float]] = {}
    for log in folder.glob("requests-*.log"):
        host = log.stem.removeprefix("requests-")
        times[host] = sorted(float(line.split()[0]) for line in log.read_text().splitlines())
    return times


def loop_lag(folder: Path) -> float:
    """The longest the server's loop has been late so far, in seconds: how late it may
    have logged a request that had already arrived."""
    return float((folder / "loop-lag").read_text())


async def _probe_lag(folder: Path, every: float = 0.01) -> None:
    """Keep the longest lateness of a short sleep in ``loop-lag``: a request's time is
    logged when its handler runs, and the loop (one for every host) runs it that late at
    most."""
    loop, longest = asyncio.get_running_loop(), 0.0
    while True:
        asked = loop.time()
        await asyncio.sleep(every)
        late = loop.time() - asked - every
        if late > longest:
            longest = late
            part = folder / "loop-lag.part"
            part.write_text(f"{longest:.6f}")
            part.rename(folder / "loop-lag")


def _closed_port(host: str) -> int:
    """A port on ``host`` where nothing listens (bound, then released)."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


class _Host:
    def __init__(
        self, name: str, log: TextIO, served: list[ServedSource], args: argparse.Namespace
    ):
        self.name, self.log, self.args = name, log, args
        self.by_prefix = {f"/s{one.number}": one for one in served}
        self.started = 0.0

    async def handle(self, request: web.Request) -> web.Response:
        self.log.write(f"{time.time():.6f} {request.path}\n")
        self.log.flush()
        source = self.by_prefix.get("/" + request.path.split("/")[1])
        if source is None:
            return web.Response(status=404)
        if source.kind == "failing":
            return web.Response(status=503)
        if source.kind == "slow":
            await asyncio.sleep(SLOW_SECONDS)
        now = time.time()
        generation = generation_of(source, self.started, now, self.args.change_every)
        body = documents(source, generation).get(request.path)
        if body is None:
            return web.Response(status=404)
        return web.Response(body=body, content_type="application/xml")


async def _serve(args: argparse.Namespace) -> None:
    folder: Path = args.folder
    addresses = [f"127.0.0.{2 + index}" for index in range(args.hosts)]
    sockets = []
    for address in addresses:
        listener = socket.socket()
        listener.bind((address, 0))
        sockets.append(listener)
    hosts = [
        f"{address}:{listener.getsockname()[1]}"
        for address, listener in zip(addresses, sockets, strict=True)
    ]
    served: list[ServedSource] = []
    for number in range(args.sources):
        kind = "steady" if args.steady else _kind(number, args.sources)
        host = hosts[number % len(hosts)]
        if kind == "refused":
            host = f"{addresses[0]}:{_closed_port(addresses[0])}"
        list_host = hosts[(number + 1) % len(hosts)] if number % 7 == 3 else host
        size = args.entries + (number * 37) % max(1, args.entries // 2)
        served.append(ServedSource(number, kind, size, f"http://{host}", f"http://{list_host}"))
    runners, logs = [], []
    started = time.time()
    for host, listener in zip(hosts, sockets, strict=True):
        log = (folder / f"requests-{host}.log").open("a")
        logs.append(log)
        handler = _Host(host, log, served, args)
        handler.started = started
        app = web.Application()
        app.router.add_get("/{tail:.*}", handler.handle)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        await web.SockSite(runner, listener).start()
        runners.append(runner)
    record = {
        "sources": [asdict(one) for one in served],
        "started": started,
        "change_every": args.change_every,
        "hosts": hosts,
    }
    (folder / "loop-lag").write_text("0")
    ready = folder / "sources.json.part"
    ready.write_text(json.dumps(record))
    ready.rename(folder / "sources.json")
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    probe = asyncio.create_task(_probe_lag(folder))
    await stop.wait()
    probe.cancel()
    for runner in runners:
        await runner.cleanup()
    for log in logs:
        log.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--sources", type=int, default=50)
    parser.add_argument("--hosts", type=int, default=5)
    parser.add_argument("--entries", type=int, default=200, help="the smallest Source's size")
    parser.add_argument("--change-every", type=float, default=30.0)
    parser.add_argument("--steady", action="store_true", help="every Source steady (benchmarks)")
    asyncio.run(_serve(parser.parse_args()))


if __name__ == "__main__":
    main()
