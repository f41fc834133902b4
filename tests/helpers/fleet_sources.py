"""Many small Sources on one loopback HTTP server in a thread, for fleet tests.

Each Source lives under ``/<name>/``: a Source Description, a Capability List, one or
more Resource Lists and, when given changes, a Change List. Tests change a Source
between runs (``put``), make a path fail (``fail``), hold a path until released
(``hold``), and read the request log (time of arrival, path) to judge a rate. A thread
rather than the test's event loop, because the fleet's runner is synchronous and runs
its own loop; the server needs no loop to answer it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

NS = (
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
    ' xmlns:rs="http://www.openarchives.org/rs/terms/"'
)
AT = "2026-12-01T00:00:00Z"


@dataclass
class Resource:
    path: str
    lastmod: str = "2026-11-01T00:00:00Z"
    length: int = 3


@dataclass
class FleetSite:
    base: str = ""
    documents: dict[str, bytes] = field(default_factory=dict)
    failing: set[str] = field(default_factory=set)
    held: dict[str, threading.Event] = field(default_factory=dict)
    log: list[tuple[float, str]] = field(default_factory=list)
    tokens: dict[str, str] = field(default_factory=dict)
    """Source name -> the bearer token its documents need (answered 401 without it)."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def url(self, name: str) -> str:
        """The Source URL of ``name``: its Source Description."""
        return f"{self.base}/{name}/description.xml"

    def put(
        self,
        name: str,
        lists: list[list[Resource]],
        changes: list[tuple[str, str]] | None = None,
    ) -> str:
        """Serve Source ``name`` with these Resource Lists and ``(path, change)`` Change
        List entries (no Change List when None); its Source URL."""
        root = f"{self.base}/{name}"
        members = [f"{root}/resourcelist{n}.xml" for n in range(len(lists))]
        caps = [(members[0] if len(lists) == 1 else f"{root}/resourcelist.xml", "resourcelist")]
        if changes is not None:
            caps.append((f"{root}/changelist.xml", "changelist"))
        self.documents[f"/{name}/description.xml"] = _urlset(
            "description",
            "",
            [
                f"<url><loc>{root}/capabilitylist.xml</loc>"
                '<rs:md capability="capabilitylist"/></url>'
            ],
        )
        self.documents[f"/{name}/capabilitylist.xml"] = _urlset(
            "capabilitylist",
            f'<rs:ln rel="up" href="{root}/description.xml"/>',
            [f'<url><loc>{url}</loc><rs:md capability="{cap}"/></url>' for url, cap in caps],
        )
        up = f'<rs:ln rel="up" href="{root}/capabilitylist.xml"/>'
        if len(lists) > 1:  # several lists: a Resource List Index names them
            self.documents[f"/{name}/resourcelist.xml"] = _urlset(
                f'resourcelist" at="{AT}',
                up,
                [f"<sitemap><loc>{url}</loc></sitemap>" for url in members],
                "sitemapindex",
            )
        for number, resources in enumerate(lists):
            self.documents[f"/{name}/resourcelist{number}.xml"] = _urlset(
                f'resourcelist" at="{AT}',
                up,
                [
                    f"<url><loc>{root}{r.path}</loc><lastmod>{r.lastmod}</lastmod>"
                    f'<rs:md length="{r.length}"/></url>'
                    for r in resources
                ],
            )
        if changes is not None:
            self.documents[f"/{name}/changelist.xml"] = _urlset(
                f'changelist" from="{AT}',
                up,
                [
                    f"<url><loc>{root}{path}</loc><lastmod>{AT}</lastmod>"
                    f'<rs:md change="{change}" datetime="{AT}"/></url>'
                    for path, change in changes
                ],
            )
        return self.url(name)

    def requests(self, prefix: str = "") -> list[tuple[float, str]]:
        with self.lock:
            return [(at, path) for at, path in self.log if path.startswith(prefix)]


def _urlset(capability: str, links: str, urls: list[str], root: str = "urlset") -> bytes:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<{root} {NS}>{links}'
        f'<rs:md capability="{capability}"/>' + "".join(urls) + f"</{root}>\n"
    ).encode()


@contextmanager
def fleet_site() -> Iterator[FleetSite]:
    site = FleetSite()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            path = self.path.split("?", 1)[0]
            with site.lock:
                site.log.append((time.monotonic(), path))
            event = site.held.get(path)
            if event is not None:
                event.wait(60)
            token = site.tokens.get(path.split("/")[1])
            if token is not None and self.headers.get("Authorization") != f"Bearer {token}":
                self.send_response(401)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            body = site.documents.get(path)
            if body is None or path in site.failing:
                self.send_response(404 if body is None else 500)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                self.wfile.write(body)
            except OSError:  # a worker killed mid-answer
                self.close_connection = True

        def log_message(self, format: str, *args: object) -> None:
            """Quiet: the test reads ``site.log``."""

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    site.base = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield site
    finally:
        for event in site.held.values():
            event.set()
        server.shutdown()
        server.server_close()
        thread.join(10)
