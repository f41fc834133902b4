"""One repository served two ways on 127.0.0.1: OAI-PMH by a third-party server at ``/oai``
(test dependencies: the ``oai-repo`` package's OAIRepository, whose resumption tokens
state ``completeListSize``; or the pyoai server of the ``oaipmh`` package, whose tokens
do not and which, unlike oai-repo 0.5.2, marks deleted records ``status="deleted"``), and
ResourceSync as
static documents (Source Description, Capability List, Resource List, Change List) beside
it. The server counts every request and every body byte it sends, per path, so a test
holds a harvester's real cost against a prediction.

``Record`` is one item: its OAI identifier ``oai:repo.test:<key>``, its loc
``<base>records/<key>``, and each view's own state, so a test can plant a divergence by
making the two disagree.
"""

from __future__ import annotations

import http.server
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import parse_qsl, urlsplit
from xml.sax.saxutils import escape

import oai_repo
from lxml import etree
from oaipmh import common
from oaipmh import server as pyoai_server
from oaipmh.metadata import MetadataRegistry

NAMESPACE = "repo.test"
PAGE_SIZE = 100
RS_AT = "2026-01-01T00:00:00Z"
"""When the Resource List was made: changes dated later replace its entries."""


@dataclass(frozen=True, slots=True)
class Record:
    key: str
    oai: tuple[str, bool] | None
    """(datestamp, deleted) in OAI-PMH; None: no record."""
    listed: str | None
    """lastmod in the Resource List; None: not listed."""
    change: tuple[str, str] | None = None
    """(change, datetime) in the Change List; None: no change."""

    @property
    def identifier(self) -> str:
        return f"oai:{NAMESPACE}:{self.key}"


class _Data(oai_repo.DataInterface):
    limit = PAGE_SIZE

    def __init__(self, base_url: str, records: list[Record]) -> None:
        self.base_url = base_url
        self.headers = {
            r.identifier: oai_repo.RecordHeader(
                identifier=r.identifier,
                datestamp=r.oai[0],
                status="deleted" if r.oai[1] else None,
            )
            for r in records
            if r.oai is not None
        }
        self.order = list(self.headers)

    def get_identify(self) -> oai_repo.Identify:
        return oai_repo.Identify(
            repository_name="parity test",
            base_url=self.base_url + "oai",
            admin_email=["admin@repo.test"],
            earliest_datestamp="2020-01-01T00:00:00Z",
            deleted_record="persistent",
            granularity="YYYY-MM-DDThh:mm:ssZ",
        )

    def is_valid_identifier(self, identifier: str) -> bool:
        return identifier in self.headers

    def get_metadata_formats(self, identifier: str | None = None) -> list[object]:
        return [
            oai_repo.MetadataFormat(
                "oai_dc",
                "http://www.openarchives.org/OAI/2.0/oai_dc.xsd",
                "http://www.openarchives.org/OAI/2.0/oai_dc/",
            )
        ]

    def get_record_header(self, identifier: str) -> oai_repo.RecordHeader:
        return self.headers[identifier]

    def get_record_metadata(self, identifier: str, metadataprefix: str) -> etree._Element:
        root = etree.Element("{http://www.openarchives.org/OAI/2.0/oai_dc/}dc")
        title = etree.SubElement(root, "{http://purl.org/dc/elements/1.1/}title")
        title.text = f"Record {identifier}"
        return root

    def get_record_abouts(self, identifier: str) -> list[etree._Element]:
        return []

    def list_set_specs(self, identifier: str | None = None, cursor: int = 0) -> tuple:
        return None, None, None

    def list_identifiers(
        self,
        metadataprefix: str,
        filter_from: datetime | None = None,
        filter_until: datetime | None = None,
        filter_set: str | None = None,
        cursor: int = 0,
    ) -> tuple:
        return self.order[cursor : cursor + self.limit], len(self.order), None


class _PyoaiData:
    """pyoai's IBatchingOAIPMH over the records (headers only matter)."""

    def __init__(self, base_url: str, records: list[Record]) -> None:
        self.base_url = base_url
        self.records = [r for r in records if r.oai is not None]

    def identify(self) -> common.Identify:
        return common.Identify(
            "parity test",
            self.base_url + "oai",
            "2.0",
            ["admin@repo.test"],
            datetime(2020, 1, 1),
            "persistent",
            "YYYY-MM-DDThh:mm:ssZ",
            [],
        )

    def listMetadataFormats(self, identifier: str | None = None) -> list[tuple[str, str, str]]:
        return [
            (
                "oai_dc",
                "http://www.openarchives.org/OAI/2.0/oai_dc.xsd",
                "http://www.openarchives.org/OAI/2.0/oai_dc/",
            )
        ]

    def listRecords(
        self,
        metadataPrefix: str,
        cursor: int = 0,
        batch_size: int = 10,
        **_: object,
    ) -> list[tuple[common.Header, object, None]]:
        chosen = self.records[cursor : cursor + batch_size]
        return [
            (
                common.Header(
                    None,
                    r.identifier,
                    datetime.strptime(r.oai[0], "%Y-%m-%dT%H:%M:%SZ"),  # type: ignore[index]
                    [],
                    r.oai[1],  # type: ignore[index]
                ),
                None if r.oai[1] else common.Metadata(None, {"title": [r.key]}),  # type: ignore[index]
                None,
            )
            for r in chosen
        ]


