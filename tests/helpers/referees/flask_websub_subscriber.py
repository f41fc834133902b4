"""A ResourceSync Destination on Flask-WebSub 0.4.1's subscriber, runnable as a referee.

    python flask_websub_subscriber.py [TOPIC] [--caplist CAPABILITY_LIST]

With a topic, Flask-WebSub's own ``discover`` finds hub and ``self`` (HTTP ``Link``
headers, HTML ``<link>`` tags; redirects followed by requests). When the topic names no
hub, or only a Capability List is given, the Capability List is read here, as a
Destination would (Flask-WebSub knows nothing of ResourceSync): each
``change-notification`` and ``framework-notification`` channel with its ``rs:ln
rel="hub"``. Everything else is the library's: the subscription request, the callback
blueprint that answers verifications and checks ``X-Hub-Signature``, and the listener it
calls for a notification it accepts. That listener is the Destination's part: it fetches
every resource the notification names (``<loc>`` of each ``<url>`` or ``<sitemap>``, but a
deleted one), in a worker thread so the hub gets its 2xx at once.

Flask-WebSub sends ``hub.secret`` only to an https hub (it raises otherwise, rightly: the
secret would travel in clear). The hubs under test listen on plain http loopback, so the
subscriber reaches its hub through a TLS front made here (a private CA from trustme, which
requests trusts through ``REQUESTS_CA_BUNDLE``) that passes each request on unchanged.
Leases are renewed at two thirds of what the hub granted; SIGTERM (or SIGINT)
unsubscribes, waits for the hub to verify it, and exits. Secrets are never printed.
Lines on stdout: ``callback-port N``, then one line per event.
"""

from __future__ import annotations

import argparse
import gzip
import http.server
import io
import logging
import os
import queue
import secrets
import signal
import ssl
import sys
import tempfile
import threading
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit
from xml.etree import ElementTree

import requests
import trustme
from flask import Flask
from flask_websub.errors import DiscoveryError, FlaskWebSubError
from flask_websub.subscriber import (
    SQLite3SubscriberStorage,
    SQLite3TempSubscriberStorage,
    Subscriber,
    discover,
)
from werkzeug.serving import make_server

RENEWAL_ATTEMPTS = 5
"""Tries of one renewal before the subscriber gives the lease up."""
SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
RS = "{http://www.openarchives.org/rs/terms/}"
CHANNELS = ("change-notification", "framework-notification")
# ResourceSync notifications may be large (a Change List's worth of <url>s); the library's
# 1 MiB default suits feeds. A Destination deployment raises it, as it does here.
MAX_BODY_SIZE = 32 * 1024 * 1024
MAX_INFLATED = 64 * 1024 * 1024
REQUEST_TIMEOUT = 10
UNSUBSCRIBE_WAIT = 10.0


def say(*words: object) -> None:
    """One event line on stdout, flushed: the test reads it while the process runs."""
    print(*words, flush=True)


def notification_locs(body: bytes) -> list[str]:
    """The resources a notification names: ``<loc>`` of each entry not marked deleted."""
    if body[:2] == b"\x1f\x8b":  # a gzip-encoded body the hub passed on as it was
        body = gzip.GzipFile(fileobj=io.BytesIO(body)).read(MAX_INFLATED)
    try:
        root = ElementTree.fromstring(body)
    except ElementTree.ParseError as error:
        say("unreadable-notification", error)
        return []
    locs = []
    for entry in [*root.iter(SITEMAP + "url"), *root.iter(SITEMAP + "sitemap")]:
        md = entry.find(RS + "md")
        if md is not None and md.get("change") == "deleted":
            continue
        loc = entry.findtext(SITEMAP + "loc")
        if loc:
            locs.append(loc.strip())
    return locs


