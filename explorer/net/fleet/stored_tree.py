"""A Source's latest fleet snapshot, read back as the tree a crawl builds.

The window's Source tree draws ``DocumentNode`` trees; a fleet snapshot keeps each
document's row (URL, parent, capability, state, status, entry count, ``rs:md``) and its
findings, not the bodies. So the tree is rebuilt from those rows: each node carries a
``Document`` with the stored ``rs:md`` and no entries (``entry_count`` says how many
there were), and the findings where the crawl found them. Nothing is fetched: it is the
Source as it was when the snapshot was taken, and the reader must say so.

Bounded: at most ``DOCUMENT_LIMIT`` documents, ``ENTRY_LIMIT`` entries and
``FINDING_LIMIT`` findings are read (a fleet Source may have millions of entries);
``StoredSnapshot`` says how many documents there were, and each node keeps its stored entry
count whatever was read of its entries.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from explorer.core.findings import Finding
from explorer.core.model import Document, Entry
from explorer.net.source.crawl_tree import CrawlResult, DocumentNode, NodeState
from explorer.net.source.discovery import Discovery

if TYPE_CHECKING:
    from explorer.net.fleet.database import FleetDatabase

DOCUMENT_LIMIT = 5000
"""Documents read into the tree: far more than a Source's lists in practice, few enough
for the window to draw at once."""
FINDING_LIMIT = 20_000
"""Findings read with them (the most severe first)."""
ENTRY_LIMIT = 50_000
"""Entries read with them, in the order they were stored (the crawl's): a few lists of a
large Source, enough to look at without holding the Source in memory."""
ENTRY_FIELDS = ("hash", "length", "type", "change", "datetime")
"""The stored entry columns that are ``rs:md`` attributes (core 1.1 §7, Table 3)."""


@dataclass(frozen=True, slots=True)
class StoredSnapshot:
    """A snapshot as the window shows it: ``documents`` stored, ``shown`` of them read."""

    id: int
    taken: datetime
    result: CrawlResult
    documents: int
    shown: int


def latest_snapshot(database: FleetDatabase, url: str) -> StoredSnapshot | None:
    """The newest snapshot of the fleet's Source ``url`` as a tree; None when it has none
    (``SourceUnknown`` when ``url`` is not in the fleet)."""
    source_id, _plan = database.source(url)
    connection = database.connection
    row = connection.execute(
        "SELECT id, taken, start_url, source, documents FROM fleet_snapshots"
        " WHERE source_id = %s ORDER BY id DESC LIMIT 1",
        (source_id,),
    ).fetchone()
    if row is None:
        return None
    snapshot, taken, start_url, source, documents = row
    rows = connection.execute(
        "SELECT url, parent, capability, root, state, status, entries, md FROM fleet_documents"
        " WHERE snapshot_id = %s ORDER BY url LIMIT %s",
        (snapshot, DOCUMENT_LIMIT),
    ).fetchall()
    findings = connection.execute(
        "SELECT subject, stored FROM fleet_findings WHERE snapshot_id = %s"
        " ORDER BY CASE severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END,"
        " subject, code LIMIT %s",
        (snapshot, FINDING_LIMIT),
    ).fetchall()
    entries = connection.execute(
        "SELECT document, position, loc, lastmod, hash, length, type, change, datetime"
        " FROM fleet_entries WHERE snapshot_id = %s LIMIT %s",
        (snapshot, ENTRY_LIMIT),
    ).fetchall()
    result = build_result(str(start_url), source, rows, findings, entries)
    return StoredSnapshot(int(snapshot), taken, result, int(documents), len(rows))


def build_result(
    start_url: str,
    source: str | None,
    rows: list[tuple[Any, ...]],
    findings: list[tuple[Any, ...]],
    entries: Sequence[tuple[Any, ...]] = (),
) -> CrawlResult:
    """The crawl result of stored document rows, ``(subject, stored finding)`` rows and
    entry rows ``(document, position, loc, lastmod, *ENTRY_FIELDS)``: the Source
    Description (``source``) at the root, each document under its parent."""
    nodes = {str(row[0]): _node(row) for row in rows}
    for document, _position, loc, lastmod, *md in sorted(entries, key=lambda e: (e[0], e[1])):
        node = nodes.get(document)
        if node is not None and node.document is not None:
            kept = {name: value for name, value in zip(ENTRY_FIELDS, md, strict=True) if value}
            node.document.entries.append(Entry(loc or None, lastmod, md=kept))
    for row in rows:
        node, parent = nodes[str(row[0])], row[1]
        if parent is not None and parent in nodes and parent != node.url:
            node.parent = nodes[parent]
            nodes[parent].children.append(node)
    root = nodes.get(source) if source is not None else None
    if root is None:  # no Source Description stored: the first document without a parent
        root = next((node for node in nodes.values() if node.parent is None), None)
    if root is not None:
        if root.parent is not None:  # damaged rows: the root is the top, whatever they say
            root.parent.children.remove(root)
            root.parent = None
        _set_depths(root)
    result = CrawlResult(
        start_url, Discovery(start_url, source_url=root.url if root else None), root
    )
    for subject, stored in findings:
        found = Finding.from_json(stored)
        holder = nodes.get(subject)
        (holder.findings if holder is not None else result.findings).append(found)
    return result


def _node(row: tuple[Any, ...]) -> DocumentNode:
    url, _parent, capability, root, state, _status, entries, md = row
    stored_md = md if isinstance(md, dict) else json.loads(md or "{}")
    document = (
        Document(root=str(root), md={str(k): str(v) for k, v in stored_md.items()})
        if root is not None
        else None
    )
    return DocumentNode(
        str(url),
        declared_capability=capability,
        state=_state(state),
        document=document,
        entry_count=entries,
    )


def _state(stored: object) -> NodeState:
    try:
        return NodeState(str(stored))
    except ValueError:  # a state a later release wrote: the row was read
        return NodeState.LOADED


def _set_depths(root: DocumentNode) -> None:
    """Depths from the root down (a parent cycle in damaged rows cannot loop: each node
    is visited once)."""
    seen: set[int] = set()
    stack = [(root, 0)]
    while stack:
        node, depth = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        node.depth = depth
        stack.extend((child, depth + 1) for child in node.children)
