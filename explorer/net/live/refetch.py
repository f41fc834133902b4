"""Refetching the documents a framework notification names, and diffing them.

A framework notification only says that a Resource List, Change List, Capability List...
was created, updated or deleted (framework-notification 1.0.1 §3). To show *what*
changed, the explorer fetches the document each entry names and diffs it against the
earlier version it holds: a structural diff (by loc, field by field) and a canonical
line diff. A created document is diffed against an empty one, so every entry shows as
added. When the diff cannot be made (fetch failed, unreadable document, no earlier
version, document deleted) the diff is absent and ``reason`` says why; nothing raises.

Earlier versions live behind ``DocumentVersions`` (latest bytes per URL). The in-memory
``MemoryDocumentVersions`` is the default; a persistent store only has to provide the
same two methods.

Change notifications need no fetch: ``ChangeTracker`` keeps one ``ResourceState`` per
topic and diffs each entry against it. ``ChangeTracker.enrich`` is the subscriber's
``enrich`` hook (called in a worker thread, pure CPU) and ``ChangeTracker.refetch`` its
``refetch`` hook (a coroutine on the subscriber's loop, for framework notifications).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from explorer.core.changes.document_diff import DocumentDiff, diff_documents
from explorer.core.changes.entry_diff import apply_notification
from explorer.core.changes.line_diff import LineDiff, LineDiffTooLarge, canonical_lines, diff_lines
from explorer.core.changes.resource_state import Provenance, ResourceState
from explorer.core.findings import Finding, finding
from explorer.core.model import Document, Entry
from explorer.core.parser import DocumentParseError, parse_document
from explorer.core.rules.datetimes import parse_w3c_datetime
from explorer.core.words.messages import Phrase, said
from explorer.net.http.fetcher import Fetcher, FetchResult, Timeouts
from explorer.net.live.subscriber_events import SubscriberEvent, iso_time
from explorer.net.source.crawl_budget import CrawlBudget, CrawlLimits

PRIMED_CAPABILITIES = frozenset({"resourcelist", "changelist", "resourcedump", "changedump"})
MAX_PRIMED_DOCUMENTS = 200
"""``prime`` reads at most this many documents: enough for a set, not a crawl."""

SHOWN_LOCS = 50
"""How many added/removed/changed locs a framework event lists (the counts are complete)."""

MAX_REFETCHES_PER_NOTIFICATION = 20
"""Documents one framework notification gets refetched: whoever can get a notification
signed chooses its URLs, and 20,000 of them would make listen a request amplifier."""
REFETCH_LIMITS = CrawlLimits(max_documents=500, max_link_checks=0)
"""What all refetches (and ``prime``) of one tracker may use per ``REFETCH_WINDOW``: the
crawl's budget, byte limit and body memory included, so a stream of notifications naming
large documents holds at most the crawl's body memory at once."""
REFETCH_WINDOW = 3600.0
DEFAULT_VERSIONS_BYTES = 96 * 1024 * 1024
"""Earlier versions kept for diffs: one document of the parser's largest size, or many
small ones."""


class DocumentVersions(Protocol):
    """Where earlier versions of documents are kept: the latest bytes per URL."""

    def latest(self, url: str) -> bytes | None: ...

    def remember(self, url: str, data: bytes, notification: int | None = None) -> None:
        """Keep ``data`` as ``url``'s latest; ``notification``: the stored id of the
        framework notification whose refetch read it (None: a priming read)."""
        ...


class MemoryDocumentVersions:
    """The latest bytes per URL in memory, least recently used dropped past ``max_bytes``.

    Thread-safe: the subscriber's enrich hook runs in worker threads.
    """

    def __init__(self, max_bytes: int = DEFAULT_VERSIONS_BYTES) -> None:
        self.max_bytes = max_bytes
        self._data: OrderedDict[str, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._data)

    def latest(self, url: str) -> bytes | None:
        with self._lock:
            data = self._data.get(url)
            if data is not None:
                self._data.move_to_end(url)
            return data

    def remember(self, url: str, data: bytes, notification: int | None = None) -> None:
        with self._lock:
            old = self._data.pop(url, None)
            if old is not None:
                self._size -= len(old)
            self._data[url] = data
            self._size += len(data)
            while self._size > self.max_bytes and len(self._data) > 1:
                _, dropped = self._data.popitem(last=False)
                self._size -= len(dropped)


