"""Framework notifications: refetch each named document and diff it, or say why not."""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator

import pytest
from aiohttp import web
from helpers.loopback import loopback

from explorer.core.change_descriptions import change_lines
from explorer.core.parser import parse_document
from explorer.net.http.fetcher import Fetcher
from explorer.net.live.refetch import (
    ChangeTracker,
    MemoryDocumentVersions,
    refetch_entry,
    refetch_notification,
)
from explorer.net.live.subscriber_events import NOTIFICATION, SubscriberEvent

HEAD = (
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/">'
)


def resource_list(*names: str, length: str = "1") -> bytes:
    body = "".join(
        f'<url><loc>http://example.com/{n}</loc><rs:md length="{length}"/></url>' for n in names
    )
    md = '<rs:md capability="resourcelist" at="2024-01-01T00:00:00Z"/>'
    return f"{HEAD}{md}{body}</urlset>".encode()


def framework(*items: tuple[str, str]) -> bytes:
    body = "".join(
        f'<url><loc>{loc}</loc><rs:md change="{change}" capability="resourcelist"/></url>'
        for loc, change in items
    )
    return f'{HEAD}<rs:md capability="framework-notification"/>{body}</urlset>'.encode()


class Site:
    """path -> (status, body) on 127.0.0.1, port 0; counts hits."""

    def __init__(self) -> None:
        self.pages: dict[str, tuple[int, bytes]] = {}
        self.hits: Counter[str] = Counter()
        self.base = ""

    async def handle(self, request: web.Request) -> web.Response:
        self.hits[request.path] += 1
        status, body = self.pages.get(request.path, (404, b"not here"))
        return web.Response(status=status, body=body, content_type="application/xml")


@pytest.fixture
async def site() -> AsyncIterator[Site]:
    state = Site()
    app = web.Application()
    app.router.add_get("/{tail:.*}", state.handle)
    async with loopback(app) as server:
        state.base = server.base_url
        yield state


@pytest.fixture
async def fetcher() -> AsyncIterator[Fetcher]:
    async with Fetcher(timeout=2.0, retries=0) as client:
        yield client


async def test_created_document_shows_every_entry_as_added(site: Site, fetcher: Fetcher) -> None:
    site.pages["/rl.xml"] = (200, resource_list("a", "b"))
    versions = MemoryDocumentVersions()
    doc = parse_document(framework((site.base + "/rl.xml", "created")))
    [result] = await refetch_notification(doc, fetcher, versions)
    assert result.reason is None and result.findings == []
    assert result.structural is not None and result.structural.summary() == {
        "added": 2,
        "removed": 0,
        "changed": 0,
    }
    assert result.lines is not None and result.lines.removed_lines == 0
    assert versions.latest(site.base + "/rl.xml") == resource_list("a", "b")
    data = result.to_json()
    assert data["diff"] == {"added": 2, "removed": 0, "changed": 0}
    assert data["added_locs"] == ["http://example.com/a", "http://example.com/b"]


async def test_updated_document_is_diffed_against_the_version_held(
    site: Site, fetcher: Fetcher
) -> None:
    url = site.base + "/rl.xml"
    versions = MemoryDocumentVersions()
    versions.remember(url, resource_list("a", "b"))
    site.pages["/rl.xml"] = (200, resource_list("b", "c", length="2"))
    doc = parse_document(framework((url, "updated")))
    [result] = await refetch_notification(doc, fetcher, versions, offload=False)
    assert result.structural is not None
    assert result.to_json()["diff"] == {"added": 1, "removed": 1, "changed": 1}
    assert result.lines is not None and not result.lines.identical
    assert versions.latest(url) == resource_list("b", "c", length="2")


