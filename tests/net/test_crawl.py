"""The crawl: tree shape, laziness, limits, loops, HTTP and relation checks, channels."""

from __future__ import annotations

import asyncio
import gzip
import json

from aiohttp import web
from crawl_site import Reply, Site, add_source, urlset

from explorer.net.http.fetcher import Fetcher, Timeouts
from explorer.net.source.crawl import Crawler
from explorer.net.source.crawl_budget import CrawlLimits
from explorer.net.source.crawl_tree import DocumentNode, NodeState, Progress

TOPIC_OK = {"Content-Type": "application/xml"}
HANG_SECONDS = 30
"""A bound for hang detection only: far above any machine's normal time."""


def _waiting(node: DocumentNode) -> bool:
    """This node or a direct child still waits to be loaded."""
    return any(n.state is NodeState.PENDING for n in [node, *node.children])


def _codes(node: DocumentNode) -> list[str]:
    return [f.code for f in node.findings]


def _node(result, suffix: str) -> DocumentNode:
    return next(n for n in result.nodes() if n.url.endswith(suffix))


def _topic(site: Site, path: str, hub: str, **extra: str) -> None:
    links = extra.pop("link", f'<{site.url(path)}>; rel="self", <{hub}>; rel="hub"')
    site.add(
        path,
        Reply(
            "",
            content_type=extra.pop("content_type", "application/xml"),
            headers={"Link": links} if links else {},
        ),
    )


def full_source(site: Site) -> None:
    """SD → CL → (Resource List Index → 2 lists, Change List, two channels)."""
    u = site.url
    site.add(
        "/.well-known/resourcesync",
        urlset(
            "description",
            [(u("/cl.xml"), {"capability": "capabilitylist"})],
            links=[("describedby", u("/about"))],
        ),
    )
    site.add("/about", Reply("about", content_type="text/html"))
    site.add(
        "/cl.xml",
        urlset(
            "capabilitylist",
            [
                (u("/rli.xml"), {"capability": "resourcelist"}),
                (u("/cl-changes.xml"), {"capability": "changelist"}),
                (u("/topic/change"), {"capability": "change-notification"}, [("hub", u("/hub"))]),
                (
                    u("/topic/framework"),
                    {"capability": "framework-notification"},
                    [("hub", u("/hub"))],
                ),
            ],
            links=[("up", u("/.well-known/resourcesync")), ("describedby", u("/about"))],
        ),
    )
    site.add(
        "/rli.xml",
        urlset(
            "resourcelist",
            [(u("/rl1.xml"), {}), (u("/rl2.xml"), {})],
            links=[("up", u("/cl.xml"))],
            root="sitemapindex",
        ),
    )
    for name in ("rl1", "rl2"):
        site.add(
            f"/{name}.xml",
            urlset(
                "resourcelist",
                [(u(f"/res/{name}"), {})],
                links=[("up", u("/cl.xml")), ("index", u("/rli.xml"))],
            ),
        )
    site.add(
        "/cl-changes.xml",
        urlset("changelist", [(u("/res/a"), {"change": "created"})], links=[("up", u("/cl.xml"))]),
    )
    _topic(site, "/topic/change", u("/hub"))
    _topic(site, "/topic/framework", u("/hub"))


async def test_walks_the_whole_tree_with_channels() -> None:
    progress: list[Progress] = []
    async with Site() as site, Fetcher() as fetcher:
        full_source(site)
        result = await Crawler(fetcher, on_progress=progress.append).crawl(site.url("/"))
    assert result.source_url == site.url("/.well-known/resourcesync")
    shape = [
        (n.depth, n.url.removeprefix(site.base_url), n.capability, n.root, n.entries)
        for n in result.nodes()
    ]
    assert shape == [
        (0, "/.well-known/resourcesync", "description", "urlset", 1),
        (1, "/cl.xml", "capabilitylist", "urlset", 4),
        (2, "/rli.xml", "resourcelist", "sitemapindex", 2),
        (3, "/rl1.xml", "resourcelist", "urlset", 1),
        (3, "/rl2.xml", "resourcelist", "urlset", 1),
        (2, "/cl-changes.xml", "changelist", "urlset", 1),
    ]
    assert [(c.capability, c.hub, c.findings) for c in result.channels()] == [
        ("change-notification", site.url("/hub"), []),
        ("framework-notification", site.url("/hub"), []),
    ]
    errors = [f for f in result.all_findings() if f.severity == "error"]
    assert errors == []
    assert all(n.state is NodeState.LOADED and n.body and n.document for n in result.nodes())
    assert progress[-1].documents_done == progress[-1].documents_known == 6
    # every read counts: the documents' bodies, and discovery's and the link checks' too
    assert progress[-1].bytes >= sum(len(n.body) for n in result.nodes())
    assert site.hits["/cl.xml"] == 1  # discovery's fetch is reused


