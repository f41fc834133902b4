"""The OAI-PMH view against the ResourceSync view, held against third-party referees: an
OAI-PMH server from PyPI (``oai-repo``) serves the records, ``sickle`` harvests them, and
the server counts what the harvest cost; the explorer's prediction must match it, and its
parity table must name exactly the records planted to disagree."""

from __future__ import annotations

import http.server
import threading
from collections import Counter

import pytest
from helpers.oai_pair import PAGE_SIZE, Record, Served, served_pair
from sickle import Sickle

from explorer.core import catalog
from explorer.core.harvest import parity
from explorer.core.harvest.oai_map import parse_map
from explorer.core.harvest.oai_pages import OaiRecord
from explorer.core.model import Document, Entry
from explorer.core.words.messages import render_message
from explorer.net.http.fetcher import Fetcher
from explorer.net.oai.parity_work import ParityWork
from explorer.net.oai.views import ViewComparison, compare_views
from explorer.net.oai.walk import OaiWalkError, walk_list_records
from explorer.net.source.crawl_tree import DocumentNode, NodeState

pytestmark = pytest.mark.slow  # long waits on servers and processes: scheduled first

CONSISTENT = 10_000
STAMP = "2025-06-01T00:00:00Z"


def _consistent(count: int) -> list[Record]:
    return [Record(f"{i:05d}", (STAMP, False), STAMP) for i in range(count)]


def _sickle_harvest(served: Served) -> tuple[int, Counter[str], Counter[str]]:
    before_requests, before_bytes = Counter(served.requests), Counter(served.bytes)
    records = Sickle(served.oai).ListRecords(metadataPrefix="oai_dc", ignore_deleted=False)
    count = sum(1 for _ in records)
    return count, served.requests - before_requests, served.bytes - before_bytes


async def _compare(served: Served, template: str | None = None) -> ViewComparison:
    mapping = parse_map(template) if template is not None else None
    async with Fetcher(retries=0) as fetcher:
        return await compare_views(
            fetcher, served.base + ".well-known/resourcesync", served.oai, mapping=mapping
        )


async def test_a_consistent_pair_predicts_sickles_cost_and_has_an_empty_table() -> None:
    with served_pair(_consistent(CONSISTENT)) as served:
        count, requests, sent = _sickle_harvest(served)
        compared = await _compare(served)
    walk = compared.walk
    assert count == CONSISTENT
    assert walk.method == "complete-list-size" and walk.page_size == PAGE_SIZE
    assert walk.requests == requests["/oai"] == CONSISTENT // PAGE_SIZE
    assert abs(walk.bytes - sent["/oai"]) <= 0.05 * sent["/oai"]
    assert walk.wire_bytes > walk.bytes and walk.records == CONSISTENT
    table = compared.table
    assert table.counts == dict.fromkeys(parity.KINDS, 0)
    # no --oai-map: guessed from the records, and said so
    assert table.mapping.text == f"oai:repo.test:{{id}}={served.base}records/{{id}}"
    assert table.guessed is not None and table.guessed.params is not None
    assert table.guessed.params["matched"] == 20


PLANTED = {
    # only in OAI-PMH
    "only-oai": Record("only-oai", (STAMP, False), None),
    # only in ResourceSync
    "only-rs": Record("only-rs", None, STAMP),
    # datestamp != lastmod
    "stamp": Record("stamp", ("2025-06-02T00:00:00Z", False), STAMP),
    # deleted in OAI-PMH only, then in the Change Lists only
    "del-oai": Record("del-oai", (STAMP, True), STAMP),
    "del-rs": Record("del-rs", (STAMP, False), STAMP, ("deleted", "2026-02-01T00:00:00Z")),
    # deleted in both, at different times
    "del-both": Record(
        "del-both", ("2026-03-01T00:00:00Z", True), STAMP, ("deleted", "2026-02-01T00:00:00Z")
    ),
}
AGREEING = [
    # deleted in both at the same moment, a record gone from both, an update both saw
    Record("gone", ("2026-02-01T00:00:00Z", True), STAMP, ("deleted", "2026-02-01T00:00:00Z")),
    Record("forgotten", (STAMP, True), None),
    Record("upd", ("2026-02-03T00:00:00Z", False), STAMP, ("updated", "2026-02-03T00:00:00Z")),
]