def _dc_writer(element: etree._Element, metadata: common.Metadata) -> None:
    dc = etree.SubElement(element, "{http://www.openarchives.org/OAI/2.0/oai_dc/}dc")
    title = etree.SubElement(dc, "{http://purl.org/dc/elements/1.1/}title")
    title.text = metadata.getField("title")[0]


def _pyoai(base_url: str, records: list[Record]) -> pyoai_server.BatchingServer:
    registry = MetadataRegistry()
    registry.registerWriter("oai_dc", _dc_writer)
    return pyoai_server.BatchingServer(
        _PyoaiData(base_url, records), registry, resumption_batch_size=PAGE_SIZE
    )


def _resourcesync(base: str, records: list[Record]) -> dict[str, bytes]:
    ns = (
        'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
        ' xmlns:rs="http://www.openarchives.org/rs/terms/"'
    )
    up = f'<rs:ln rel="up" href="{base}capabilitylist.xml"/>'
    listed = "".join(
        f"<url><loc>{base}records/{escape(r.key)}</loc><lastmod>{r.listed}</lastmod></url>"
        for r in records
        if r.listed is not None
    )
    changed = "".join(
        f"<url><loc>{base}records/{escape(r.key)}</loc>"
        f'<rs:md change="{r.change[0]}" datetime="{r.change[1]}"/></url>'
        for r in records
        if r.change is not None
    )
    return {
        "/.well-known/resourcesync": (
            f'<urlset {ns}><rs:md capability="description"/>'
            f'<url><loc>{base}capabilitylist.xml</loc><rs:md capability="capabilitylist"/>'
            "</url></urlset>"
        ).encode(),
        "/capabilitylist.xml": (
            f'<urlset {ns}><rs:ln rel="up" href="{base}.well-known/resourcesync"/>'
            '<rs:md capability="capabilitylist"/>'
            f'<url><loc>{base}resourcelist.xml</loc><rs:md capability="resourcelist"/></url>'
            f'<url><loc>{base}changelist.xml</loc><rs:md capability="changelist"/></url>'
            "</urlset>"
        ).encode(),
        "/resourcelist.xml": (
            f'<urlset {ns}>{up}<rs:md capability="resourcelist" at="{RS_AT}"/>{listed}</urlset>'
        ).encode(),
        "/changelist.xml": (
            f'<urlset {ns}>{up}<rs:md capability="changelist" from="{RS_AT}"/>{changed}</urlset>'
        ).encode(),
    }


@dataclass(slots=True)
class Served:
    base: str
    requests: Counter[str]
    bytes: Counter[str]

    @property
    def oai(self) -> str:
        return self.base + "oai"


@contextmanager
def served_pair(records: list[Record], oai_server: str = "oai-repo") -> Iterator[Served]:
    """Serve both views, OAI-PMH by ``oai_server`` ("oai-repo" or "pyoai"); yields the
    base URL and the per-path counters."""
    lock = threading.Lock()
    served = Served("", Counter(), Counter())
    state: dict[str, object] = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            parts = urlsplit(self.path)
            if parts.path == "/oai":
                body = state["answer"](dict(parse_qsl(parts.query)))  # type: ignore[operator]
                kind = "text/xml; charset=utf-8"
            elif parts.path in state["documents"]:  # type: ignore[operator]
                body = state["documents"][parts.path]  # type: ignore[index]
                kind = "application/xml"
            else:
                body, kind = b"", "text/plain"
            with lock:
                served.requests[parts.path] += 1
                served.bytes[parts.path] += len(body)
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    served.base = f"http://127.0.0.1:{server.server_address[1]}/"
    if oai_server == "pyoai":
        pyoai = _pyoai(served.base, records)
        state["answer"] = lambda query: pyoai.handleRequest(query)
    else:
        repository = oai_repo.OAIRepository(_Data(served.base, records))
        state["answer"] = lambda query: bytes(repository.process(query))
    state["documents"] = _resourcesync(served.base, records)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield served
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