async def test_json_shape() -> None:
    async with Site() as site, Fetcher() as fetcher:
        full_source(site)
        result = await Crawler(fetcher).crawl(site.url("/"))
    data = json.loads(json.dumps(result.to_json()))
    assert set(data) >= {"source", "discovery", "documents", "channels"}
    assert set(data["discovery"][0]) == {"route", "url", "ok", "detail"}
    assert set(data["documents"][1]) == {
        "url",
        "capability",
        "root",
        "status",
        "entries",
        "parent",
        "findings",
    }
    assert data["documents"][1]["parent"] == data["source"]
    assert set(data["channels"][0]) == {"topic", "hub", "capability", "capability_list", "findings"}


async def test_depth_leaves_children_pending_and_expand_loads_them() -> None:
    async with Site() as site, Fetcher() as fetcher:
        full_source(site)
        crawler = Crawler(fetcher)
        result = await crawler.crawl(site.url("/"), depth=1)
        cl = _node(result, "/cl.xml")
        assert cl.state is NodeState.LOADED and _waiting(cl)
        assert [c.state for c in cl.children] == [NodeState.PENDING, NodeState.PENDING]
        assert site.hits["/rli.xml"] == 0
        await crawler.expand(cl)
        assert [c.state for c in cl.children] == [NodeState.LOADED, NodeState.LOADED]
        index = _node(result, "/rli.xml")
        assert _waiting(index) and site.hits["/rl1.xml"] == 0
        await crawler.expand(index)
    assert not _waiting(index) and [c.entries for c in index.children] == [1, 1]


async def test_indexes_can_stay_lazy() -> None:
    async with Site() as site, Fetcher() as fetcher:
        full_source(site)
        result = await Crawler(fetcher).crawl(site.url("/"), expand_indexes=False)
    index = _node(result, "/rli.xml")
    assert index.state is NodeState.LOADED
    assert [c.state for c in index.children] == [NodeState.PENDING, NodeState.PENDING]


async def test_broken_links_and_404() -> None:
    async with Site() as site, Fetcher() as fetcher:
        full_source(site)
        del site.routes["/rl2.xml"]
        del site.routes["/about"]
        result = await Crawler(fetcher).crawl(site.url("/"))
    missing = _node(result, "/rl2.xml")
    assert missing.state is NodeState.FAILED and missing.status == 404
    assert _codes(missing) == ["http.status"]
    assert "http.link-broken" in _codes(result.root)
    assert site.hits["/about"] == 1  # the describedby target is checked once per crawl


async def test_redirects_are_reported_and_loops_caught() -> None:
    async with Site() as site, Fetcher() as fetcher:
        full_source(site)
        site.routes["/rl1.xml"], moved = (
            Reply(status=301, headers={"Location": "/moved.xml"}),
            site.routes["/rl1.xml"],
        )
        site.add("/moved.xml", moved)
        site.add("/rl2.xml", Reply(status=302, headers={"Location": "/rl2.xml?again"}))
        site.add("/rl2.xml?again", Reply(status=302, headers={"Location": "/rl2.xml"}))
        result = await Crawler(fetcher).crawl(site.url("/"))
    moved_node = _node(result, "/rl1.xml")
    assert moved_node.state is NodeState.LOADED and "http.redirect" in _codes(moved_node)
    assert moved_node.final_url == site.url("/moved.xml")
    looping = _node(result, "/rl2.xml")
    assert looping.state is NodeState.FAILED and "http.redirect-loop" in _codes(looping)


async def test_wrong_content_type() -> None:
    async with Site() as site, Fetcher() as fetcher:
        full_source(site)
        site.routes["/rl1.xml"].content_type = "text/html"  # type: ignore[union-attr]
        site.routes["/rl2.xml"].content_type = "text/xml; charset=utf-8"  # type: ignore[union-attr]
        result = await Crawler(fetcher).crawl(site.url("/"))
    assert _codes(_node(result, "/rl1.xml")) == ["http.content-type"]
    assert _codes(_node(result, "/rl2.xml")) == []


