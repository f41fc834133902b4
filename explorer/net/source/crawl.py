"""Walking a Source: Source Description → Capability Lists → capability documents → indexes
→ components, plus the notification channels (core 1.1 §6.1; notification specs §5).

The result is a tree of ``DocumentNode`` with ``Channel`` leaves (``crawl_tree``) that the
GUI draws and the CLI prints or dumps as JSON. Each node keeps the fetch (status, headers,
redirect chain), the raw bytes and the parsed ``Document`` for the document view, and the
findings of the validator plus the HTTP (``http_findings``) and relation checks.

Memory (a 1,000,000-entry index must fit in 1 GB with the GUI): raw bodies above
``SPOOL_BODY_BYTES`` go to the fetcher's disk spool once parsed (``node.body`` reads them
back); at most ``cpu_slots`` documents are parsed and validated at a time; and
``crawl_memory`` shares the strings that repeat across entries and, on glibc, hands the
heap lxml freed back to the system after each large document.

Laziness: ``crawl(url, depth=...)`` loads nodes down to ``depth`` (None: everything) and
leaves deeper ones ``PENDING``; with ``expand_indexes=False`` the components of a
``<sitemapindex>`` also stay pending. ``await crawler.expand(node)`` loads a pending
node and its direct children on demand.

Safety: a URL is fetched at most once per crawl (a visited map), so cycles cannot loop;
``CrawlLimits`` caps documents, bytes and the body memory in flight for everything the
crawl fetches (discovery candidates, documents, ``up``/``index``/``describedby`` targets,
topic checks) through one ``CrawlBudget``; bodies kept in memory after parsing are bounded
too (``KEPT_BODY_BYTES``), the rest is spooled. ``cancel()`` (or ``should_stop``) stops
scheduling new fetches, and cancelling the awaiting task stops at once.

Usage::

    async with Fetcher() as fetcher:
        crawler = Crawler(fetcher, on_progress=print)
        result = await crawler.crawl("https://example.org/", depth=None)
        for node in result.root.walk(): ...
        await crawler.expand(some_pending_node)
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from urllib.parse import urljoin

from explorer.core.findings import Finding, finding
from explorer.core.model import Document, Entry
from explorer.core.parser import DocumentParseError, parse_document
from explorer.core.relations import check_child_capability, check_index_target, check_up_target
from explorer.core.rules import capabilities as caps
from explorer.core.validator import ValidationContext, ValidationResult, check_bytes
from explorer.core.words.messages import Phrase
from explorer.net.http.fetcher import SPOOL_BODY_BYTES, Fetcher, FetchError, FetchResult
from explorer.net.http.http_findings import content_type_findings, transport_findings
from explorer.net.http.spool import SpooledBody
from explorer.net.source.crawl_budget import CrawlBudget, CrawlLimits
from explorer.net.source.crawl_memory import release_freed_memory, share_repeated_strings
from explorer.net.source.crawl_tree import Channel, CrawlResult, DocumentNode, NodeState, Progress
from explorer.net.source.discovery import Discovery, discover_source
from explorer.net.source.legacy_channels import legacy_channels
from explorer.net.source.topic_check import TOPIC_BODY_CAP, check_topic

THREAD_PARSE_BYTES = 4096
"""Documents above this are parsed and validated in a worker thread: the event loop keeps
issuing requests meanwhile (measured: +20% crawl speed on a 111-document Source)."""
CPU_SLOTS = 2
"""Documents parsed and validated at once: each holds an lxml tree several times its size
while it is read, and with the GIL more threads do not read faster."""
KEPT_BODY_BYTES = 32 * 1024 * 1024
"""Raw bodies kept in memory after parsing, in all; past it every parsed body is spooled, so
thousands of medium documents do not pile up in memory."""
DESCRIBEDBY_BYTES = 64 * 1024
"""Read of a ``describedby`` target: only whether it answers matters, not its content."""
HEAD_UNSUPPORTED = frozenset({405, 501})


ProgressCallback = Callable[[Progress], None]


class Crawler:
    """Walks one Source with a shared ``Fetcher`` (one ``crawl`` per Crawler); keep it to
    ``expand`` nodes later.

    ``on_progress`` is called after every document; ``should_stop`` is polled before
    every fetch (return True to stop); ``check_topics`` runs the topic URI check of
    change-notification §4.1 on every channel; ``on_node`` is called when a node
    finishes loading (the GUI updates its row), and again if the link and topic checks,
    which run beside the walk, add findings to it; when it returns an awaitable (a write
    handed to another thread), the node's fetch ends only once that is done, so the
    documents waiting on it are bounded by the fetches at once. ``crawl`` and ``expand`` return
    only when every check has finished. ``cpu_slots`` bounds the documents parsed and
    validated at the same time. ``budget`` (made from ``limits``) is what the crawl may
    still fetch; pass it to ``discover_source`` so that discovery draws on it too.
    ``check`` reads a document's bytes (None: ``check_bytes``, parse and validate;
    ``consumers`` reads its lists of resources to their heads only). ``consume`` is
    offered, in the worker, the bytes of every document read there, with its
    redirect-final URL and what ``check`` read of it; when it returns True it has read the
    bytes for good and the crawl neither keeps nor spools them (``node.body`` is then
    empty): ``consumers`` examines each list there, so no list is written to the spool and
    read back. ``drops_entries``: ``on_node`` drops a list's entries once it has seen
    them (a streamed crawl), so the crawl neither shares their repeated strings nor moves
    them to the GC's oldest generation (``check_bytes(entries_kept=False)``); both only pay
    for entries kept, and were a tenth of a snapshot's time with the GIL held.
    """

    def __init__(
        self,
        fetcher: Fetcher,
        *,
        limits: CrawlLimits | None = None,
        on_progress: ProgressCallback | None = None,
        should_stop: Callable[[], bool] | None = None,
        on_node: Callable[[DocumentNode], Awaitable[None] | None] | None = None,
        check_topics: bool = True,
        cpu_slots: int = CPU_SLOTS,
        check: Callable[[bytes, ValidationContext], ValidationResult] | None = None,
        consume: Callable[[bytes, str, Document], bool] | None = None,
        drops_entries: bool = False,
    ) -> None:
        self.fetcher = fetcher
        self._check = check or (check_bytes if not drops_entries else _check_dropped)
        self._drops_entries = drops_entries
        self._consume = consume
        self._cpu = asyncio.Semaphore(cpu_slots)
        self.limits = limits = limits if limits is not None else CrawlLimits()
        self.budget = CrawlBudget(limits)
        self.on_progress = on_progress
        self.should_stop = should_stop
        self.on_node = on_node
        self.check_topics = check_topics
        self.result: CrawlResult | None = None
        self._nodes: dict[str, DocumentNode] = {}
        self._targets: dict[str, asyncio.Task[_Target | None]] = {}
        self._links: dict[str, asyncio.Task[Phrase | None]] = {}
        self._links_skipped: set[str] = set()
        self._skipped_note: Finding | None = None
        self._prefetched: dict[str, FetchResult] = {}
        self._cancelled = False
        self._checks: list[asyncio.Future[None]] = []
        self._expand_indexes = True
        self._done = 0
        self._known = 0
        self._kept_bytes = 0  # raw bodies held in memory after parsing
        self._limit_reported = False

    def cancel(self) -> None:
        """Stop scheduling fetches; what is loaded stays, the rest stays pending."""
        self._cancelled = True

    @property
    def stopped(self) -> bool:
        return self._cancelled or (self.should_stop is not None and self.should_stop())

    async def crawl(
        self,
        url: str,
        *,
        depth: int | None = None,
        expand_indexes: bool = True,
        discovery: Discovery | None = None,
        read_given: bool = True,
    ) -> CrawlResult:
        """Discover the Source from ``url`` (unless ``discovery`` is given) and walk it;
        with ``read_given``, also read ``url`` itself where the walk did not."""
        self._expand_indexes = expand_indexes
        if discovery is None:
            discovery = await discover_source(url, self.fetcher, budget=self.budget)
        self._prefetched = dict(discovery.fetched)
        result = self.result = CrawlResult(url, discovery, None, list(discovery.findings))
        if discovery.source_url is None:
            self._report_budget()
            return result
        root = DocumentNode(discovery.source_url)
        self._nodes[root.url] = root
        result.root = root
        self._schedule(1)
        await self._settle(self._walk(root, depth))
        if read_given:
            await self._read_given(url)
        self._report_budget()
        self._report_skipped_links()
        return result

    async def _read_given(self, url: str) -> None:
        """The document the user gave is read even where the walk did not reach it: below
        ``--depth`` it is loaded in its place in the tree; outside the Source's tree (an
        example, a stray list whose up link leads to the Source) it becomes
        ``result.given``, validated on its own, so that inspecting a URL always reports on
        that URL."""
        assert self.result is not None
        if url not in self.result.discovery.documents:
            return  # a page, robots.txt, a folder: not a ResourceSync document itself
        node = self._nodes.get(url)
        if node is None:
            node = self.result.given = DocumentNode(url)
        if node.state is NodeState.PENDING and not self.stopped:
            self._schedule(1)
            await self._settle(self._load(node))

    async def expand(self, node: DocumentNode) -> None:
        """Load ``node`` if pending, then its pending children (one level, concurrently)."""
        self._cancelled = False
        if node.state is NodeState.PENDING:
            self._schedule(1)
            await self._load(node)
        pending = [c for c in node.children if c.state is NodeState.PENDING]
        self._schedule(len(pending))
        await self._settle(asyncio.gather(*(self._load(child) for child in pending)))
        self._report_budget()
        self._report_skipped_links()

    async def _settle(self, work: Awaitable[object]) -> None:
        """Await the walk, then the link and topic checks it started; if cancelled,
        cancel those checks too so nothing outlives the caller."""
        try:
            await work
            await self._finish_checks()
        except BaseException:
            pending, self._checks = self._checks, []
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
            raise

    async def _walk(self, node: DocumentNode, depth: int | None) -> None:
        await self._load(node)
        if depth is not None and node.depth >= depth:
            return
        if node.is_index and not self._expand_indexes:
            return
        children = [c for c in node.children if c.state is NodeState.PENDING]
        self._schedule(len(children))
        await asyncio.gather(*(self._walk(child, depth) for child in children))

    def _schedule(self, count: int) -> None:
        self._known += count
        self._report()

    def _report(self) -> None:
        if self.on_progress is not None:
            self.on_progress(Progress(self._done, self._known, self.budget.bytes))

    def _limit_hit(self) -> bool:
        if self.budget.has_room():
            return False
        self._report_budget()
        return True

    def _report_skipped_links(self) -> None:
        """One crawl-wide finding, kept current, for the describedby targets not checked."""
        if not self._links_skipped or self.result is None:
            return
        findings = self.result.findings
        if self._skipped_note is not None:
            findings.remove(self._skipped_note)
        self._skipped_note = finding(
            "http.links-sampled",
            url=self.result.source_url or self.result.start_url,
            params={"checked": self.limits.max_link_checks, "skipped": len(self._links_skipped)},
        )
        findings.append(self._skipped_note)

    def _report_budget(self) -> None:
        """One crawl-wide finding when the budget ran out, whichever request hit it."""
        budget = self.budget
        if budget.spent is None or self._limit_reported or self.result is None:
            return
        self._limit_reported = True
        self.result.findings.append(
            budget.limit_finding(self.result.source_url or self.result.start_url)
        )

    async def _load(self, node: DocumentNode) -> None:
        if node.state is not NodeState.PENDING:
            return
        if self.stopped:
            self._known -= 1
            return
        result = self._prefetched.pop(node.url, None)
        if result is not None and len(result.body) <= self.limits.max_document_bytes:
            node.state = NodeState.LOADING
            await self._loaded(node, result)  # discovery read (and counted) it already
            return
        if self._limit_hit():
            node.state = NodeState.SKIPPED
            self._known -= 1
            return
        node.state = NodeState.LOADING
        fetching = self.budget.fetch(
            self.fetcher, node.url, max_bytes=self.limits.max_document_bytes
        )
        try:
            async with fetching as result:
                if result is None:
                    node.state = NodeState.SKIPPED
                    self._known -= 1
                    self._report_budget()
                    return
                await self._loaded(node, result)
        except asyncio.CancelledError:
            if node.state is NodeState.LOADING:
                node.state = NodeState.PENDING  # a later expand() fetches it again
                self.budget.give_back_document()
            raise

    async def _loaded(self, node: DocumentNode, result: FetchResult) -> None:
        """Record a fetch on its node and read the document (the body's memory is still
        reserved in the budget while this runs)."""
        node.fetch = result
        self._done += 1
        node.findings.extend(transport_findings(result))
        if result.ok:
            node.state = NodeState.LOADED
            await self._read(node, result)
        else:
            node.state = NodeState.FAILED
        self._report()
        if self.on_node is not None and (pending := self.on_node(node)) is not None:
            await pending

    async def _read(self, node: DocumentNode, result: FetchResult) -> None:
        node.findings.extend(content_type_findings(result))
        parent = node.parent
        context = ValidationContext(
            declared_capability=node.declared_capability,
            parent=parent.document if parent is not None else None,
            url=node.url,
            parent_url=parent.url if parent is not None else None,
        )
        size = len(result.body)
        if size > THREAD_PARSE_BYTES:
            async with self._cpu:
                spool = self._kept_bytes + size > KEPT_BODY_BYTES
                if not spool:
                    self._kept_bytes += size  # counted now: another parse may decide meanwhile
                checked, node.spooled, kept = await asyncio.to_thread(
                    self._check_large, result, context, spool
                )
            if node.spooled is not None or not kept:
                node.fetch = replace(result, body=b"")
                if not spool:
                    self._kept_bytes -= size
        else:
            checked = self._check(result.body, context)
        node.findings.extend(checked.findings)
        node.document = document = checked.document
        if document is None:
            return
        node.entry_count = len(document.entries)
        if parent is not None and node.declared_capability is None:
            node.findings.extend(
                check_child_capability(
                    parent.capability, parent.is_index, document.capability, node.url, node.line
                )
            )
        self._add_children(node, document)
        self._checks.append(asyncio.ensure_future(self._follow_links(node, document)))

    def _check_large(
        self, result: FetchResult, context: ValidationContext, spool: bool = False
    ) -> tuple[ValidationResult, SpooledBody | None, bool]:
        """In a worker: parse and validate, share repeated strings, spool a large body to
        disk (or any body, with ``spool``; or keep the copy the cache spooled), and give
        the freed lxml heap back; False last when ``consume`` took the bytes."""
        body = result.body
        checked = self._check(body, context)
        if checked.document is not None:
            if not self._drops_entries or checked.document.is_index:
                share_repeated_strings(checked.document)
            consume = self._consume
            if consume is not None and consume(body, result.final_url, checked.document):
                release_freed_memory()
                return checked, None, False
        spooled = result.spooled
        if spooled is None and (spool or len(body) > SPOOL_BODY_BYTES):
            try:
                spooled = self.fetcher.spool.keep(body)
            except OSError:
                spooled = None  # no room on disk (or closed): the body stays in memory
        release_freed_memory()
        return checked, spooled, True

    async def _follow_links(self, node: DocumentNode, document: Document) -> None:
        """Link and topic checks wait on other servers: they run beside the walk, so the
        children of a node are fetched without waiting for them."""
        checks = [self._check_channel(c) for c in node.channels] if self.check_topics else []
        found, *_ = await asyncio.gather(self._link_findings(node, document), *checks)
        if found:
            node.findings.extend(found)
        pending = self.on_node(node) if self.on_node is not None and (found or checks) else None
        if pending is not None:
            await pending

    async def _finish_checks(self) -> None:
        while self._checks:
            pending, self._checks = self._checks, []
            await asyncio.gather(*pending)

    async def _link_findings(self, node: DocumentNode, document: Document) -> list[Finding]:
        """Check where up, index and describedby lead; fetch them only if not in the tree."""
        found: list[Finding] = []
        base = node.final_url
        up = document.links_with("up")
        if up and up[0].href and caps.expected_up_capability(document.capability):
            target = urljoin(base, up[0].href)
            loaded = await self._target(target)
            if loaded is None:
                found.append(_broken_link("up", target, node, up[0].line))
            elif loaded.checked:
                found.extend(
                    check_up_target(
                        document.capability, loaded.capability, target, node.url, up[0].line
                    )
                )
        index = document.links_with("index")
        if index and index[0].href and not document.is_index:
            target = urljoin(base, index[0].href)
            loaded = await self._target(target)
            if loaded is None:
                found.append(_broken_link("index", target, node, index[0].line))
            elif loaded.checked:
                found.extend(
                    check_index_target(
                        document.capability,
                        loaded.root,
                        loaded.capability,
                        target,
                        node.url,
                        index[0].line,
                    )
                )
        for link in document.links_with("describedby")[:1]:
            if link.href:
                target = urljoin(base, link.href)
                problem = await self._describedby(target)
                if problem is not None:
                    found.append(
                        finding(
                            "http.link-broken",
                            line=link.line,
                            url=node.url,
                            params={"target": target, "problem": problem},
                            variant="describedby",
                        )
                    )
        return found

    async def _target(self, url: str) -> _Target | None:
        """Capability and root of the document at ``url``: from the tree when it is there
        (loaded), else fetched once per crawl. None when it cannot be read."""
        node = self._nodes.get(url)
        if node is not None and node.document is not None:
            return _Target(node.document.capability, node.document.root)
        known = self.result.discovery.documents.get(url) if self.result is not None else None
        if known is not None:
            return _Target(known.capability, known.root)
        task = self._targets.get(url)
        if task is None:
            task = self._targets[url] = asyncio.ensure_future(self._fetch_target(url))
        return await task

    async def _fetch_target(self, url: str) -> _Target | None:
        """Only the capability and root are kept: the body and tree go with the block."""
        async with self.budget.fetch(self.fetcher, url) as result:
            if result is None:
                self._report_budget()
                return _Target(None, None, checked=False)
            if not result.ok:
                return None
            try:
                async with self._cpu:
                    document = await asyncio.to_thread(parse_document, result.body)
            except DocumentParseError:
                return _Target(None, None)
            return _Target(document.capability, document.root)

    async def _describedby(self, url: str) -> Phrase | None:
        """Why a ``describedby`` target cannot be read, or None when it answers (or the
        budget is spent); once per URL per crawl."""
        task = self._links.get(url)
        if task is None:
            if len(self._links) >= self.limits.max_link_checks:
                self._links_skipped.add(url)
                return None
            task = self._links[url] = asyncio.ensure_future(self._check_describedby(url))
        return await task

    async def _check_describedby(self, url: str) -> Phrase | None:
        """Only whether it answers matters (core 1.1 §6.2 allows any media type there):
        HEAD, and where HEAD is not supported a GET read up to ``DESCRIBEDBY_BYTES`` (a
        larger body still counts as found)."""
        async with self.budget.fetch(self.fetcher, url, method="HEAD") as result:
            if result is None:
                self._report_budget()
                return None
            if result.status not in HEAD_UNSUPPORTED:
                return None if result.ok else result.problem()
        async with self.budget.fetch(self.fetcher, url, max_bytes=DESCRIBEDBY_BYTES) as result:
            if result is None:
                self._report_budget()
                return None
            found = result.status is not None and 200 <= result.status < 300
            if result.ok or (found and result.error is FetchError.TOO_LARGE):
                return None
            return result.problem()

    def _add_children(self, node: DocumentNode, document: Document) -> None:
        """Entries that are documents become child nodes, channels become ``Channel``s;
        lists of resources (the bulk of any Source) have no child documents."""
        node.channels.extend(legacy_channels(document, node.url))
        capability = document.capability
        base = node.final_url
        if document.is_index:
            for entry in document.entries:
                if entry.loc:
                    self._add_child(node, urljoin(base, entry.loc.strip()), capability, entry.line)
        elif capability in (caps.DESCRIPTION, caps.CAPABILITYLIST):
            for entry in document.entries:
                if not entry.loc:
                    continue
                url = urljoin(base, entry.loc.strip())
                if capability == caps.CAPABILITYLIST and caps.is_channel(entry.capability):
                    node.channels.append(_channel(entry, url, node.url))
                else:
                    self._add_child(node, url, entry.capability, entry.line)
        elif capability in caps.ARCHIVES:
            for entry in document.entries:
                if entry.loc:
                    self._add_child(
                        node,
                        urljoin(base, entry.loc.strip()),
                        capability.removesuffix("-archive"),
                        entry.line,
                    )
        elif capability in (caps.RESOURCEDUMP, caps.CHANGEDUMP):
            manifest = f"{capability}-manifest"
            for entry in document.entries:
                for link in entry.links_with("contents"):
                    if link.href:
                        self._add_child(node, urljoin(base, link.href), manifest, link.line)

    def _add_child(
        self, node: DocumentNode, url: str, declared: str | None, line: int | None
    ) -> None:
        existing = self._nodes.get(url)
        if existing is not None:
            ancestor: DocumentNode | None = node
            while ancestor is not None and ancestor is not existing:
                ancestor = ancestor.parent
            if ancestor is existing:
                node.findings.append(
                    finding(
                        "http.revisit",
                        line=line,
                        url=node.url,
                        params={
                            "url": url,
                            "name": caps.display_name(existing.capability, existing.is_index),
                        },
                    )
                )
                return
            node.children.append(
                DocumentNode(url, declared, node, node.depth + 1, line, NodeState.DUPLICATE)
            )
            return
        child = DocumentNode(url, declared, node, node.depth + 1, line)
        self._nodes[url] = child
        node.children.append(child)

    async def _check_channel(self, channel: Channel) -> None:
        """A topic check reads up to ``TOPIC_BODY_CAP``: it counts as a document and holds
        that much of the body memory while it runs. A 2012 push channel has no WebSub topic."""
        if channel.hub is None or channel.form is not None:
            return
        if not self.budget.take_document():
            self._report_budget()
            return
        held = await self.budget.memory.acquire(TOPIC_BODY_CAP)
        try:
            channel.findings.extend(await check_topic(self.fetcher, channel.topic, channel.hub))
        finally:
            self.budget.memory.release(held)


@dataclass(frozen=True, slots=True)
class _Target:
    capability: str | None
    root: str | None
    checked: bool = True  # False: not fetched, the crawl's budget was spent


def _channel(entry: Entry, topic: str, capability_list: str) -> Channel:
    hubs = [link.href for link in entry.links_with("hub") if link.href]
    channel = Channel(
        topic=topic,
        hub=urljoin(topic, hubs[0]) if hubs else None,
        capability=entry.capability or "",
        capability_list=capability_list,
        line=entry.line,
    )
    if not hubs:
        channel.findings.append(
            finding(
                "http.channel-no-hub",
                line=entry.line,
                url=capability_list,
                params={
                    "capability": entry.capability,
                    # said in Japanese as the documents name it: 変更通知チャンネル
                    "capability_name": caps.display_name(entry.capability),
                    "topic": topic,
                },
            )
        )
    return channel


def _broken_link(rel: str, target: str, node: DocumentNode, line: int | None) -> Finding:
    return finding(
        "http.link-broken",
        line=line,
        url=node.url,
        params={"rel": rel, "target": target},
    )


def _check_dropped(data: bytes, context: ValidationContext) -> ValidationResult:
    """``check_bytes`` for a crawl that drops each list's entries once seen."""
    return check_bytes(data, context, entries_kept=False)
