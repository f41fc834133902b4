"""``diff OLD NEW [--json]``: what changed between two versions of a document.

OLD and NEW are files or http(s) URLs. The human output lists document-level changes,
the entries added, removed and changed (by loc, field by field), then a unified diff of
the canonicalised documents (``explorer.core.changes.line_diff``).

JSON output (``--json``), one object::

    {"old": {"source", "capability", "entries"}, "new": {...},
     "structure": DocumentDiff.to_json()   # added/removed/changed counts, reordered, root,
                                           # metadata, links_added/removed, *_entries
     "lines": LineDiff.to_json()           # identical, added_lines, removed_lines, hunks
                                           # ([[tag, text], ...] per hunk); null if too large
     "lines_reason": null or why "lines" is null,
     "findings": [...]}                    # why an input was unusable (exit 2)

Exit status: 0 when both documents were read (whether or not they differ), 2 when an
input is unusable (missing file, failed fetch, not a document) or arguments are bad.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from explorer.cli.arguments import (
    InputError,
    fail,
    looks_like_url,
    non_negative_int,
    positive_seconds,
    read_regular_file,
    url_or_path,
)
from explorer.cli.options.language_option import add_language_option, language_of, say
from explorer.cli.options.network_options import (
    NetworkOptionsError,
    add_network_options,
    network_access,
)
from explorer.core.catalog import text
from explorer.core.document_limits import MAX_DOCUMENT_BYTES
from explorer.core.findings import Finding, finding
from explorer.core.words.messages import render_message, render_severity

# The parser (lxml), the diffs and the HTTP client load once the arguments are parsed: a
# refused or --help invocation imports none of them.
if TYPE_CHECKING:
    from explorer.core.changes.document_diff import DocumentDiff
    from explorer.core.changes.line_diff import LineDiff, LineDiffTooLarge
    from explorer.core.model import Document, Link
    from explorer.net.http.fetcher import Fetcher
    from explorer.net.http.network_access import NetworkAccess

EXIT_OK, EXIT_UNUSABLE = 0, 2
# A little past the parser's limit, so that it reports the document as too large.
READ_LIMIT = MAX_DOCUMENT_BYTES + 1


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("old", type=url_or_path, metavar="OLD", help=say("cli.diff.old"))
    parser.add_argument("new", type=url_or_path, metavar="NEW", help=say("cli.diff.new"))
    parser.add_argument("--json", action="store_true", help=say("cli.option.json"))
    parser.add_argument(
        "--context",
        type=non_negative_int,
        default=3,
        metavar="N",
        help=say("cli.diff.context"),
    )
    parser.add_argument(
        "--timeout",
        type=positive_seconds,
        default=30.0,
        metavar="SECONDS",
        help=say("cli.diff.timeout"),
    )
    add_network_options(parser)
    add_language_option(parser)


@dataclass(slots=True)
class _Input:
    """One side of the diff. ``document`` and ``lines`` stay out of the repr: Python 3.11's
    ``asyncio.run`` formats the main task's result (SIGINT handler check in
    ``Runner.run``), and a full repr of a large document costs many times its size."""

    source: str
    document: Document | None = field(default=None, repr=False)
    lines: list[str] | None = field(default=None, repr=False)
    lines_reason: LineDiffTooLarge | None = None
    """Why this side has no lines: said in English in the JSON, in the run's language
    otherwise."""
    problem: Finding | None = None

    def describe(self) -> dict[str, Any]:
        doc = self.document
        return {
            "source": self.source,
            "capability": doc.capability if doc is not None else None,
            "entries": len(doc.entries) if doc is not None else None,
        }


def _is_url(source: str) -> bool:
    return looks_like_url(source)


async def _read_all(sources: list[str], timeout: float, access: NetworkAccess) -> list[_Input]:
    """Read, parse and canonicalise each side in turn, dropping its bytes once done, so a
    large pair never holds both documents' bytes, trees and lines at once."""
    from explorer.core.changes.line_diff import LineDiffTooLarge, canonical_lines
    from explorer.core.parser import DocumentParseError, parse_document
    from explorer.net.http.fetcher import Fetcher, Timeouts

    inputs = [_Input(source) for source in sources]
    async with Fetcher(
        timeout=Timeouts.uniform(timeout), max_bytes=READ_LIMIT, access=access
    ) as fetcher:
        for item in inputs:
            data = await _read_one(item, fetcher)
            if data is None:
                continue
            try:
                item.document = parse_document(data)
                item.lines = canonical_lines(data)
            except DocumentParseError as exc:
                item.problem = exc.finding
            except LineDiffTooLarge as exc:
                item.lines_reason = exc
    return inputs