async def test_capability_mismatch_and_relation_checks() -> None:
    u = None
    async with Site() as site, Fetcher() as fetcher:
        u = site.url
        full_source(site)
        # declared resourcelist index, but a change list is served; its up points at itself
        site.add(
            "/cl-changes.xml",
            urlset("resourcelist", [(u("/res/a"), {})], links=[("up", u("/rl1.xml"))]),
        )
        # a component whose index link points at a urlset of another capability
        site.add(
            "/rl1.xml",
            urlset(
                "resourcelist",
                [(u("/res/1"), {})],
                links=[("up", u("/cl.xml")), ("index", u("/cl-x.xml"))],
            ),
        )
        site.add("/cl-x.xml", urlset("changelist", links=[("up", u("/cl.xml"))]))
        result = await Crawler(fetcher).crawl(site.url("/"))
    mismatch = _node(result, "/cl-changes.xml")
    assert "document.capability-mismatch" in _codes(mismatch)
    assert "http.up-target" in _codes(mismatch)
    assert "http.index-target" in _codes(_node(result, "/rl1.xml"))
    assert "http.index-target" not in _codes(_node(result, "/rl2.xml"))
    assert "http.up-target" not in _codes(_node(result, "/rl2.xml"))


async def test_child_capability_not_allowed_when_parent_declares_none() -> None:
    async with Site() as site, Fetcher() as fetcher:
        u = site.url
        site.add("/.well-known/resourcesync", urlset("description", [(u("/rl.xml"), {})]))
        site.add(
            "/rl.xml",
            urlset("resourcelist", [(u("/r"), {})], links=[("up", u("/.well-known/resourcesync"))]),
        )
        result = await Crawler(fetcher).crawl(u("/.well-known/resourcesync"))
    codes = _codes(_node(result, "/rl.xml"))
    assert "http.child-capability" in codes and "http.up-target" in codes


async def test_slow_document_times_out() -> None:
    # a read timeout of a second, which a loaded machine's loopback never comes near,
    # against a document held back three times as long
    async with Site() as site, Fetcher(timeout=Timeouts(5, 1.0, 5), retries=0) as fetcher:
        full_source(site)
        site.routes["/rl1.xml"].delay = 3.0  # type: ignore[union-attr]
        result = await Crawler(fetcher).crawl(site.url("/"))
    slow = _node(result, "/rl1.xml")
    assert slow.state is NodeState.FAILED and _codes(slow) == ["http.timeout"]
    assert _node(result, "/rl2.xml").state is NodeState.LOADED


async def test_oversized_document() -> None:
    async with Site() as site, Fetcher() as fetcher:
        full_source(site)
        big = urlset("resourcelist", [(site.url(f"/r/{n}"), {}) for n in range(500)])
        site.add("/rl1.xml", big)
        limits = CrawlLimits(max_document_bytes=4000)
        result = await Crawler(fetcher, limits=limits).crawl(site.url("/"))
    node = _node(result, "/rl1.xml")
    assert node.state is NodeState.FAILED and _codes(node) == ["http.too-large"]


async def test_cycles_never_loop() -> None:
    async with Site() as site, Fetcher() as fetcher:
        u = site.url
        site.add(
            "/.well-known/resourcesync",
            urlset(
                "description",
                [
                    (u("/cl.xml"), {"capability": "capabilitylist"}),
                    (u("/cl2.xml"), {"capability": "capabilitylist"}),
                ],
            ),
        )
        site.add(
            "/cl.xml",
            urlset(
                "capabilitylist",
                [
                    (u("/.well-known/resourcesync"), {"capability": "resourcelist"}),
                    (u("/cl2.xml"), {"capability": "resourcelist"}),
                ],
                links=[("up", u("/.well-known/resourcesync"))],
            ),
        )
        site.add(
            "/cl2.xml", urlset("capabilitylist", [], links=[("up", u("/.well-known/resourcesync"))])
        )
        result = await Crawler(fetcher).crawl(u("/.well-known/resourcesync"))
    cl = _node(result, "/cl.xml")
    assert "http.revisit" in _codes(cl)
    assert [c.state for c in cl.children] == [NodeState.DUPLICATE]
    assert site.hits["/cl2.xml"] == 1 and site.hits["/.well-known/resourcesync"] == 1