@dataclass(slots=True)
class RefetchResult:
    """One framework notification entry: the refetched document's diff, or why there is none."""

    loc: str | None
    change: str | None
    capability: str | None
    structural: DocumentDiff | None = None
    lines: LineDiff | None = None
    reason: str | None = None
    findings: list[Finding] = field(default_factory=list)
    said: Phrase | None = field(default=None, compare=False)
    """``reason`` in words every language can say (``reason`` is its English)."""

    def to_json(self) -> dict[str, Any]:
        """The per-entry ``diff`` of framework events in ``listen --json``."""
        data: dict[str, Any] = {
            "loc": self.loc,
            "change": self.change,
            "capability": self.capability,
            "diff": self.structural.summary() if self.structural is not None else None,
            "reason": self.reason,
        }
        if self.said is not None:  # the reason's key and params, for other languages
            data["said"] = self.said.to_json()
        if self.structural is not None:
            data["added_locs"] = [e.loc for _, e in self.structural.added[:SHOWN_LOCS]]
            data["removed_locs"] = [e.loc for _, e in self.structural.removed[:SHOWN_LOCS]]
            data["changed_locs"] = [c.loc for c in self.structural.changed[:SHOWN_LOCS]]
            data["metadata"] = [item.to_json() for item in self.structural.metadata]
        if self.lines is not None:
            data["lines"] = {"added": self.lines.added_lines, "removed": self.lines.removed_lines}
        return data


def diff_versions(
    old: bytes | None, new: bytes
) -> tuple[DocumentDiff, LineDiff | None, Phrase | None]:
    """Structural and line diff of two versions; the line diff may be absent with a reason.

    ``old`` None stands for a document that did not exist (it was created): every entry
    and every line is added. Raises ``DocumentParseError`` when a version cannot be read.
    """
    new_doc = parse_document(new)
    old_doc = Document(root=new_doc.root) if old is None else parse_document(old)
    structural = diff_documents(old_doc, new_doc)
    try:
        old_lines = [] if old is None else canonical_lines(old)
        return structural, diff_lines(old_lines, canonical_lines(new)), None
    except LineDiffTooLarge as exc:
        return structural, None, said(exc.key, **exc.params)


def _unusable(
    entry: Entry,
    reason: Phrase,
    code: str | None = None,
    *,
    params: dict[str, object] | None = None,
    variant: str = "",
) -> RefetchResult:
    found = []
    if code is not None:
        found.append(
            finding(
                code,
                line=entry.line,
                url=entry.loc,
                params=params,
                variant=variant,
            )
        )
    return RefetchResult(
        entry.loc, entry.change, entry.capability, reason=str(reason), findings=found, said=reason
    )


async def refetch_entry(
    entry: Entry,
    fetcher: Fetcher,
    versions: DocumentVersions,
    *,
    offload: bool = True,
    budget: CrawlBudget | None = None,
    notification: int | None = None,
) -> RefetchResult:
    """Fetch the document one framework notification entry names and diff it.

    With ``offload`` the CPU work (parsing, diffing a 50,000-entry list) runs in a
    worker thread (docs/architecture.md, "Rules of the event loop"). With ``budget`` the fetch
    is one of its requests and its body stays reserved in the budget's memory until the diff
    is made.
    """
    loc, change = entry.loc, entry.change
    if not loc:
        return _unusable(entry, said("changes.reason-no-loc"))
    if change == "deleted":
        return _unusable(entry, said("changes.reason-deleted"))
    if budget is None:
        fetched = await fetcher.fetch(loc)
        return await _diffed(entry, loc, fetched, versions, offload, notification)
    async with budget.fetch(fetcher, loc) as result:  # held while diffing: body memory
        if result is None:
            return _unusable(
                entry,
                said("changes.reason-budget", spent=budget.spent),
                "changes.refetch-capped",
                params={"loc": loc, "spent": budget.spent},
                variant="budget",
            )
        return await _diffed(entry, loc, result, versions, offload, notification)