async def test_each_planted_divergence_is_named_and_nothing_else() -> None:
    records = _consistent(1_000) + list(PLANTED.values()) + AGREEING
    with served_pair(records, "pyoai") as served:
        count, requests, sent = _sickle_harvest(served)
        compared = await _compare(served, "oai:repo.test:{id}=" + served.base + "records/{id}")
    # pyoai states no completeListSize: the prediction is the walk of its tokens
    assert compared.walk.method == "walked"
    assert compared.walk.requests == requests["/oai"] == 11 and compared.walk.records == count
    assert abs(compared.walk.bytes - sent["/oai"]) <= 0.05 * sent["/oai"]
    table = compared.table
    loc = served.base + "records/"
    assert table.guessed is None
    assert table.named(parity.ONLY_OAI) == [loc + "only-oai"]
    assert table.named(parity.ONLY_RESOURCESYNC) == [loc + "only-rs"]
    assert table.named(parity.DATESTAMP_DIFFERS) == [loc + "stamp"]
    assert table.named(parity.DELETED_DIFFERS) == [
        loc + k for k in ("del-both", "del-oai", "del-rs")
    ]
    variants = [item.variant for item in table.sections[parity.DELETED_DIFFERS]]
    assert variants == ["both", "oai", "resourcesync"]
    for kind in parity.KINDS:
        for item in table.sections[kind]:
            assert render_message(item, catalog.JAPANESE) != item.message
    shape = table.to_json()
    assert shape["counts"] == {
        parity.ONLY_OAI: 1,
        parity.ONLY_RESOURCESYNC: 1,
        parity.DATESTAMP_DIFFERS: 1,
        parity.DELETED_DIFFERS: 3,
    }


async def test_an_identifier_the_map_does_not_fit_is_said_unmapped() -> None:
    records = [Record("1", (STAMP, False), STAMP)]
    with served_pair(records) as served:
        compared = await _compare(served, "oai:elsewhere:{id}=" + served.base + "records/{id}")
    [unmapped] = compared.table.sections[parity.ONLY_OAI]
    assert unmapped.variant == "unmapped" and unmapped.url == "oai:repo.test:1"
    assert compared.table.named(parity.ONLY_RESOURCESYNC) == [served.base + "records/1"]


async def test_a_bounded_sample_predicts_the_whole_list() -> None:
    with served_pair(_consistent(1_000)) as served:
        async with Fetcher(retries=0) as fetcher:
            walk = await walk_list_records(fetcher, served.oai, lambda _: None, max_pages=3)
        sampled = served.bytes["/oai"]
    assert walk.walked == 3 and walk.requests == 10 and walk.records == 1_000
    assert walk.bytes == pytest.approx(sampled * 10 / 3, rel=0.01)


async def test_a_bounded_walk_without_a_stated_size_is_a_lower_bound() -> None:
    with served_pair(_consistent(1_000), "pyoai") as served:
        async with Fetcher(retries=0) as fetcher:
            walk = await walk_list_records(fetcher, served.oai, lambda _: None, max_pages=3)
    assert (walk.method, walk.requests, walk.records) == ("sampled", 3, 300)


async def test_an_endpoint_that_is_not_oai_pmh_is_said() -> None:
    with served_pair([]) as served:
        async with Fetcher(retries=0) as fetcher:
            with pytest.raises(OaiWalkError) as caught:
                await walk_list_records(fetcher, served.base + "resourcelist.xml", lambda _: None)
            assert caught.value.key == "harvest.oai-not-oai"
            with pytest.raises(OaiWalkError) as missing:
                await walk_list_records(fetcher, served.base + "nothing", lambda _: None)
            assert missing.value.key == "harvest.oai-status"


def test_no_template_fits_and_the_plan_says_it_compared_identifiers_as_locs() -> None:
    node = DocumentNode("https://repo.test/list.xml", state=NodeState.LOADED)
    node.document = Document(root="urlset", md={"capability": "resourcelist"})
    node.document.entries = [Entry("https://repo.test/records/alpha", STAMP)]
    with ParityWork() as work:
        work.add_records([OaiRecord("oai:repo.test:beta", STAMP, False)])
        work.add_document(node)
        table = work.finish()
    assert table.guessed is not None and table.guessed.variant == "none"
    assert table.named(parity.ONLY_OAI) == ["oai:repo.test:beta"]
    assert table.named(parity.ONLY_RESOURCESYNC) == ["https://repo.test/records/alpha"]


class _LoopingEndpoint(http.server.BaseHTTPRequestHandler):
    """An endpoint that hands out the same resumption token for ever."""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        body = (
            b'<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><ListRecords>'
            b"<record><header><identifier>oai:x:1</identifier><datestamp>2025-01-01"
            b"</datestamp></header></record><resumptionToken>again</resumptionToken>"
            b"</ListRecords></OAI-PMH>"
        )
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


async def test_an_endpoint_that_repeats_its_token_is_stopped() -> None:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _LoopingEndpoint)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        async with Fetcher(retries=0) as fetcher:
            with pytest.raises(OaiWalkError) as caught:
                await walk_list_records(
                    fetcher, f"http://127.0.0.1:{server.server_address[1]}/oai", lambda _: None
                )
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
    assert caught.value.key == "harvest.oai-token-loop"
