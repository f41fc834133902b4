"""Finding a Source Description from any URL (core 1.1 §6.3).

Every route is tried, so the report says both how the Source was found and which of the
spec's advertising mechanisms are missing or broken:

- ``direct``: the URL is itself a ResourceSync document; ``up`` links lead to the top;
- ``link-header``: its HTTP ``Link`` header has ``rel="resourcesync"`` (§6.3.3);
- ``html-link``: it is an HTML page with ``<link rel="resourcesync">`` in its head (§6.3.3);
- ``well-known``: ``/.well-known/resourcesync`` on its origin (§6.3.2);
- ``robots``: ``Sitemap:`` lines of ``/robots.txt``, then ``up`` links (§6.3.4).

Links usually reach a Capability List; from any document the climb follows ``up`` (or,
for an index component without one, ``index``) to the Source Description (§6.2).
The winner is the first route, in the order above, that reached a Source Description
(or, failing that, any ResourceSync document).

Budget: every candidate (the start URL, link targets, well-known, robots.txt and its
Sitemaps, each step of a climb) is fetched through the crawl's ``CrawlBudget``, one at a
time per route. Targets of ``resourcesync`` links are read up to ``LINKED_DOCUMENT_BYTES``
only (they should be Capability Lists); bodies are dropped once read, and only small ones
are kept for the crawl to reuse.

Usage::

    discovery = await discover_source("https://example.org/", fetcher)
    discovery.source_url   # the top document reached, or None
    discovery.route        # Route.WELL_KNOWN, ...
    discovery.attempts     # every route with url, ok and detail
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine, Iterable
from dataclasses import dataclass, field, replace
from typing import Any
from urllib.parse import urljoin, urlsplit, urlunsplit

from lxml import etree
from lxml import html as lxml_html

from explorer.core.addresses import cause_line, connection_cause
from explorer.core.auth import auth_finding
from explorer.core.findings import Finding, finding
from explorer.core.model import Document
from explorer.core.parser import DocumentParseError, parse_document
from explorer.core.rules.capabilities import DESCRIPTION, display_name
from explorer.core.rules.well_known import WELL_KNOWN_PATH
from explorer.core.words.messages import Phrase, said, verbatim
from explorer.net.http.fetcher import SPOOL_BODY_BYTES, Fetcher, FetchError, FetchResult
from explorer.net.source.crawl_budget import CrawlBudget
from explorer.net.source.routes import ROUTE_ORDER as ROUTE_ORDER
from explorer.net.source.routes import Route as Route

MAX_CLIMB = 8
"""Longest up-chain followed: resource list -> index -> capability list -> description is 3."""
MAX_ROBOTS_SITEMAPS = 10
MAX_LINK_TARGETS = 10
"""``resourcesync`` targets of a Link header or an HTML page tried, at once: a page
linking to 2,000 of them costs ten requests, not 2,000 (robots.txt has the same cap)."""
DISCOVERY_SECONDS = 60.0
"""Every route ends within this: one whose targets answer slowly is reported unfinished."""
HTML_SCAN_BYTES = 1024 * 1024
"""Only the start of an HTML page is read for its head: enough for any real <head>."""
HTML_TYPES = ("text/html", "application/xhtml+xml")
ROBOTS_BYTES = 512 * 1024
LINKED_DOCUMENT_BYTES = 8 * 1024 * 1024
"""Read of a ``resourcesync`` link target: a Capability List (core 1.1 §6.3.3) lists a few
capabilities, so a page linking to dozens of huge bodies costs a bounded read each."""


@dataclass(slots=True)
class RouteAttempt:
    """One discovery route: the URL it started from, whether it reached a document, and why.

    ``chain`` lists (url, capability) from where the route entered the hierarchy up to the
    top it reached.
    """

    route: Route
    url: str
    ok: bool
    detail: str
    chain: list[tuple[str, str | None]] = field(default_factory=list)
    said: Phrase | None = field(default=None, compare=False)
    """``detail`` in words every language can say (``detail`` is its English)."""

    @classmethod
    def saying(
        cls,
        route: Route,
        url: str,
        ok: bool,
        said: Phrase,
        chain: list[tuple[str, str | None]] | None = None,
    ) -> RouteAttempt:
        return cls(route, url, ok, str(said), chain or [], said)

    def restate(self, said: Phrase) -> None:
        """Say the detail anew (a route's own words around what it found)."""
        self.said, self.detail = said, str(said)

    @property
    def phrase(self) -> Phrase:
        """What to say: the catalog phrase, or the plain detail as it came."""
        return self.said or verbatim(self.detail)

    @property
    def top_url(self) -> str | None:
        return self.chain[-1][0] if self.chain else None

    @property
    def top_capability(self) -> str | None:
        return self.chain[-1][1] if self.chain else None

    def to_json(self) -> dict[str, Any]:
        return {"route": str(self.route), "url": self.url, "ok": self.ok, "detail": self.detail}


@dataclass(slots=True)
class Discovery:
    """The outcome of ``discover_source``.

    ``source_url`` is the top document reached (a Source Description when ``findings``
    has no ``http.not-source-description``), or None when every route failed.
    ``fetched`` keeps the responses read on the way so the crawl reuses them (bodies only
    of small documents), ``documents`` the capability and root of each document read
    (without its entries).
    """

    start_url: str
    source_url: str | None = None
    route: Route | None = None
    attempts: list[RouteAttempt] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    fetched: dict[str, FetchResult] = field(default_factory=dict)
    documents: dict[str, Document] = field(default_factory=dict)
    cause: str | None = None  # every route failed for this one reason (REFUSED, ...)

    @property
    def ok(self) -> bool:
        return self.source_url is not None

    def to_json(self) -> list[dict[str, Any]]:
        return [attempt.to_json() for attempt in self.attempts]


async def discover_source(
    url: str,
    fetcher: Fetcher,
    routes: Iterable[Route] = ROUTE_ORDER,
    *,
    budget: CrawlBudget | None = None,
) -> Discovery:
    """Try the §6.3 routes from ``url`` (all by default) and pick the Source Description;
    never raises for network or content problems (they become attempt details and
    findings). Restricting ``routes`` shows whether one mechanism works on its own.
    ``budget`` is the crawl's (a fresh default one otherwise)."""
    budget = budget if budget is not None else CrawlBudget()
    return await _Discoverer(url, fetcher, frozenset(routes), budget).run()


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "", "", ""))