async def test_document_limit_stops_the_crawl() -> None:
    async with Site() as site, Fetcher() as fetcher:
        full_source(site)
        crawler = Crawler(fetcher, limits=CrawlLimits(max_documents=5))
        result = await crawler.crawl(site.url("/"))
    states = [n.state for n in result.nodes()]
    # discovery's three requests (/, well-known, robots.txt) count: its Source Description
    # is reused, then two more requests are allowed (documents or link checks)
    assert crawler.budget.documents == 5 and NodeState.SKIPPED in states
    assert 2 <= states.count(NodeState.LOADED) <= 3
    assert [f.code for f in result.findings] == ["http.limit-reached"]


async def test_should_stop_cancels_and_leaves_nodes_pending() -> None:
    async with Site() as site, Fetcher() as fetcher:
        full_source(site)
        done: list[Progress] = []
        crawler = Crawler(
            fetcher,
            on_progress=done.append,
            should_stop=lambda: bool(done) and done[-1].documents_done >= 2,
        )
        result = await crawler.crawl(site.url("/"))
    states = [n.state for n in result.nodes()]
    assert states[:2] == [NodeState.LOADED, NodeState.LOADED]
    assert set(states[2:]) == {NodeState.PENDING}
    assert done[-1].documents_known == done[-1].documents_done == 2


async def test_channel_checks() -> None:
    async with Site() as site, Fetcher() as fetcher:
        u = site.url
        full_source(site)
        site.add(
            "/cl.xml",
            urlset(
                "capabilitylist",
                [
                    (u("/t/no-hub"), {"capability": "change-notification"}),
                    (u("/t/missing"), {"capability": "change-notification"}, [("hub", u("/hub"))]),
                    (u("/t/html"), {"capability": "framework-notification"}, [("hub", u("/hub"))]),
                    (u("/t/nolinks"), {"capability": "change-notification"}, [("hub", u("/hub"))]),
                    (
                        u("/t/other-hub"),
                        {"capability": "change-notification"},
                        [("hub", u("/hub"))],
                    ),
                ],
                links=[("up", u("/.well-known/resourcesync"))],
            ),
        )
        _topic(site, "/t/html", u("/hub"), content_type="text/html")
        _topic(site, "/t/nolinks", u("/hub"), link="")
        _topic(site, "/t/other-hub", "http://elsewhere/hub")
        result = await Crawler(fetcher).crawl(site.url("/"))
    by_topic = {
        c.topic.removeprefix(site.base_url): [f.code for f in c.findings] for c in result.channels()
    }
    assert by_topic == {
        "/t/no-hub": ["http.channel-no-hub"],
        "/t/missing": ["http.topic-status"],
        "/t/html": ["http.topic-content-type"],
        "/t/nolinks": ["http.topic-link-self", "http.topic-link-hub"],
        "/t/other-hub": ["http.topic-hub-mismatch"],
    }
    assert ("HEAD", "/t/html") in site.methods and ("GET", "/t/html") in site.methods


async def test_nothing_discovered_gives_an_empty_tree() -> None:
    async with Site() as site, Fetcher() as fetcher:
        result = await Crawler(fetcher).crawl(site.url("/"))
    assert result.root is None and result.documents() == []
    assert [f.code for f in result.findings] == ["http.discovery-failed"]


async def test_add_source_helper_is_clean() -> None:
    async with Site() as site, Fetcher() as fetcher:
        urls = add_source(site)
        result = await Crawler(fetcher).crawl(urls["rl"])
    assert [n.url for n in result.nodes()] == [urls["sd"], urls["cl"], urls["rl"]]


async def test_byte_limit_stops_the_crawl() -> None:
    async with Site() as site, Fetcher() as fetcher:
        full_source(site)
        result = await Crawler(fetcher, limits=CrawlLimits(max_bytes=1500)).crawl(site.url("/"))
    assert [f.code for f in result.findings] == ["http.limit-reached"]
    assert NodeState.SKIPPED in [n.state for n in result.nodes()]


async def test_on_node_and_cancel() -> None:
    seen: list[str] = []
    async with Site() as site, Fetcher() as fetcher:
        full_source(site)
        crawler = Crawler(fetcher)

        def record(node: DocumentNode) -> None:
            seen.append(node.url.removeprefix(site.base_url))
            if node.url.endswith("/cl.xml"):
                crawler.cancel()

        crawler.on_node = record
        result = await crawler.crawl(site.url("/"))
    assert seen[:2] == ["/.well-known/resourcesync", "/cl.xml"]
    assert {n.state for n in result.nodes()[2:]} == {NodeState.PENDING}


