"""Reading OAI-PMH pages, mapping identifiers to locs, and judging parity (pure)."""

from __future__ import annotations

import pytest

from explorer.core import catalog
from explorer.core.harvest.backdating import Window, is_backdated, window_problems
from explorer.core.harvest.oai_map import IDENTITY, MapError, candidates, parse_map
from explorer.core.harvest.oai_pages import OaiPageError, read_page
from explorer.core.harvest.parity import (
    DATESTAMP_DIFFERS,
    DELETED_DIFFERS,
    ONLY_OAI,
    ONLY_RESOURCESYNC,
    OaiSide,
    ResourceSyncSide,
    judge,
    same_moment,
)

PAGE = b"""<?xml version="1.0" encoding="UTF-8"?>
<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/">
 <responseDate>2026-01-01T00:00:00Z</responseDate>
 <request verb="ListRecords">http://x/oai</request>
 <ListRecords>
  <record><header><identifier>oai:x:1</identifier><datestamp>2026-01-02</datestamp></header>
   <metadata><dc/></metadata></record>
  <record><header status="deleted"><identifier> oai:x:2 </identifier>
   <datestamp>2026-01-03T04:05:06Z</datestamp></header></record>
  <resumptionToken completeListSize="250" cursor="0">next-1</resumptionToken>
 </ListRecords>
</OAI-PMH>"""


def test_a_page_gives_headers_and_its_token() -> None:
    page = read_page(PAGE)
    assert [(r.identifier, r.datestamp, r.deleted) for r in page.records] == [
        ("oai:x:1", "2026-01-02", False),
        ("oai:x:2", "2026-01-03T04:05:06Z", True),
    ]
    assert (page.token, page.complete_list_size, page.cursor) == ("next-1", 250, 0)


def test_the_last_page_has_an_empty_token_and_no_records_match_is_empty() -> None:
    last = read_page(PAGE.replace(b">next-1<", b"><"))
    assert last.token is None and last.complete_list_size == 250
    empty = read_page(
        b'<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/">'
        b'<error code="noRecordsMatch">none</error></OAI-PMH>'
    )
    assert empty.records == () and empty.token is None


@pytest.mark.parametrize(
    ("data", "key"),
    [
        (b"<OAI-PMH", "harvest.oai-not-xml"),
        (b'<!DOCTYPE x [<!ENTITY a "b">]><x/>', "harvest.oai-not-xml"),
        (b"<urlset/>", "harvest.oai-not-oai"),
        (
            b'<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/">'
            b'<error code="badResumptionToken">expired</error></OAI-PMH>',
            "harvest.oai-error",
        ),
        (b'<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"/>', "harvest.oai-no-list"),
    ],
)
def test_what_is_no_oai_list_is_said(data: bytes, key: str) -> None:
    with pytest.raises(OaiPageError) as caught:
        read_page(data)
    assert caught.value.key == key
    assert caught.value.describe(catalog.JAPANESE)


def test_a_map_template_maps_and_refuses_bad_shapes() -> None:
    mapping = parse_map("oai:repo.example.org:{id}=https://repo.example.org/r?id={id}")
    assert mapping.loc("oai:repo.example.org:12/3") == "https://repo.example.org/r?id=12/3"
    assert mapping.loc("oai:other:1") is None
    for bad in ("oai:x:{id}", "oai:x=https://x/{id}", "oai:{id}:{id}=https://x/{id}"):
        with pytest.raises(MapError) as caught:
            parse_map(bad)
        assert "{id}" in str(caught.value)


def test_candidates_come_from_locs_holding_the_local_part() -> None:
    found = candidates("oai:repo:42", ["https://repo/records/42.xml", "https://repo/a/7"])
    assert [m.text for m in found] == ["oai:repo:{id}=https://repo/records/{id}.xml"]
    assert found[0].loc("oai:repo:43") == "https://repo/records/43.xml"
    assert candidates("https://repo/a/7", ["https://repo/a/7"])[0] == IDENTITY


@pytest.mark.parametrize(
    ("oai", "rs", "kind"),
    [
        (None, ResourceSyncSide("2026-01-01", False), ONLY_RESOURCESYNC),
        (None, ResourceSyncSide("2026-01-01", True), None),
        (OaiSide("2026-01-01", False), None, ONLY_OAI),
        (OaiSide("2026-01-01", True), None, None),
        (OaiSide("2026-01-01", False), ResourceSyncSide("2026-01-01T23:59:59Z", False), None),
        (
            OaiSide("2026-01-01", False),
            ResourceSyncSide("2026-01-02T00:00:00Z", False),
            DATESTAMP_DIFFERS,
        ),
        (
            OaiSide("2026-01-01T10:00:00Z", False),
            ResourceSyncSide("2026-01-01T10:00:00.5Z", False),
            None,
        ),
        (
            OaiSide("2026-01-01T10:00:00Z", False),
            ResourceSyncSide("2026-01-01T10:00:01Z", False),
            DATESTAMP_DIFFERS,
        ),
        (OaiSide("2026-01-01T10:00:00Z", False), ResourceSyncSide(None, False), None),
        (OaiSide("2026-01-01", True), ResourceSyncSide("2026-01-01", False), DELETED_DIFFERS),
        (OaiSide("2026-01-01", False), ResourceSyncSide("2026-01-01", True), DELETED_DIFFERS),
        (OaiSide("2026-01-01", True), ResourceSyncSide("2026-01-01", True), None),
        (OaiSide("2026-01-01", True), ResourceSyncSide("2026-01-05", True), DELETED_DIFFERS),
    ],
)
def test_judge(oai: OaiSide | None, rs: ResourceSyncSide | None, kind: str | None) -> None:
    assert judge(oai, rs) == kind


def test_unreadable_datestamps_never_agree() -> None:
    assert not same_moment("yesterday", "2026-01-01")


def test_backdated_and_windows() -> None:
    assert is_backdated("2026-01-01T00:00:00Z", 1767225601.0)
    assert not is_backdated("2026-01-01T00:00:01Z", 1767225601.0)
    assert not is_backdated(None, 1767225601.0)
    lists = [
        Window("c3", "2026-01-03T00:00:00Z", None),
        Window("c1", "2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z"),
        Window("c2", "2026-01-02T12:00:00Z", "2026-01-04T00:00:00Z"),
        Window("undated", None, None),
    ]
    found = [(p.kind, p.first.url, p.second.url) for p in window_problems(lists)]
    assert found == [("gap", "c1", "c2"), ("overlap", "c2", "c3")]
    touching = [Window("a", "2026-01-01", "2026-01-02"), Window("b", "2026-01-02", None)]
    assert window_problems(touching) == []