async def _read_one(item: _Input, fetcher: Fetcher) -> bytes | None:
    """The bytes of one side, or None with ``item.problem`` saying why."""
    if not _is_url(item.source):
        try:
            return read_regular_file(item.source, READ_LIMIT)
        except InputError as exc:
            item.problem = finding(
                "changes.input-unreadable",
                params={"source": item.source, "reason": exc.reason},
            )
            return None
    result = await fetcher.fetch(item.source)
    if result.ok:
        return result.body
    item.problem = finding(
        "changes.input-unreadable",
        url=item.source,
        params={"source": item.source, "reason": result.describe_error()},
        variant="fetch",
    )
    return None


def _link_text(link: Link) -> str:
    return f"rel={link.rel} href={link.href}"


def _print_structure(diff: DocumentDiff, lang: str) -> None:
    from explorer.core.changes.document_diff import MAX_LISTED_ENTRIES, listed

    if diff.root is not None:
        print(text("cli.diff.root", lang, old=diff.root.old, new=diff.root.new))
    for change in diff.metadata:
        print(text("cli.diff.md", lang, name=change.name, old=change.old, new=change.new))
    for link in diff.links_removed:
        print(text("cli.diff.link-removed", lang, link=_link_text(link)))
    for link in diff.links_added:
        print(text("cli.diff.link-added", lang, link=_link_text(link)))
    counts = diff.summary()
    order = text("cli.diff.reordered", lang) if diff.reordered else ""
    print(text("cli.diff.entries", lang, order=order, **counts))
    for _, entry in listed(diff.added):
        print(text("cli.diff.added", lang, loc=entry.loc, line=entry.line))
    for _, entry in listed(diff.removed):
        print(text("cli.diff.removed", lang, loc=entry.loc, line=entry.line))
    for item in listed(diff.changed):
        fields = "; ".join(f"{f.name} {f.old} → {f.new}" for f in item.fields)
        print(f"  ~ {item.loc}: {fields}")
    if max(counts.values()) > MAX_LISTED_ENTRIES:
        print(f"  {text('boundary.entries-listed', lang, limit=MAX_LISTED_ENTRIES)}")


def _no_line_diff(reason: str) -> dict[str, Any]:
    return finding("changes.line-diff-skipped", params={"reason": reason}).to_json()


def run(args: argparse.Namespace) -> int:
    import asyncio

    from explorer.core.changes.document_diff import diff_documents
    from explorer.core.changes.line_diff import LineDiffTooLarge, check_showable, diff_lines

    try:
        access = network_access(args, [args.old, args.new], "diff")
    except NetworkOptionsError as exc:
        return fail("diff", str(exc))
    old, new = asyncio.run(_read_all([args.old, args.new], args.timeout, access))
    problems = [item.problem for item in (old, new) if item.problem is not None]
    if problems or old.document is None or new.document is None:
        if args.json:
            print(
                json.dumps(
                    {
                        "old": old.describe(),
                        "new": new.describe(),
                        "structure": None,
                        "lines": None,
                        "lines_reason": text("diffing.input-unusable"),
                        "findings": [item.to_json() for item in problems],
                    },
                    indent=2,
                )
            )
        else:
            for item in problems:
                severity = render_severity(item.severity, language_of(args))
                message = render_message(item, language_of(args))
                print(f"{severity}: {message} [{item.code}]", file=sys.stderr)  # codes stay
        return EXIT_UNUSABLE

    structure = diff_documents(old.document, new.document)
    lines: LineDiff | None = None
    lines_reason = old.lines_reason or new.lines_reason
    if old.lines is not None and new.lines is not None:
        try:
            lines = diff_lines(old.lines, new.lines)
            check_showable(lines)
        except LineDiffTooLarge as exc:
            lines, lines_reason = None, exc
        old.lines = new.lines = None  # the LineDiff holds them if it is shown

    if args.json:
        payload = json.dumps(  # bounded: at most MAX_LISTED_ENTRIES entries per kind
            {
                "old": old.describe(),
                "new": new.describe(),
                "structure": structure.to_json(),
                "lines": lines.to_json(args.context) if lines is not None else None,
                "lines_reason": None if lines_reason is None else str(lines_reason),
                "findings": [] if lines_reason is None else [_no_line_diff(str(lines_reason))],
            },
            indent=2,
        )
        print(payload)
        return EXIT_OK

    lang = language_of(args)
    for mark, source, side in (("---", args.old, old.document), ("+++", args.new, new.document)):
        kind = side.capability or side.root
        count = len(side.entries)
        print(text("cli.diff.side", lang, mark=mark, source=source, kind=kind, count=count))
    _print_structure(structure, lang)
    print()
    if lines is None:
        reason = lines_reason.describe(lang) if lines_reason is not None else ""
        print(text("cli.diff.no-line-diff", lang, reason=reason))
    elif lines.identical:
        print(text("cli.diff.identical", lang))
    else:
        sys.stdout.write(lines.unified(args.old, args.new, args.context))
    return EXIT_OK
