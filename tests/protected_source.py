"""A loopback Source that answers 401 without credentials, for the authentication tests.

Two origins, each a threaded HTTP server on 127.0.0.1 (port 0): the Source, whose every
path needs ``Authorization: Bearer TOKEN`` (or basic auth), and a second origin that
serves the Source Description's ``describedby`` page and records any ``Authorization``
it is sent. ``LoopbackProxy`` is a forward proxy that records the absolute-form requests
it relays. Optionally the Source speaks TLS with a certificate from a private CA.
"""

from __future__ import annotations

import base64
import http.client
import ssl
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import trustme

TOKEN = "s3cr3t-token-for-tests-7f3a9c1d"
USER, PASSWORD = "reader", "pa55-word-for-tests-e41b"
REALM = "Closed Library"

URLSET = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/">\n{body}\n</urlset>\n'
)


@dataclass
class Recorder:
    """(path, Authorization or None) of every request an origin received."""

    requests: list[tuple[str, str | None]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, path: str, authorization: str | None) -> None:
        with self.lock:
            self.requests.append((path, authorization))

    def authorizations(self) -> list[str]:
        with self.lock:
            return [value for _, value in self.requests if value is not None]


@dataclass
class ProtectedSource:
    url: str  # the Source Description, at the well-known URI
    origin: str
    describedby_origin: str
    source_log: Recorder
    describedby_log: Recorder


def _documents(origin: str, other: str) -> dict[str, str]:
    return {
        "/.well-known/resourcesync": URLSET.format(
            body=f'<rs:ln rel="describedby" href="{other}/about"/>\n'
            '<rs:md capability="description"/>\n'
            f'<url><loc>{origin}/capabilitylist.xml</loc><rs:md capability="capabilitylist"/>'
            "</url>"
        ),
        "/capabilitylist.xml": URLSET.format(
            body=f'<rs:ln rel="up" href="{origin}/.well-known/resourcesync"/>\n'
            '<rs:md capability="capabilitylist"/>\n'
            f'<url><loc>{origin}/resourcelist.xml</loc><rs:md capability="resourcelist"/></url>'
        ),
        "/resourcelist.xml": URLSET.format(
            body=f'<rs:ln rel="up" href="{origin}/capabilitylist.xml"/>\n'
            '<rs:md capability="resourcelist" at="2024-05-01T00:00:00Z"/>\n'
            f"<url><loc>{origin}/items/1</loc></url>\n"
            f"<url><loc>{origin}/items/2</loc></url>"
        ),
    }


def expected_authorization(scheme: str) -> str:
    if scheme == "basic":
        return "Basic " + base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
    return f"Bearer {TOKEN}"


def _source_handler(
    documents: dict[str, str], scheme: str, log: Recorder
) -> type[BaseHTTPRequestHandler]:
    wanted = expected_authorization(scheme)
    challenge = (
        f'Basic realm="{REALM}"'
        if scheme == "basic"
        else f'Bearer realm="{REALM}", error="invalid_token"'
    )

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            given = self.headers.get("Authorization")
            log.add(self.path, given)
            if given != wanted:
                self._reply(401, b"authentication required", {"WWW-Authenticate": challenge})
                return
            body = documents.get(self.path)
            if body is None:
                self._reply(404, b"not found", {})
                return
            self._reply(200, body.encode(), {"Content-Type": "application/xml"})

        def do_HEAD(self) -> None:
            self.do_GET()

        def _reply(self, status: int, body: bytes, headers: dict[str, str]) -> None:
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    return Handler


def _describedby_handler(log: Recorder) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            log.add(self.path, self.headers.get("Authorization"))
            body = b"<html><head><title>About</title></head><body>About</body></html>"
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        do_HEAD = do_GET

        def log_message(self, *args: object) -> None:
            pass

    return Handler


@contextmanager
def _serve(
    handler: type[BaseHTTPRequestHandler], tls: ssl.SSLContext | None = None
) -> Iterator[tuple[ThreadingHTTPServer, str]]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    scheme = "http"
    if tls is not None:
        httpd.socket = tls.wrap_socket(httpd.socket, server_side=True)
        scheme = "https"
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd, f"{scheme}://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(5)


@contextmanager
def protected_source(
    scheme: str = "bearer", tls: ssl.SSLContext | None = None
) -> Iterator[ProtectedSource]:
    """Serve the protected Source (optionally over TLS) and the second origin."""
    source_log, describedby_log = Recorder(), Recorder()
    with _serve(_describedby_handler(describedby_log)) as (_, other):
        documents: dict[str, str] = {}
        with _serve(_source_handler(documents, scheme, source_log), tls) as (_, origin):
            documents.update(_documents(origin, other))
            yield ProtectedSource(
                f"{origin}/.well-known/resourcesync", origin, other, source_log, describedby_log
            )


@contextmanager
def loopback_proxy() -> Iterator[tuple[str, list[str]]]:
    """A forward HTTP proxy on loopback: yields its URL and the request targets it saw."""
    seen: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            seen.append(self.path)
            target = urlsplit(self.path)
            if not target.hostname:  # not absolute-form: not a proxy request
                self.send_error(400)
                return
            upstream = http.client.HTTPConnection(target.hostname, target.port, timeout=10)
            headers = {k: v for k, v in self.headers.items() if k.lower() != "proxy-connection"}
            path = target.path + (f"?{target.query}" if target.query else "")
            upstream.request(self.command, path or "/", headers=headers)
            response = upstream.getresponse()
            body = response.read()
            self.send_response(response.status)
            for name, value in response.getheaders():
                if name.lower() not in ("transfer-encoding", "connection", "content-length"):
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)
            upstream.close()

        do_HEAD = do_GET

        def log_message(self, *args: object) -> None:
            pass

    with _serve(Handler) as (_, url):
        yield url, seen


def private_ca(folder: Path) -> tuple[ssl.SSLContext, Path]:
    """A TLS server context whose certificate a private CA issued, and that CA's PEM file
    (written into ``folder``), for ``protected_source(tls=...)`` and ``--ca-bundle``."""
    ca = trustme.CA()
    server = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert("127.0.0.1").configure_cert(server)
    bundle = folder / "private-ca.pem"
    ca.cert_pem.write_to_path(str(bundle))
    return server, bundle