async def _diffed(
    entry: Entry,
    loc: str,
    result: FetchResult,
    versions: DocumentVersions,
    offload: bool,
    notification: int | None,
) -> RefetchResult:
    change = entry.change
    if not result.ok:
        return _unusable(
            entry,
            said("changes.reason-fetch", reason=result.problem()),
            "changes.refetch-failed",
            params={"loc": loc, "reason": result.problem()},
            variant="fetch",
        )
    earlier = versions.latest(loc)
    body = result.body

    def compute() -> RefetchResult:
        try:
            if earlier is None and change != "created":
                parse_document(body)
                return _unusable(entry, said("changes.reason-no-earlier"))
            structural, lines, reason = diff_versions(earlier, body)
        except DocumentParseError as exc:
            return _unusable(
                entry,
                said("changes.reason-unreadable", problem=exc.finding),
                "changes.refetch-failed",
                params={"loc": loc, "problem": exc.finding},
            )
        return RefetchResult(
            loc,
            change,
            entry.capability,
            structural.trimmed(SHOWN_LOCS),  # an event shows no more: the rest is freed
            lines.without_text() if lines is not None else None,
            None if reason is None else str(reason),
            said=reason,
        )

    if offload:
        outcome = await asyncio.get_running_loop().run_in_executor(None, compute)
    else:
        outcome = compute()
    if not outcome.findings:  # readable: it is the earlier version next time
        versions.remember(loc, body, notification)
    return outcome


async def refetch_notification(
    doc: Document,
    fetcher: Fetcher,
    versions: DocumentVersions,
    *,
    offload: bool = True,
    budget: CrawlBudget | None = None,
    limit: int = MAX_REFETCHES_PER_NOTIFICATION,
    notification: int | None = None,
) -> list[RefetchResult]:
    """Refetch and diff the first ``limit`` entries of a framework notification, in
    document order; one more result says how many were left out."""
    results = [
        await refetch_entry(
            entry, fetcher, versions, offload=offload, budget=budget, notification=notification
        )
        for entry in doc.entries[:limit]
    ]
    left_out = len(doc.entries) - limit
    if left_out > 0:
        reason = said("changes.reason-capped", left_out=left_out, limit=limit)
        note = finding(
            "changes.refetch-capped",
            params={"count": len(doc.entries), "left_out": left_out, "limit": limit},
        )
        results.append(
            RefetchResult(None, None, None, reason=str(reason), findings=[note], said=reason)
        )
    return results


FetcherFactory = Callable[[], Fetcher]


