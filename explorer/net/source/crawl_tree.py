"""The tree a crawl builds: one ``DocumentNode`` per document URL, ``Channel`` leaves for
the notification channels (notification specs §5), and the ``CrawlResult`` around them.

Kept apart from the walker so that views and commands can read a tree (the GUI draws it,
the CLI prints or dumps it as JSON) without depending on how it was fetched.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from explorer.core.findings import Finding, Severity, count_by_severity
from explorer.core.model import Document
from explorer.core.rules import capabilities as caps
from explorer.net.http.fetcher import FetchResult
from explorer.net.http.spool import SpooledBody
from explorer.net.source.discovery import Discovery


class NodeState(StrEnum):
    PENDING = "pending"  # known from its parent, not fetched (beyond depth, lazy, cancelled)
    LOADING = "loading"
    LOADED = "loaded"  # fetched; the document may still have failed to parse (see findings)
    FAILED = "failed"  # no usable HTTP response
    SKIPPED = "skipped"  # not fetched: a crawl limit was reached
    DUPLICATE = "duplicate"  # the URL is already a node elsewhere in the tree


@dataclass(frozen=True, slots=True)
class Progress:
    """Documents fetched so far, documents known (fetched or scheduled), body bytes read."""

    documents_done: int
    documents_known: int
    bytes: int


@dataclass(eq=False, slots=True)
class Channel:
    """A notification channel advertised in a Capability List (notification specs §5)."""

    topic: str
    hub: str | None
    capability: str
    capability_list: str
    line: int | None = None
    findings: list[Finding] = field(default_factory=list)
    form: str | None = None  # a 2012 push form, its transport's kind (None: WebSub)
    node: str | None = None  # the XMPP PubSub node of an XMPP form

    def to_json(self) -> dict[str, Any]:
        """A 2012 push channel adds its ``form`` and ``node``; a WebSub one has neither."""
        data = {
            "topic": self.topic,
            "hub": self.hub,
            "capability": self.capability,
            "capability_list": self.capability_list,
            "findings": [item.to_json() for item in self.findings],
        }
        if self.form is not None:
            data.update(form=self.form, node=self.node)
        return data


@dataclass(eq=False, repr=False, slots=True)
class DocumentNode:
    """One document of the Source's tree (identity, not value, equality: one node per URL).

    ``declared_capability`` is what the parent said; ``capability`` is what the document
    itself says once loaded. ``line`` is the line of the parent entry pointing here.
    """

    url: str
    declared_capability: str | None = None
    parent: DocumentNode | None = None
    depth: int = 0
    line: int | None = None
    state: NodeState = NodeState.PENDING
    fetch: FetchResult | None = None
    document: Document | None = None
    findings: list[Finding] = field(default_factory=list)
    children: list[DocumentNode] = field(default_factory=list)
    channels: list[Channel] = field(default_factory=list)
    spooled: SpooledBody | None = None  # a large body, on disk (``fetch.body`` is then b"")
    entry_count: int | None = None  # entries the document had when read (callers may trim)

    @property
    def capability(self) -> str | None:
        if self.document is not None and self.document.capability is not None:
            return self.document.capability
        return self.declared_capability

    @property
    def root(self) -> str | None:
        return self.document.root if self.document is not None else None

    @property
    def is_index(self) -> bool:
        return self.document is not None and self.document.is_index

    @property
    def status(self) -> int | None:
        return self.fetch.status if self.fetch is not None else None

    @property
    def entries(self) -> int | None:
        if self.document is None:
            return None
        return self.entry_count if self.entry_count is not None else len(self.document.entries)

    @property
    def body(self) -> bytes | None:
        """The raw bytes as received (see ``read_body``)."""
        return self.read_body()

    def read_body(self) -> bytes | None:
        """The raw bytes as received; a spooled body is read back from disk (None once the
        fetcher is closed), so call this in a worker for large documents."""
        if self.spooled is not None:
            return self.spooled.read()
        return self.fetch.body if self.fetch is not None else None

    @property
    def final_url(self) -> str:
        return self.fetch.final_url if self.fetch is not None else self.url

    @property
    def parent_url(self) -> str | None:
        return self.parent.url if self.parent is not None else None

    @property
    def title(self) -> str:
        return caps.display_name(self.capability, self.is_index)

    def walk(self) -> Iterator[DocumentNode]:
        """This node and its descendants, depth first, in document order."""
        yield self
        for child in self.children:
            yield from child.walk()

    def __repr__(self) -> str:
        """One line, whatever the tree's size. The generated repr recursed into every child,
        fetch and document: Python 3.11's ``asyncio.run`` formats the finished main task
        (and so its result) twice when it restores the SIGINT handler, which cost 0.5 s of
        CPU after a 3,000-document crawl."""
        return (
            f"DocumentNode({self.url!r}, state={self.state.value}, "
            f"children={len(self.children)}, findings={len(self.findings)})"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "capability": self.capability,
            "root": self.root,
            "status": self.status,
            "entries": self.entries,
            "parent": self.parent_url,
            "findings": [item.to_json() for item in self.findings],
        }


@dataclass(repr=False, slots=True)
class CrawlResult:
    """Discovery plus the tree. ``findings`` are crawl-wide (discovery, limits)."""

    start_url: str
    discovery: Discovery
    root: DocumentNode | None
    findings: list[Finding] = field(default_factory=list)

    def __repr__(self) -> str:
        """One line, like ``DocumentNode``'s: the result of a finished task is formatted
        whole whenever the task is (see ``DocumentNode.__repr__``)."""
        return f"CrawlResult({self.start_url!r}, root={self.root!r}, findings={len(self.findings)})"

    @property
    def source_url(self) -> str | None:
        return self.root.url if self.root is not None else None

    def nodes(self) -> list[DocumentNode]:
        return list(self.root.walk()) if self.root is not None else []

    def documents(self) -> list[DocumentNode]:
        """Nodes that were fetched (loaded or failed), in tree order."""
        return [n for n in self.nodes() if n.state in (NodeState.LOADED, NodeState.FAILED)]

    def channels(self) -> list[Channel]:
        return [channel for node in self.nodes() for channel in node.channels]

    def all_findings(self) -> list[Finding]:
        found = list(self.findings)
        for node in self.nodes():
            found.extend(node.findings)
            for channel in node.channels:
                found.extend(channel.findings)
        return found

    def totals(self) -> dict[str, int]:
        """The counts every summary of a crawl names (the terminal's last line, the HTML
        report's), so the two cannot count differently."""
        counts = count_by_severity(self.all_findings())
        return {
            "documents": len(self.documents()),
            "channels": len(self.channels()),
            "errors": counts[Severity.ERROR],
            "warnings": counts[Severity.WARNING],
            "notes": counts[Severity.INFO],
        }

    def to_json(self) -> dict[str, Any]:
        """The ``inspect --json`` object."""
        return {
            "source": self.source_url,
            "route": str(self.discovery.route) if self.discovery.route else None,
            "discovery": self.discovery.to_json(),
            "documents": [node.to_json() for node in self.documents()],
            "channels": [channel.to_json() for channel in self.channels()],
            "findings": [item.to_json() for item in self.findings],
        }