async def test_without_an_earlier_version_the_diff_is_absent_until_the_next_one(
    site: Site, fetcher: Fetcher
) -> None:
    url = site.base + "/rl.xml"
    versions = MemoryDocumentVersions()
    site.pages["/rl.xml"] = (200, resource_list("a"))
    entry = parse_document(framework((url, "updated"))).entries[0]
    first = await refetch_entry(entry, fetcher, versions)
    assert first.structural is None and first.findings == []
    assert first.reason is not None and "no earlier version" in first.reason
    site.pages["/rl.xml"] = (200, resource_list("a", "z"))
    second = await refetch_entry(entry, fetcher, versions)
    assert second.to_json()["diff"] == {"added": 1, "removed": 0, "changed": 0}


async def test_unfetchable_document_gives_no_diff_and_a_reason(
    site: Site, fetcher: Fetcher
) -> None:
    versions = MemoryDocumentVersions()
    versions.remember(site.base + "/missing.xml", resource_list("a"))
    doc = parse_document(
        framework(
            (site.base + "/missing.xml", "updated"), ("http://127.0.0.1:9/refused.xml", "created")
        )
    )
    missing, refused = await refetch_notification(doc, fetcher, versions)
    assert missing.structural is None and missing.lines is None
    assert missing.reason is not None and "HTTP 404" in missing.reason
    assert [f.code for f in missing.findings] == ["changes.refetch-failed"]
    assert missing.findings[0].url == site.base + "/missing.xml"
    assert missing.to_json()["diff"] is None
    assert refused.structural is None and refused.reason and "could not fetch" in refused.reason
    # the version held is kept for when the document comes back
    assert versions.latest(site.base + "/missing.xml") == resource_list("a")


async def test_unreadable_document_gives_no_diff_and_a_reason(site: Site, fetcher: Fetcher) -> None:
    site.pages["/broken.xml"] = (200, b"<urlset><url>")
    versions = MemoryDocumentVersions()
    entry = parse_document(framework((site.base + "/broken.xml", "created"))).entries[0]
    result = await refetch_entry(entry, fetcher, versions)
    assert result.structural is None and "cannot be read" in (result.reason or "")
    assert [f.code for f in result.findings] == ["changes.refetch-failed"]
    assert versions.latest(site.base + "/broken.xml") is None


async def test_deleted_document_is_not_fetched(site: Site, fetcher: Fetcher) -> None:
    entry = parse_document(framework((site.base + "/old.xml", "deleted"))).entries[0]
    result = await refetch_entry(entry, fetcher, MemoryDocumentVersions())
    assert result.structural is None and "deleted" in (result.reason or "")
    assert site.hits["/old.xml"] == 0


def test_memory_versions_drop_the_least_recently_used() -> None:
    versions = MemoryDocumentVersions(max_bytes=10)
    versions.remember("a", b"12345")
    versions.remember("b", b"12345")
    assert versions.latest("a") == b"12345"  # a is now the most recently used
    versions.remember("c", b"123")
    assert versions.latest("b") is None and versions.latest("a") is not None
    assert len(versions) == 2


def test_tracker_enriches_change_notifications_with_per_entry_diffs() -> None:
    tracker = ChangeTracker()
    topic = "http://example.com/notifications"
    body = (
        f'{HEAD}<rs:md capability="change-notification" from="2024-01-01T00:00:00Z" '
        'until="2024-01-02T00:00:00Z"/>'
        '<url><loc>http://example.com/a</loc><rs:md change="created" length="1" '
        'hash="md5:aa" datetime="2024-01-01T01:00:00Z"/></url>'
        '<url><loc>http://example.com/a</loc><rs:md change="updated" length="2" '
        'hash="md5:bb" datetime="2024-01-01T02:00:00Z"/></url>'
        '<url><loc>http://example.com/b</loc><rs:md change="deleted" '
        'datetime="2024-01-01T03:00:00Z"/></url></urlset>'
    )
    event = SubscriberEvent(NOTIFICATION, topic, document=parse_document(body.encode()))
    enriched = tracker.enrich(event)
    assert [d["change"] for d in enriched.diff] == ["created", "updated", "deleted"]
    assert enriched.diff[1]["before"]["hash"] == "md5:aa"
    assert enriched.diff[1]["after"]["hash"] == "md5:bb"
    assert enriched.diff[1]["changed"] == ["hash", "length"]
    assert enriched.findings == []  # no Resource List read: b is not "never seen"
    assert enriched.to_json()["diff"] == enriched.diff
    assert tracker.state_for(topic).get("http://example.com/a") is not None


