"""The documents resync 2.0.1's ``resync-sync`` GETs, in its order, before any resource.

Read from its source (``resync/client.py``, ``list_base_with_index.py``): a baseline or an
audit with ``--capabilitylist URL`` reads that Capability List, then the Resource List it
names; without, it tries ``<base>/.well-known/resourcesync`` and the host's (a Source
Description naming exactly one Capability List, that list, its Resource List), then
``<base>/resourcelist.xml``, ``<base>/sitemap.xml`` and the host's ``/sitemap.xml`` as
Resource Lists, each candidate requested even when it is the same URL as the one before.
A Resource List Index is followed by a GET of each of its lists, sorted by URL. An
incremental reads ``<base>/changelist.xml`` (and, if that is an index, its lists) and
nothing else: no discovery.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit, urlunsplit

from explorer.core.model import SITEMAPINDEX, Document
from explorer.core.parser import parse_document


@dataclass(frozen=True, slots=True)
class Answer:
    """A URL's answer as a client sees it: a 200 or not, its body's size, and the body
    itself where the route must read it (navigation documents and indexes; a list the
    crawl read has none kept: it is read, and not an index)."""

    ok: bool
    size: int = 0
    body: bytes = b""
    parts: tuple[str, ...] | None = None
    """An index's lists, sorted by URL, when the crawl read it (its body is not kept)."""


Ask = Callable[[str], Awaitable[Answer]]


@dataclass
class Route:
    """The GETs in order; ``found`` the Resource List (or Change List) read, None when the
    route fails (resync stops: ``fatal`` says why, as a ``plan.note`` key)."""

    requests: list[str] = field(default_factory=list)
    found: str | None = None
    fatal: str | None = None


def resync_base(url: str) -> str:
    """The source URI a ``resync-sync BASE=DIR`` mapping names for ``url``: a Source
    Description's URL without ``/.well-known/resourcesync``, a document's folder, else the
    URL itself, without trailing slashes (resync's ``Mapper`` strips them)."""
    parts = urlsplit(url)
    path = parts.path
    if path.endswith("/.well-known/resourcesync"):
        path = path[: -len("/.well-known/resourcesync")]
    elif path.rsplit("/", 1)[-1].endswith(".xml"):
        path = path.rsplit("/", 1)[0]
    return urlunsplit((parts.scheme, parts.netloc, path, "", "")).rstrip("/")


def _host(base: str) -> str:
    parts = urlsplit(base)
    return urlunsplit((parts.scheme, parts.netloc, "", "", ""))


async def _read_list(url: str, ask: Ask, route: Route) -> bool:
    """GET a list; an index is followed by its lists, sorted. False when any fails."""
    route.requests.append(url)
    answer = await ask(url)
    parts = answer.parts
    if parts is None and answer.ok and not answer.body:
        route.found = url
        return True
    if parts is None:
        document = _parsed(answer)
        if document is None:
            return False
        if document.root == SITEMAPINDEX:
            parts = index_parts(url, document)
    if parts is not None:
        for part in parts:
            route.requests.append(part)
            if not (await ask(part)).ok:
                return False
    route.found = url
    return True


def index_parts(url: str, document: Document) -> tuple[str, ...]:
    """The lists of an index as resync GETs them: each once, sorted by URL."""
    return tuple(sorted({urljoin(url, e.loc.strip()) for e in document.entries if e.loc}))


def _parsed(answer: Answer) -> Document | None:
    if not answer.ok:
        return None
    try:
        return parse_document(answer.body)
    except Exception:  # resync's read fails alike: the next candidate
        return None


async def _from_capability_list(url: str, ask: Ask, route: Route) -> bool | None:
    """True: read; False: not readable (next candidate); None: fatal."""
    route.requests.append(url)
    document = _parsed(await ask(url))
    if document is None:
        return False
    for entry in document.entries:
        if entry.capability == "resourcelist" and entry.loc:
            return await _read_list(urljoin(url, entry.loc.strip()), ask, route)
    route.fatal = "resync-no-resource-list"
    return None


async def baseline_route(base: str, capability_list: str | None, ask: Ask) -> Route:
    """The documents ``resync-sync -b`` (or ``--audit``) GETs, as listed above."""
    route = Route()
    if capability_list is not None:
        if await _from_capability_list(capability_list, ask, route) is False:
            route.fatal = "resync-unreadable"
        return route
    sitemap = base + "/resourcelist.xml"
    for uri in (
        urljoin(sitemap, ".well-known/resourcesync"),
        urljoin(_host(base), ".well-known/resourcesync"),
    ):
        route.requests.append(uri)
        description = _parsed(await ask(uri))
        if description is None:
            continue
        locs = [entry.loc for entry in description.entries if entry.loc]
        if len(locs) != 1:
            route.fatal = "resync-sets" if locs else "resync-no-sets"
            return route
        outcome = await _from_capability_list(urljoin(uri, locs[0].strip()), ask, route)
        if outcome is None or outcome:
            return route
    for uri in (
        urljoin(sitemap, "resourcelist.xml"),
        urljoin(sitemap, "sitemap.xml"),
        urljoin(_host(base), "sitemap.xml"),
    ):
        if await _read_list(uri, ask, route):
            return route
    route.fatal = "resync-no-resource-list"
    return route


async def incremental_route(base: str, ask: Ask) -> Route:
    """The document ``resync-sync -i`` GETs: ``<base>/changelist.xml``. It reads that as
    one Change List: an index there stops it (its entries have no change type)."""
    url = base + "/changelist.xml"
    route = Route([url])
    answer = await ask(url)
    document = _parsed(answer) if answer.body else None
    index = answer.parts is not None or (document is not None and document.root == SITEMAPINDEX)
    if not answer.ok or index:
        route.fatal = "resync-no-change-list"
    else:
        route.found = url
    return route