def capability_list_channels(url: str) -> list[dict[str, str]]:
    """Topic and hub of each notification channel a Capability List advertises."""
    response = requests.get(url, timeout=REQUEST_TIMEOUT)
    response.raise_for_status()
    root = ElementTree.fromstring(response.content)
    document_hub = next(
        (ln.get("href", "") for ln in root.findall(RS + "ln") if ln.get("rel") == "hub"), ""
    )
    channels = []
    for entry in root.iter(SITEMAP + "url"):
        md = entry.find(RS + "md")
        if md is None or md.get("capability") not in CHANNELS:
            continue
        hub = next(
            (ln.get("href", "") for ln in entry.findall(RS + "ln") if ln.get("rel") == "hub"),
            document_hub,
        )
        topic = (entry.findtext(SITEMAP + "loc") or "").strip()
        if topic and hub:
            channels.append({"topic_url": topic, "hub_url": hub})
    return channels


class TlsFront:
    """An https listener on loopback that passes each request on to one http origin."""

    def __init__(self, origin: str, folder: Path) -> None:
        ca = trustme.CA()
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        ca.issue_cert("127.0.0.1").configure_cert(context)
        self.bundle = folder / "front-ca.pem"
        ca.cert_pem.write_to_path(str(self.bundle))
        self.origin = origin

        front = self

        class Forward(http.server.BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                passed = {k: v for k, v in self.headers.items() if k.lower() != "host"}
                answer = requests.post(
                    front.origin + self.path,
                    data=body,
                    headers=passed,
                    allow_redirects=False,
                    timeout=REQUEST_TIMEOUT,
                )
                self.send_response(answer.status_code)
                for name in ("Content-Type", "Location"):
                    if name in answer.headers:
                        self.send_header(name, answer.headers[name])
                self.send_header("Content-Length", str(len(answer.content)))
                self.end_headers()
                self.wfile.write(answer.content)

            def log_message(self, format: str, *args: object) -> None:
                """Quiet: the subscriber's own lines say what happened."""

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Forward)
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url_for(self, hub_url: str) -> str:
        """The hub's URL through this front: same path and query, https."""
        parts = urlsplit(hub_url)
        return urlunsplit(("https", f"127.0.0.1:{self.server.server_port}", *parts[2:]))