async def test_tracker_refetches_framework_notifications_with_one_client(site: Site) -> None:
    made: list[Fetcher] = []

    def fetcher() -> Fetcher:
        made.append(Fetcher(timeout=2.0, retries=0))
        return made[-1]

    tracker = ChangeTracker(fetcher_factory=fetcher)
    site.pages["/rl.xml"] = (200, resource_list("a"))
    doc = parse_document(
        framework((site.base + "/rl.xml", "created"), (site.base + "/gone.xml", "updated"))
    )
    event = SubscriberEvent(NOTIFICATION, site.base + "/fn", document=doc)
    assert tracker.enrich(event) is event  # the network is refetch's, never enrich's
    try:
        enriched = await tracker.refetch(event)
        await tracker.refetch(event)
    finally:
        await tracker.aclose()
    assert len(made) == 1
    created, gone = enriched.diff
    assert created["diff"] == {"added": 1, "removed": 0, "changed": 0}
    assert gone["diff"] is None and "HTTP 404" in gone["reason"]
    assert [f.code for f in enriched.findings] == ["changes.refetch-failed"]


class _Kept(MemoryDocumentVersions):
    """Versions that note which notification each remembered document was read for."""

    def __init__(self) -> None:
        super().__init__()
        self.read_for: dict[str, int | None] = {}

    def remember(self, url: str, data: bytes, notification: int | None = None) -> None:
        self.read_for[url] = notification
        super().remember(url, data, notification)


async def test_refetched_versions_are_kept_under_the_notification_that_named_them(
    site: Site,
) -> None:
    """The notification id reaches the versions as an argument, through every await and
    worker thread of the refetch (no ambient context carries it)."""
    versions = _Kept()
    tracker = ChangeTracker(versions, fetcher_factory=lambda: Fetcher(timeout=2.0, retries=0))
    site.pages["/rl.xml"] = (200, resource_list("a"))
    doc = parse_document(framework((site.base + "/rl.xml", "created")))
    event = SubscriberEvent(NOTIFICATION, site.base + "/fn", document=doc, notification_id=41)
    try:
        await tracker.refetch(event)
    finally:
        await tracker.aclose()
    assert versions.read_for == {site.base + "/rl.xml": 41}


def test_tracker_leaves_other_events_alone() -> None:
    event = SubscriberEvent(NOTIFICATION, "t", document=None)
    assert ChangeTracker().enrich(event) is event


def test_describe_diff_gives_one_line_per_entry() -> None:
    lines = change_lines(
        [
            {
                "loc": "http://example.com/a",
                "change": "updated",
                "before": {"length": "1"},
                "after": {"length": "2"},
                "changed": ["length"],
            },
            {
                "loc": "http://example.com/b",
                "change": "deleted",
                "before": {"length": "3"},
                "after": {},
                "changed": [],
            },
            {
                "loc": "http://example.com/c",
                "change": "created",
                "before": None,
                "after": {"length": "4"},
                "changed": [],
            },
            {
                "loc": "http://example.com/cl.xml",
                "change": "updated",
                "capability": "changelist",
                "diff": {"added": 1, "removed": 0, "changed": 0},
                "reason": None,
                "added_locs": ["http://example.com/c"],
            },
            {
                "loc": "http://example.com/rl.xml",
                "change": "updated",
                "capability": "resourcelist",
                "diff": None,
                "reason": "could not fetch it (HTTP 404)",
            },
        ]
    )
    assert lines == [
        "updated http://example.com/a: length 1 → 2",
        "deleted http://example.com/b: last known length 3",
        "created http://example.com/c: not seen before",
        "updated changelist http://example.com/cl.xml: 1 added, 0 removed, 0 changed "
        "(+ http://example.com/c)",
        "updated resourcelist http://example.com/rl.xml: no diff (could not fetch it (HTTP 404))",
    ]