async def test_retries_and_gzip_documents() -> None:
    calls = 0

    async def flaky(request):
        nonlocal calls
        calls += 1
        if calls == 1:
            return web.Response(status=503)
        return web.Response(body=gzip.compress(listed.encode()), content_type="application/gzip")

    async with Site() as site, Fetcher(backoff=0.01) as fetcher:
        full_source(site)
        listed = site.routes["/rl1.xml"].body  # type: ignore[union-attr]
        site.add("/rl1.xml", flaky)
        result = await Crawler(fetcher).crawl(site.url("/"))
    node = _node(result, "/rl1.xml")
    assert node.state is NodeState.LOADED and node.entries == 1
    assert _codes(node) == ["http.retried"]


async def test_cancelling_the_task_stops_at_once() -> None:
    """The crawl ends as soon as it is cancelled, without waiting for a reply that is held
    back until the test says so; the hold is then lifted, so the server closes at once."""
    release, finished = asyncio.Event(), asyncio.Event()

    async def held(request: web.Request) -> web.Response:
        try:
            await release.wait()
            return web.Response(status=404)
        finally:
            finished.set()

    async with Site() as site, Fetcher() as fetcher:
        full_source(site)
        site.add("/rl1.xml", held)
        crawler = Crawler(fetcher)
        task = asyncio.create_task(crawler.crawl(site.url("/")))
        try:
            while site.hits["/rl1.xml"] == 0:
                await asyncio.sleep(0.01)
            before = asyncio.all_tasks()
            task.cancel()
            done, _ = await asyncio.wait({task}, timeout=HANG_SECONDS)
            assert task in done and task.cancelled()
        finally:
            release.set()
        await asyncio.wait_for(finished.wait(), HANG_SECONDS)
        left = {t for t in before if t is not task and not t.done()}
        assert not [t for t in left if "_follow_links" in repr(t.get_coro())]
        cut_short = _node(crawler.result, "/rl1.xml")
        assert cut_short.state is NodeState.PENDING


async def test_concurrent_expands_both_finish_their_checks() -> None:
    async with Site() as site, Fetcher() as fetcher:
        full_source(site)
        for name in ("rl1", "rl2"):  # describedby targets that answer slowly, then 404
            site.add(
                f"/{name}.xml",
                urlset(
                    "resourcelist",
                    [(site.url(f"/res/{name}"), {})],
                    links=[
                        ("up", site.url("/cl.xml")),
                        ("index", site.url("/rli.xml")),
                        ("describedby", site.url(f"/slow-{name}")),
                    ],
                ),
            )
            site.add(f"/slow-{name}", Reply(status=404, delay=0.1 if name == "rl1" else 0.3))
        crawler = Crawler(fetcher)
        result = await crawler.crawl(site.url("/"), depth=2, expand_indexes=False)
        first, second = _node(result, "/rl1.xml"), _node(result, "/rl2.xml")
        await asyncio.gather(crawler.expand(first), crawler.expand(second))
    assert "http.link-broken" in _codes(first) and "http.link-broken" in _codes(second)


async def test_describedby_targets_past_the_check_limit_are_counted_not_fetched() -> None:
    async with Site() as site, Fetcher() as fetcher:
        urls = add_source(site)
        components = [site.url(f"/rs/list{i}.xml") for i in range(5)]
        site.add(
            "/rs/resourcelist.xml",
            urlset("resourcelist", [(loc, {}) for loc in components], root="sitemapindex"),
        )
        for i in range(len(components)):
            site.add(
                f"/rs/list{i}.xml",
                urlset(
                    "resourcelist",
                    [(site.url(f"/res/{i}"), {})],
                    links=[
                        ("up", urls["cl"]),
                        ("index", urls["rl"]),
                        ("describedby", site.url(f"/about/{i}")),
                    ],
                ),
            )
            site.add(f"/about/{i}", Reply("about", content_type="text/html"))
        crawler = Crawler(fetcher, limits=CrawlLimits(max_link_checks=2))
        result = await crawler.crawl(urls["sd"])
    checked = [i for i in range(5) if site.hits[f"/about/{i}"]]
    notes = [f for f in result.findings if f.code == "http.links-sampled"]
    assert len(checked) == 2
    assert len(notes) == 1 and "3 more were not checked" in notes[0].message