class Destination:
    """Flask-WebSub's subscriber in a Flask app, plus the Destination's fetching."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.app = Flask("flask_websub_referee")
        self.subscriber = Subscriber(
            SQLite3SubscriberStorage(str(folder / "subscriptions.sqlite")),
            SQLite3TempSubscriberStorage(str(folder / "requests.sqlite")),
            REQUEST_TIMEOUT=REQUEST_TIMEOUT,
            MAX_BODY_SIZE=MAX_BODY_SIZE,
        )
        self.app.register_blueprint(self.subscriber.build_blueprint(url_prefix="/callbacks"))
        self.server = make_server("127.0.0.1", 0, self.app, threaded=True)
        self.app.config["SERVER_NAME"] = f"127.0.0.1:{self.server.server_port}"
        self.fronts: dict[str, TlsFront] = {}
        self.active: set[str] = set()
        self.ended = threading.Condition()
        self.fetches: queue.Queue[str] = queue.Queue()
        self.subscriber.add_listener(self.on_notification)
        self.subscriber.add_success_handler(self.on_success)
        self.subscriber.add_error_handler(self.on_denied)

    def serve(self) -> None:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        threading.Thread(target=self.fetch_forever, daemon=True).start()
        say("callback-port", self.server.server_port)

    def through_front(self, hub_url: str) -> str:
        parts = urlsplit(hub_url)
        if parts.scheme == "https":
            return hub_url
        origin = f"{parts.scheme}://{parts.netloc}"
        if origin not in self.fronts:
            self.fronts[origin] = TlsFront(origin, self.folder)
            os.environ["REQUESTS_CA_BUNDLE"] = str(self.fronts[origin].bundle)
        return self.fronts[origin].url_for(hub_url)

    def subscribe(self, topic_url: str, hub_url: str) -> None:
        say("subscribing", topic_url, "at", hub_url)
        with self.app.app_context():
            self.subscriber.subscribe(
                topic_url=topic_url,
                hub_url=self.through_front(hub_url),
                secret=secrets.token_hex(24),
            )

    def on_success(self, topic_url: str, callback_id: str, mode: str) -> None:
        say(mode, "verified", topic_url)
        with self.ended:
            if mode == "subscribe":
                self.active.add(callback_id)
                lease = self.subscriber.storage[callback_id]["lease_seconds"]
                renewal = threading.Timer(lease * 2 / 3, self.renew, (callback_id,))
                renewal.daemon = True
                renewal.start()
            else:
                self.active.discard(callback_id)
                self.ended.notify_all()

    def on_denied(self, topic_url: str, callback_id: str, reason: str) -> None:
        say("denied", topic_url, reason)

    def renew(self, callback_id: str, attempt: int = 1) -> None:
        with self.ended:
            if callback_id not in self.active:
                return
        say("renewing")
        try:
            with self.app.app_context():
                self.subscriber.renew(callback_id)
        except FlaskWebSubError as error:
            say("renewal-failed", error)
            # as a deployment would: a hub busy for a moment is asked again, a few times
            if attempt < RENEWAL_ATTEMPTS:
                again = threading.Timer(1.0, self.renew, (callback_id, attempt + 1))
                again.daemon = True
                again.start()

    def on_notification(self, topic_url: str, callback_id: str, body: bytes) -> None:
        locs = notification_locs(body)
        say("notification", topic_url, len(body), "bytes", len(locs), "resource(s)")
        for loc in locs:
            self.fetches.put(loc)

    def fetch_forever(self) -> None:
        while True:
            loc = self.fetches.get()
            try:
                status = requests.get(loc, timeout=REQUEST_TIMEOUT).status_code
            except requests.RequestException as error:
                say("fetch-failed", loc, type(error).__name__)
            else:
                say("fetched", loc, status)

    def stop(self) -> None:
        """Unsubscribe what is active, wait for the hub's verification, stop serving."""
        with self.ended:
            active = sorted(self.active)
        for callback_id in active:
            try:
                with self.app.app_context():
                    self.subscriber.unsubscribe(callback_id)
            except FlaskWebSubError as error:
                say("unsubscribe-failed", error)
                with self.ended:  # the hub took no request: no verification will come
                    self.active.discard(callback_id)
        with self.ended:
            self.ended.wait_for(lambda: not self.active, timeout=UNSUBSCRIBE_WAIT)
        self.server.shutdown()
        say("stopped")


def channels_of(topic: str | None, caplist: str | None) -> list[dict[str, str]]:
    """The topic's own hub and self when it names them (Flask-WebSub's ``discover``), else
    the channels of the Capability List."""
    if topic:
        try:
            return [discover(topic, timeout=REQUEST_TIMEOUT)]
        # TypeError: without Link headers naming both, 0.4.1's discover reads the body for
        # <link> tags and feeds its HTML parser bytes where the response names no charset
        # (application/xml), so an XML topic without a hub raises it instead of
        # DiscoveryError
        except (DiscoveryError, TypeError) as error:
            if not caplist:
                raise
            say("no-hub-at-topic", topic, type(error).__name__)
    assert caplist is not None
    channels = capability_list_channels(caplist)
    if not channels:
        say("no-channel", caplist)
    return channels


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("topic", nargs="?", help="a topic URL, discovered as WebSub §4 says")
    parser.add_argument("--caplist", help="a Capability List whose channels to subscribe to")
    args = parser.parse_args(argv)
    if not (args.topic or args.caplist):
        parser.error("give a topic, --caplist, or both")
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    stopping = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stopping.set())
    with tempfile.TemporaryDirectory(prefix="flask-websub-referee-") as folder:
        destination = Destination(Path(folder))
        destination.serve()
        try:
            for channel in channels_of(args.topic, args.caplist):
                destination.subscribe(channel["topic_url"], channel["hub_url"])
        except (
            FlaskWebSubError,
            TypeError,
            requests.RequestException,
            ElementTree.ParseError,
        ) as error:
            say("subscribe-failed", type(error).__name__, error)
        stopping.wait()
        destination.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
