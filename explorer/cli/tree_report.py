"""The human report of a crawled Source: how it was discovered, then its tree with the
findings under each node. ``inspect`` prints it, and ``inspect --snapshot-every`` after
each round (``explorer.cli.snapshots``)."""

from __future__ import annotations

from typing import TextIO

from explorer.cli.engine_text import attempt_detail, fetch_problem
from explorer.cli.options.language_option import cited_and_counted
from explorer.core import catalog
from explorer.core.catalog import text
from explorer.core.finding_groups import group_findings
from explorer.core.findings import Finding
from explorer.core.rules.capabilities import display_name
from explorer.core.words.messages import (
    ENGLISH,
    render_document_name,
    render_message,
    render_severity,
)
from explorer.net.reports.report_words import counted_totals
from explorer.net.source.crawl_tree import Channel, CrawlResult, DocumentNode, NodeState
from explorer.net.source.discovery import RouteAttempt
from explorer.net.source.dump_check import MANIFEST_NAME
from explorer.net.source.legacy_channels import legacy_channel_line


def print_tree(result: CrawlResult, out: TextIO, lang: str = ENGLISH) -> None:
    """The human report: discovery, then the tree with findings under each node."""
    discovery = result.discovery
    if result.root is None:
        out.write(text("cli.inspect.not-found", lang, url=result.start_url) + "\n")
    else:
        route = discovery.route
        out.write(text("cli.inspect.source", lang, url=result.root.url, route=route) + "\n")
    out.write(text("cli.inspect.discovery", lang) + "\n")
    if discovery.cause is not None:  # one reason for every route: said once, below
        attempts: list[RouteAttempt] = []
    else:
        attempts = discovery.attempts
    for attempt in attempts:
        mark = "ok  " if attempt.ok else "--  "
        out.write(f"  {mark}{attempt.route!s:<12} {attempt.url}\n")
        out.write(f"        {attempt_detail(attempt, lang)}\n")
    _write_findings(result.findings, "  ", out, lang)
    if result.root is not None:
        out.write("\n")
        _write_node(result.root, "", "", out, lang)
    if result.given is not None:
        out.write("\n" + text("cli.inspect.given", lang, url=result.given.url) + "\n")
        _write_node(result.given, "", "", out, lang)
    totals = counted_totals(result.totals(), lang)
    out.write("\n" + text("cli.inspect.totals", lang, **totals) + "\n")


def _node_status(node: DocumentNode, lang: str = ENGLISH) -> str:
    """A short label for a node's state, for trees and tables."""
    if node.state is NodeState.LOADED:
        if node.entries is None:
            return text("cli.inspect.status-unreadable", lang, status=node.status)
        entries = catalog.counted("counts.entry", node.entries, lang)
        return text("cli.inspect.status-entries", lang, status=node.status, entries=entries)
    if node.state is NodeState.FAILED and node.fetch is not None:
        return fetch_problem(node.fetch, lang)
    return text(f"cli.inspect.state-{node.state}", lang)


def _write_node(
    node: DocumentNode, lead: str, child_lead: str, out: TextIO, lang: str = ENGLISH
) -> None:
    title = render_document_name(node.title, lang)
    out.write(f"{lead}{title}  {node.url}  [{_node_status(node, lang)}]\n")
    items: list[DocumentNode | Channel] = [*node.children, *node.channels]
    _write_findings(node.findings, child_lead + ("│   " if items else "    "), out, lang)
    for position, item in enumerate(items):
        last = position == len(items) - 1
        branch, extend = ("└── ", "    ") if last else ("├── ", "│   ")
        if isinstance(item, DocumentNode):
            _write_node(item, child_lead + branch, child_lead + extend, out, lang)
        else:
            hub = item.hub or text("cli.inspect.no-hub", lang)
            line = (
                legacy_channel_line(item, lang)
                if item.form is not None
                else text(
                    "cli.inspect.channel",
                    lang,
                    capability=item.capability,
                    # Japanese names the channel as the documents do (変更通知チャンネル)
                    name=render_document_name(display_name(item.capability), lang),
                    topic=item.topic,
                    hub=hub,
                )
            )
            out.write(f"{child_lead}{branch}{line}\n")
            _write_findings(item.findings, child_lead + extend + "    ", out, lang)


def _write_findings(findings: list[Finding], indent: str, out: TextIO, lang: str = ENGLISH) -> None:
    """One line per code (with how many times and where), naming the file inside a
    package when the finding is about a dump's manifest."""
    for group in group_findings(findings):
        item = group.first
        where = _where(item, lang)
        severity = render_severity(item.severity, lang)
        message = render_message(item, lang)
        tail = cited_and_counted(group, lang)
        out.write(f"{indent}{severity}: {item.code}{where}: {message}{tail}\n")


def _where(item: Finding, lang: str) -> str:
    """' line N', and the manifest and its package when the finding is about one."""
    where = text("cli.inspect.line", lang, line=item.line) if item.line is not None else ""
    package, _, member = (item.url or "").partition("#")
    if member == MANIFEST_NAME:
        return text("cli.inspect.in-manifest", lang, member=member, package=package, where=where)
    return where