def robots_sitemaps(text: str, base_url: str) -> list[str]:
    """The ``Sitemap:`` directives of a robots.txt, in order, resolved and de-duplicated."""
    found: list[str] = []
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        name, sep, value = line.partition(":")
        if sep and name.strip().lower() == "sitemap" and value.strip():
            target = urljoin(base_url, value.strip())
            if target not in found:
                found.append(target)
    return found


def html_resourcesync_links(data: bytes, base_url: str) -> list[str]:
    """Targets of ``<link rel="resourcesync">`` in an HTML page's head (§6.3.3).

    Parsed with lxml's HTML parser with network access off, from at most the first
    megabyte; ``<base href>`` is honoured. Bad markup yields an empty list.
    """
    parser = lxml_html.HTMLParser(no_network=True, remove_comments=True, remove_pis=True)
    try:
        tree = lxml_html.document_fromstring(data[:HTML_SCAN_BYTES], parser=parser)
    except (etree.ParserError, ValueError):
        return []
    head = tree.find("head")
    if head is None:
        return []
    base = base_url
    for element in head.iter("base"):
        if element.get("href"):
            base = urljoin(base_url, element.get("href", "").strip())
            break
    targets: list[str] = []
    for element in head.iter("link"):
        rels = (element.get("rel") or "").lower().split()
        href = (element.get("href") or "").strip()
        if "resourcesync" in rels and href:
            target = urljoin(base, href)
            if target not in targets:
                targets.append(target)
    return targets


@dataclass(slots=True)
class _Loaded:
    """A candidate once read: the response without its body (None when the budget was
    spent), the document, why it is not one, and an HTML page's resourcesync links."""

    result: FetchResult | None
    document: Document | None
    problem: Phrase
    html_links: list[str] = field(default_factory=list)


