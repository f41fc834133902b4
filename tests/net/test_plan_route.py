"""resync 2.0.1's route through a Source's documents (``explorer.net.plan.resync_route``),
over answers given by URL: the candidates it tries in order, each requested even when it
repeats the one before, where it stops."""

from __future__ import annotations

import pytest

from explorer.net.plan.resync_route import Answer, baseline_route, incremental_route, resync_base

SD = b"""<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
 xmlns:rs="http://www.openarchives.org/rs/terms/"><rs:md capability="description"/>%s</urlset>"""
CL = b"""<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
 xmlns:rs="http://www.openarchives.org/rs/terms/"><rs:md capability="capabilitylist"/>
 <url><loc>http://h/set/rl.xml</loc><rs:md capability="resourcelist"/></url></urlset>"""
INDEX = b"""<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
 xmlns:rs="http://www.openarchives.org/rs/terms/"><rs:md capability="changelist"/>
 <sitemap><loc>http://h/set/c2.xml</loc></sitemap></sitemapindex>"""


def _asker(answers: dict[str, bytes]):  # type: ignore[no-untyped-def]
    async def ask(url: str) -> Answer:
        body = answers.get(url)
        return Answer(body is not None, len(body or b""), body or b"")

    return ask


@pytest.mark.parametrize(
    ("url", "base"),
    [
        ("http://h/", "http://h"),
        ("http://h/set/.well-known/resourcesync", "http://h/set"),
        ("http://h/set/capabilitylist.xml", "http://h/set"),
        ("http://h/set", "http://h/set"),
    ],
)
def test_the_base_is_what_a_mapping_would_name(url: str, base: str) -> None:
    assert resync_base(url) == base


async def test_at_the_host_root_both_well_known_candidates_are_asked_then_the_lists() -> None:
    route = await baseline_route("http://h", None, _asker({"http://h/sitemap.xml": b""}))
    assert route.requests == [
        "http://h/.well-known/resourcesync",
        "http://h/.well-known/resourcesync",
        "http://h/resourcelist.xml",
        "http://h/sitemap.xml",
    ]
    assert route.found == "http://h/sitemap.xml" and route.fatal is None


async def test_a_source_description_leads_to_its_capability_list_and_resource_list() -> None:
    sd = SD % b"<url><loc>http://h/set/cl.xml</loc></url>"
    answers = {"http://h/set/.well-known/resourcesync": sd, "http://h/set/cl.xml": CL}
    answers["http://h/set/rl.xml"] = b""  # read by the crawl: known to be a plain list
    route = await baseline_route("http://h/set", None, _asker(answers))
    assert route.requests[1:] == ["http://h/set/cl.xml", "http://h/set/rl.xml"]
    assert route.requests[0] == "http://h/set/.well-known/resourcesync"


async def test_several_capability_lists_stop_resync() -> None:
    sd = SD % b"<url><loc>http://h/a.xml</loc></url><url><loc>http://h/b.xml</loc></url>"
    route = await baseline_route(
        "http://h", None, _asker({"http://h/.well-known/resourcesync": sd})
    )
    assert route.fatal == "resync-sets" and route.requests == ["http://h/.well-known/resourcesync"]


async def test_nothing_found_is_said() -> None:
    route = await baseline_route("http://h/x", None, _asker({}))
    assert route.fatal == "resync-no-resource-list" and len(route.requests) == 5
    unreadable = await baseline_route("http://h/x", "http://h/x/cl.xml", _asker({}))
    assert unreadable.fatal == "resync-unreadable"


async def test_an_incremental_reads_changelist_xml_and_stops_at_an_index() -> None:
    flat = await incremental_route("http://h/set", _asker({"http://h/set/changelist.xml": b""}))
    assert flat.requests == ["http://h/set/changelist.xml"] and flat.fatal is None
    index = await incremental_route("http://h/set", _asker({"http://h/set/changelist.xml": INDEX}))
    assert index.fatal == "resync-no-change-list"
    read = {"http://h/set/changelist.xml": Answer(True, 10, b"", ("http://h/set/c2.xml",))}

    async def crawled(url: str) -> Answer:
        return read.get(url, Answer(False))

    assert (await incremental_route("http://h/set", crawled)).fatal == "resync-no-change-list"
    missing = await incremental_route("http://h/set", _asker({}))
    assert missing.fatal == "resync-no-change-list"


async def test_an_index_the_crawl_read_is_followed_by_its_lists() -> None:
    """The crawl keeps an index's lists, not its body: the route follows them."""
    parts = ("http://h/rl-1.xml", "http://h/rl-2.xml")
    read = {"http://h/x/resourcelist.xml": Answer(True, 10, b"", parts)}
    read |= {part: Answer(True, 5) for part in parts}

    async def crawled(url: str) -> Answer:
        return read.get(url, Answer(False))

    route = await baseline_route("http://h/x", None, crawled)
    assert route.requests[-3:] == ["http://h/x/resourcelist.xml", *parts]
    assert route.found == "http://h/x/resourcelist.xml"