class ChangeTracker:
    """Diffs for the live feed: one ``ResourceState`` per topic, earlier document versions.

    ``enrich`` plugs into ``Subscriber(enrich=...)`` and ``refetch`` into
    ``Subscriber(refetch=...)``. Refetches share one long-lived ``Fetcher``, made on the
    loop of the first refetch (its SSL set-up costs a quarter of a second, once): call
    ``aclose`` on that loop.
    """

    def __init__(
        self,
        versions: DocumentVersions | None = None,
        *,
        fetcher_factory: FetcherFactory | None = None,
        timeout: float = 30.0,
    ) -> None:
        self.versions: DocumentVersions = (
            versions if versions is not None else MemoryDocumentVersions()
        )
        self._fetcher_factory = fetcher_factory or (
            lambda: Fetcher(timeout=Timeouts.uniform(timeout), retries=1)
        )
        self._states: dict[str, ResourceState] = {}
        self._lock = threading.Lock()
        self._fetcher: Fetcher | None = None
        self._budget: CrawlBudget | None = None
        self._budget_since = 0.0

    def budget(self) -> CrawlBudget:
        """The budget refetches and ``prime`` draw on now (a fresh one per window)."""
        now = time.monotonic()
        if self._budget is None or now - self._budget_since >= REFETCH_WINDOW:
            self._budget, self._budget_since = CrawlBudget(REFETCH_LIMITS), now
        return self._budget

    def state_for(self, topic: str) -> ResourceState:
        """The resource state of one change notification channel (one set of resources)."""
        with self._lock:
            return self._states.setdefault(topic, ResourceState())

    async def prime(
        self, capability_list_url: str, fetcher: Fetcher, *, topic: str | None = None
    ) -> list[Finding]:
        """Learn the starting point before notifications arrive; returns what went wrong.

        Reads the Capability List and the documents it names (through one level of
        indexes, at most ``MAX_PRIMED_DOCUMENTS``) and keeps each as the earlier version
        for framework diffs. Resource Lists, then Change Lists in ``from`` order, feed the
        resource state of ``topic`` (the change notification channel of this set of
        resources), so the first 'updated' notification already has a before.
        """
        problems: list[Finding] = []
        documents: list[tuple[str, Document]] = []

        async def read(url: str) -> Document | None:
            async with self.budget().fetch(fetcher, url) as result:
                return remembered(url, result)

        def remembered(url: str, result: FetchResult | None) -> Document | None:
            if result is None:
                return None  # the budget is spent: nothing more is read this window
            if not result.ok:
                problems.append(
                    finding(
                        "changes.prime-failed",
                        url=url,
                        params={"url": url, "reason": result.problem()},
                        variant="fetch",
                    )
                )
                return None
            try:
                doc = parse_document(result.body)
            except DocumentParseError as exc:
                problems.append(
                    finding(
                        "changes.prime-failed",
                        url=url,
                        params={"url": url, "problem": exc.finding},
                    )
                )
                return None
            self.versions.remember(url, result.body)
            return doc

        capability_list = await read(capability_list_url)
        if capability_list is None:
            return problems
        budget = MAX_PRIMED_DOCUMENTS
        for entry in capability_list.entries:
            if not entry.loc or entry.capability not in PRIMED_CAPABILITIES or budget <= 0:
                continue
            doc = await read(entry.loc)
            budget -= 1
            if doc is None:
                continue
            if not doc.is_index:
                documents.append((entry.loc, doc))
                continue
            for child in doc.entries:
                if child.loc and budget > 0:
                    budget -= 1
                    if (part := await read(child.loc)) is not None:
                        documents.append((child.loc, part))
        if topic is not None:
            state = self.state_for(topic)
            received = iso_time(time.time())
            lists = [item for item in documents if item[1].capability == "resourcelist"]
            changes = sorted(
                (item for item in documents if item[1].capability == "changelist"),
                key=lambda item: parse_w3c_datetime(item[1].md.get("from", "")) or 0.0,
            )
            with self._lock:
                for url, doc in [*lists, *changes]:
                    state.load_document(doc, Provenance(url, doc.capability, received))
        return problems

    def enrich(self, event: SubscriberEvent) -> SubscriberEvent:
        """A change notification's ``diff`` (a JSON list, one item per entry) and anomaly
        findings, from the resource state alone; other events are returned as they are."""
        doc = event.document
        if doc is None or doc.capability != "change-notification":
            return event
        state = self.state_for(event.topic)
        provenance = Provenance(event.topic, "change-notification", iso_time(event.time))
        with self._lock:
            result = apply_notification(state, doc, provenance)
        return replace(
            event,
            diff=[item.to_json() for item in result.entries],
            findings=[*event.findings, *result.findings],
        )

    async def refetch(self, event: SubscriberEvent) -> SubscriberEvent:
        """A framework notification's ``diff``: each named document refetched and diffed
        (parsing and diffing in a worker); other events are returned as they are."""
        doc = event.document
        if doc is None or doc.capability != "framework-notification":
            return event
        if self._fetcher is None:
            self._fetcher = self._fetcher_factory()
        results = await refetch_notification(
            doc,
            self._fetcher,
            self.versions,
            budget=self.budget(),
            notification=event.notification_id,  # the versions read are kept under it
        )
        findings = [item for result in results for item in result.findings]
        return replace(
            event,
            diff=[result.to_json() for result in results],
            findings=[*event.findings, *findings],
        )

    async def aclose(self) -> None:
        """Close the refetch client (on the loop that made it)."""
        fetcher, self._fetcher = self._fetcher, None
        if fetcher is not None:
            await fetcher.aclose()