class _Discoverer:
    def __init__(
        self, url: str, fetcher: Fetcher, routes: frozenset[Route], budget: CrawlBudget
    ) -> None:
        self.fetcher = fetcher
        self.budget = budget
        self.routes = routes
        self.discovery = Discovery(start_url=url)
        self._loads: dict[str, asyncio.Task[_Loaded]] = {}
        self._refused: dict[str, FetchResult] = {}  # first 401/403 per origin

    async def run(self) -> Discovery:
        url = self.discovery.start_url
        origin = origin_of(url)
        groups = await asyncio.gather(
            _within(DISCOVERY_SECONDS, url, self._from_start(url)),
            _within(DISCOVERY_SECONDS, url, self._well_known(origin))
            if Route.WELL_KNOWN in self.routes
            else _none(),
            _within(DISCOVERY_SECONDS, url, self._robots(origin))
            if Route.ROBOTS in self.routes
            else _none(),
        )
        attempts = [attempt for group in groups if group for attempt in group]
        attempts.sort(key=lambda a: ROUTE_ORDER.index(a.route))
        self.discovery.attempts = attempts
        self._choose(attempts)
        return self.discovery

    def _choose(self, attempts: list[RouteAttempt]) -> None:
        found = [a for a in attempts if a.ok]
        if not found and (single := self._single_cause(attempts)) is not None:
            self.discovery.findings.append(single)
            return
        if not found:
            self.discovery.findings += self._refusal_findings()
            self.discovery.findings.append(
                finding(
                    "http.discovery-failed",
                    url=self.discovery.start_url,
                    params={
                        "url": self.discovery.start_url,
                        "routes": ", ".join(str(a.route) for a in attempts),
                        "refused": ", ".join(self._refused),
                        "origins": ", ".join(
                            f"{origin} (HTTP {result.status})"
                            for origin, result in self._refused.items()
                        ),
                        "code": self._refusal_code(),
                        "details": "; ".join(f"{a.route}: {a.detail}" for a in attempts),
                    },
                    variant="refused" if self._refused else "",
                )
            )
            return
        described = [a for a in found if a.top_capability == DESCRIPTION]
        best = (described or found)[0]
        self.discovery.source_url = best.top_url
        self.discovery.route = best.route
        if not described:
            # At /.well-known/resourcesync the top is served where the Source Description
            # belongs (core 1.1 §8): the fix is there, not a missing up link.
            at_well_known = urlsplit(best.top_url).path == WELL_KNOWN_PATH
            self.discovery.findings.append(
                finding(
                    "http.not-source-description",
                    url=best.top_url,
                    params={"url": best.top_url, "name": display_name(best.top_capability)},
                    variant="well-known" if at_well_known else "",
                )
            )
        tops = {a.top_url for a in described}
        if len(tops) > 1:
            listing = ", ".join(f"{a.route} → {a.top_url}" for a in described)
            self.discovery.findings.append(
                finding(
                    "http.discovery-disagree",
                    url=self.discovery.start_url,
                    params={"listing": listing},
                )
            )
        well_known = next((a for a in attempts if a.route is Route.WELL_KNOWN), None)
        if (
            described
            and well_known is not None
            and not (well_known.ok and well_known.top_capability == DESCRIPTION)
        ):
            self.discovery.findings.append(
                finding(
                    "http.no-well-known",
                    url=well_known.url,
                    params={
                        "route": str(best.route),
                        "url": well_known.url,
                        "detail": well_known.phrase,
                    },
                )
            )

    def _single_cause(self, attempts: list[RouteAttempt]) -> Finding | None:
        """One finding when every route failed for one reason a user can act on (nothing
        listens, unknown host, no answer): said once, not once per route."""
        causes = {connection_cause(a.detail) for a in attempts}
        if not attempts or len(causes) != 1 or None in causes:
            return None
        cause = self.discovery.cause = causes.pop()
        url = self.discovery.start_url
        parts = urlsplit(url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
        return finding(
            "http.discovery-failed",
            url=url,
            params={
                "url": url,
                "host": parts.hostname,
                "port": port,
                "cause": cause_line(url, cause or ""),
            },
            variant=f"cause-{cause}",
        )

    def _note_refusal(self, result: FetchResult) -> None:
        if result.status in (401, 403):
            self._refused.setdefault(origin_of(result.final_url), result)

    def _refusal_findings(self) -> list[Finding]:
        """``http.auth-required``/``http.forbidden`` once per origin that refused us: when
        no route works, that is what the user has to fix."""
        return [
            auth_finding(
                result.final_url,
                result.status or 0,
                result.headers.get_list("www-authenticate"),
                credentials_sent=result.credentials_sent,
            )
            for result in self._refused.values()
        ]

    def _refusal_code(self) -> str:
        """The code of the refusal findings to see: 401 anywhere asks for credentials."""
        unauthorized = any(result.status == 401 for result in self._refused.values())
        return "http.auth-required" if unauthorized else "http.forbidden"

    async def _load(self, url: str, max_bytes: int | None = None) -> _Loaded:
        """Read a candidate once (the first caller's ``max_bytes`` applies)."""
        task = self._loads.get(url)
        if task is None:
            task = self._loads[url] = asyncio.ensure_future(self._fetch_and_parse(url, max_bytes))
        return await task

    async def _fetch_and_parse(self, url: str, max_bytes: int | None) -> _Loaded:
        async with self.budget.fetch(self.fetcher, url, max_bytes=max_bytes) as result:
            if result is None:
                return _Loaded(None, None, said("discovery.budget-spent"))
            self._note_refusal(result)
            loaded = await self._read(url, result)
            kept = result if loaded.document is not None else replace(result, body=b"")
            if len(kept.body) <= SPOOL_BODY_BYTES:
                self.discovery.fetched[url] = kept
            loaded.result = replace(result, body=b"")
            return loaded

    async def _read(self, url: str, result: FetchResult) -> _Loaded:
        if result.error is FetchError.TOO_LARGE:
            self.discovery.findings.append(
                finding(
                    "http.too-large",
                    url=url,
                    params={"url": url, "reason": result.problem()},
                    variant="discovery",
                )
            )
        if not result.ok:
            return _Loaded(result, None, said("discovery.fetch", reason=result.problem()))
        if result.content_type in HTML_TYPES:
            links = html_resourcesync_links(result.body, result.final_url)
            return _Loaded(
                result, None, said("discovery.html-page", type=result.content_type), links
            )
        try:
            document = await _parse(result.body)
        except DocumentParseError as exc:
            return _Loaded(result, None, said("discovery.not-resourcesync", finding=exc.finding))
        if document.capability is None:
            return _Loaded(result, document, said("discovery.no-capability"))
        self.discovery.documents[url] = replace(document, entries=[])
        return _Loaded(result, document, verbatim(""))

    async def _climb(
        self, route: Route, start: str, entry: str, max_bytes: int | None = None
    ) -> RouteAttempt:
        """Follow up (or index) links from ``entry`` (read up to ``max_bytes``) to the top
        of the hierarchy."""
        chain: list[tuple[str, str | None]] = []
        current: str | None = entry
        while current is not None and len(chain) < MAX_CLIMB:
            if any(url == current for url, _ in chain):
                break
            loaded = await self._load(current, max_bytes if not chain else None)
            document = loaded.document
            if document is None or document.capability is None:
                if not chain:
                    where = said("discovery.at", url=current, problem=loaded.problem)
                    return RouteAttempt.saying(route, start, False, where)
                detail = said(
                    "discovery.up-link-is",
                    chain=_describe_chain(chain),
                    url=current,
                    problem=loaded.problem,
                )
                return RouteAttempt.saying(route, start, True, detail, chain)
            chain.append((current, document.capability))
            if document.capability == DESCRIPTION:
                break
            target = document.link_href("up")
            if target is None and not document.is_index:
                target = document.link_href("index")
            base = loaded.result.final_url if loaded.result is not None else current
            current = urljoin(base, target) if target else None
        return RouteAttempt.saying(route, start, True, _describe_chain(chain), chain)

    async def _from_start(self, url: str) -> list[RouteAttempt]:
        if not self.routes & {Route.DIRECT, Route.LINK_HEADER, Route.HTML_LINK}:
            return []
        loaded = await self._load(url)
        result = loaded.result
        if result is None or not result.ok:
            reason = said("discovery.at", url=url, problem=loaded.problem)
            return [
                RouteAttempt.saying(route, url, False, reason)
                for route in (Route.DIRECT, Route.LINK_HEADER, Route.HTML_LINK)
            ]
        attempts = await asyncio.gather(
            self._direct(url, loaded) if Route.DIRECT in self.routes else _none(),
            self._link_header(url, result) if Route.LINK_HEADER in self.routes else _none(),
            self._html_link(url, loaded) if Route.HTML_LINK in self.routes else _none(),
        )
        return [attempt for attempt in attempts if attempt is not None]

    async def _direct(self, url: str, loaded: _Loaded) -> RouteAttempt:
        if loaded.document is None or loaded.document.capability is None:
            the_url = said("discovery.the-url-is", problem=loaded.problem)
            return RouteAttempt.saying(Route.DIRECT, url, False, the_url)
        return await self._climb(Route.DIRECT, url, url)

    async def _link_header(self, url: str, result: FetchResult) -> RouteAttempt:
        targets = result.link_hrefs("resourcesync")
        if not targets:
            return RouteAttempt.saying(
                Route.LINK_HEADER, url, False, said("discovery.no-link-header")
            )
        return await self._first_working(Route.LINK_HEADER, url, targets)

    async def _html_link(self, url: str, loaded: _Loaded) -> RouteAttempt:
        result = loaded.result
        assert result is not None  # _from_start returned early otherwise
        if result.content_type not in HTML_TYPES:
            shown = result.content_type or said("discovery.no-content-type")
            return RouteAttempt.saying(
                Route.HTML_LINK, url, False, said("discovery.not-html", type=shown)
            )
        targets = loaded.html_links
        if not targets:
            return RouteAttempt.saying(Route.HTML_LINK, url, False, said("discovery.no-html-link"))
        return await self._first_working(Route.HTML_LINK, url, targets)

    async def _first_working(self, route: Route, page: str, targets: list[str]) -> RouteAttempt:
        """Climb from each linked target until one reaches a Source Description; the
        attempt is reported against the page."""
        tried = targets[:MAX_LINK_TARGETS]
        attempts = list(
            await asyncio.gather(
                *(self._climb(route, page, target, LINKED_DOCUMENT_BYTES) for target in tried)
            )
        )
        if len(targets) > len(tried):
            self.discovery.findings.append(
                finding(
                    "http.discovery-targets-capped",
                    url=page,
                    params={"url": page, "count": len(targets), "tried": len(tried)},
                )
            )
        described = [a for a in attempts if a.top_capability == DESCRIPTION]
        working = described or [a for a in attempts if a.ok]
        if working:
            best = working[0]
            best.restate(said("discovery.links-to", url=best.chain[0][0], detail=best.phrase))
            return best
        parts = [a.phrase for a in attempts]
        return RouteAttempt.saying(route, page, False, said("discovery.joined", parts=parts))

    async def _well_known(self, origin: str) -> list[RouteAttempt]:
        url = origin + "/.well-known/resourcesync"
        attempt = await self._climb(Route.WELL_KNOWN, url, url)
        if attempt.ok and attempt.chain[0][1] != DESCRIPTION:
            name = display_name(attempt.chain[0][1])
            attempt.restate(said("discovery.serves", name=name, detail=attempt.phrase))
        return [attempt]

    async def _robots(self, origin: str) -> list[RouteAttempt]:
        url = origin + "/robots.txt"
        async with self.budget.fetch(self.fetcher, url, max_bytes=ROBOTS_BYTES) as result:
            if result is None or not result.ok:
                why = (
                    said("discovery.fetch", reason=result.problem())
                    if result
                    else said("discovery.budget-spent")
                )
                return [
                    RouteAttempt.saying(Route.ROBOTS, url, False, said("discovery.robots", why=why))
                ]
            text = result.body.decode("utf-8", "replace")
            sitemaps = robots_sitemaps(text, result.final_url)
        if not sitemaps:
            return [
                RouteAttempt.saying(Route.ROBOTS, url, False, said("discovery.no-sitemap-lines"))
            ]
        attempts = [
            await self._climb(Route.ROBOTS, url, target)
            for target in sitemaps[:MAX_ROBOTS_SITEMAPS]
        ]
        working = [a for a in attempts if a.ok]
        if working:
            best = next((a for a in working if a.top_capability == DESCRIPTION), working[0])
            best.restate(said("discovery.sitemap", url=best.chain[0][0], detail=best.phrase))
            return [best]
        nowhere = said("discovery.lead-nowhere", parts=[a.phrase for a in attempts])
        return [RouteAttempt.saying(Route.ROBOTS, url, False, nowhere)]


async def _within(
    seconds: float, url: str, route: Coroutine[object, object, list[RouteAttempt]]
) -> list[RouteAttempt]:
    """The route's attempts, or one unfinished attempt when it takes past ``seconds``."""
    try:
        async with asyncio.timeout(seconds):
            return await route
    except TimeoutError:
        return [
            RouteAttempt.saying(
                Route.DIRECT, url, False, said("discovery.deadline", seconds=seconds)
            )
        ]


async def _none() -> None:
    """Stands in for a route that was not asked for."""
    return None


def _describe_chain(chain: list[tuple[str, str | None]]) -> Phrase:
    documents = [display_name(capability) for _, capability in chain]
    return said("discovery.chain", documents=documents, url=chain[-1][0])


async def _parse(data: bytes) -> Document:
    """Large documents are parsed in a worker thread so the event loop stays responsive."""
    if len(data) > 256 * 1024:
        return await asyncio.to_thread(parse_document, data)
    return parse_document(data)
