"""Walking an OAI-PMH endpoint's ListRecords as a harvester does, counting the cost.

A harvester (sickle, pyoai, a repository's own) sends ``verb=ListRecords&metadataPrefix=P``
and then ``verb=ListRecords&resumptionToken=T`` for each page until a page has no token
(OAI-PMH 2.0 §3.5), one request at a time. The number of requests follows from the first
page where the endpoint states ``completeListSize`` (pages of the size it uses); where it
does not, only walking the tokens tells, so the walk counts them. Each page's bodies and
headers are counted as they arrive; the headers go to a sink, so nothing of a page is kept.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit

from explorer.core.harvest.oai_pages import OaiPage, OaiRecord, read_page
from explorer.core.said_error import SaidError
from explorer.net.http.fetcher import Fetcher, FetchResult

DEFAULT_PREFIX = "oai_dc"
"""The metadata format every OAI-PMH endpoint must offer (OAI-PMH 2.0 §3.4)."""
MAX_REQUESTS = 100_000
"""Pages one walk may request: ten million records at the usual hundred a page."""
MAX_PAGE_BYTES = 64 * 1024 * 1024

RecordSink = Callable[[Sequence[OaiRecord]], None]


class OaiWalkError(SaidError):
    """The walk cannot go on (an HTTP failure, an unreadable page), said with why."""


@dataclass(frozen=True, slots=True)
class OaiWalk:
    """What the walk cost, and what a harvest is predicted to cost.

    ``requests`` is the prediction: ``complete_list_size`` over the first page's size
    when the endpoint states it (``method`` "complete-list-size"), else the pages the walk
    took ("walked"), or, when a bounded walk stopped with tokens left and no size stated, a
    lower bound ("sampled"). ``walked`` is what the walk itself sent; ``bytes`` are response
    bodies, ``wire_bytes`` bodies with status line and headers."""

    requests: int
    walked: int
    bytes: int
    wire_bytes: int
    seconds: float
    records: int
    complete_list_size: int | None
    page_size: int
    method: str

    def to_json(self) -> dict[str, object]:
        return {
            "requests": self.requests,
            "bytes": self.bytes,
            "wire_bytes": self.wire_bytes,
            "seconds": round(self.seconds, 3),
            "records": self.records,
            "walked": self.walked,
            "complete_list_size": self.complete_list_size,
            "page_size": self.page_size,
            "method": self.method,
        }


def first_url(base_url: str, metadata_prefix: str) -> str:
    return _with_query(base_url, {"verb": "ListRecords", "metadataPrefix": metadata_prefix})


def next_url(base_url: str, token: str) -> str:
    return _with_query(base_url, {"verb": "ListRecords", "resumptionToken": token})


def _with_query(base_url: str, params: dict[str, str]) -> str:
    joiner = "&" if urlsplit(base_url).query else "?"
    return base_url + joiner + urlencode(params)


def wire_size(result: FetchResult) -> int:
    """Bytes on the wire for one answer: status line, header lines and the body as sent
    (its Content-Length where given, the read body otherwise)."""
    head = len(f"HTTP/1.1 {result.status} \r\n") + 2
    head += sum(len(name) + len(value) + 4 for name, value in result.headers.items())
    sent = result.content_length
    return head + (sent if sent is not None else len(result.body))


async def walk_list_records(
    fetcher: Fetcher,
    base_url: str,
    sink: RecordSink,
    *,
    metadata_prefix: str = DEFAULT_PREFIX,
    max_pages: int = MAX_REQUESTS,
) -> OaiWalk:
    """Request every page (at most ``max_pages``: a bounded sample, whose records still
    reach ``sink``) and predict the whole harvest; ``OaiWalkError`` when a page cannot
    be had or read. A token given twice ends the walk (an endpoint that loops)."""
    started = time.perf_counter()
    url = first_url(base_url, metadata_prefix)
    walked = body_bytes = wire_bytes = records = 0
    first: OaiPage | None = None
    seen_tokens: set[str] = set()
    while True:
        result = await fetcher.fetch(url, max_bytes=MAX_PAGE_BYTES, use_cache=False)
        walked += 1
        if not result.ok:
            raise OaiWalkError("harvest.oai-status", url=url, status=result.status or 0)
        body_bytes += len(result.body)
        wire_bytes += wire_size(result)
        try:
            page = read_page(result.body)
        except SaidError as exc:
            raise OaiWalkError(exc.key, **exc.params) from None
        first = first or page
        records += len(page.records)
        sink(page.records)
        if page.token is None or walked >= max_pages:
            break
        if page.token in seen_tokens:
            raise OaiWalkError("harvest.oai-token-loop", token=page.token[:200])
        seen_tokens.add(page.token)
        url = next_url(base_url, page.token)
    assert first is not None
    return _predicted(first, walked, body_bytes, wire_bytes, records, page.token is None, started)


def _predicted(
    first: OaiPage,
    walked: int,
    body_bytes: int,
    wire_bytes: int,
    records: int,
    finished: bool,
    started: float,
) -> OaiWalk:
    """The whole harvest from what was walked: exact when the walk finished, scaled by
    records from a sample otherwise."""
    page_size = len(first.records)
    size = first.complete_list_size
    seconds = time.perf_counter() - started
    if size is not None and page_size > 0 and first.token is not None:
        requests, method = max(1, math.ceil(size / page_size)), "complete-list-size"
    else:
        requests, method = walked, "walked" if finished else "sampled"
    if not finished and records > 0 and size is not None:
        scale = size / records
        body_bytes, wire_bytes = round(body_bytes * scale), round(wire_bytes * scale)
        seconds *= scale
    return OaiWalk(
        requests=requests,
        walked=walked,
        bytes=body_bytes,
        wire_bytes=wire_bytes,
        seconds=seconds,
        records=size if size is not None and not finished else records,
        complete_list_size=size,
        page_size=page_size,
        method=method,
    )
