"""``compare [--store STORE] A B [--json]``: what changed in a Source between two snapshots.

A and B are snapshot ids, labels (the newest snapshot with that label) or ``now`` (a
fresh crawl of the other snapshot's URL, kept only for the comparison). The report:
documents added, removed and changed (which of status, ETag, Last-Modified, digest,
capability, entry count); per capability, entries added, removed and changed with the
fields that changed; findings new and fixed; and the resources whose metadata changed but
that no Change List entry after the earlier snapshot announces (core 1.1 §12.1), as
``changes.unannounced-change`` findings, and each Change List that was closed (``until``)
in the earlier snapshot yet gained entries, as a ``changes.closed-list-grew`` finding: a
Destination that finished a closed list never reads it again.

JSON output (``--json``), one object, its lists written as they are read from the store::

    {"a": snapshot, "b": snapshot, "change_lists": n,
     "documents": {"counts": {...}, "items": [{"kind", "key", "fields"}]},
     "entries": {capability: {"counts": {...}, "items": [{"kind", "key", "fields"}]}},
     "findings": {"counts": {"new", "fixed"}, "items": [...]},
     "unannounced": {"count": n, "items": [finding]}}

Exit status: 0 compared and every change announced, 1 unannounced changes, 2 a snapshot
that does not exist, a crawl that found no Source, a store that cannot be opened, or wrong
arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, TextIO

from explorer.cli.arguments import fail
from explorer.cli.options.crawl_options import add_crawl_options
from explorer.cli.options.language_option import add_language_option, language_of, say
from explorer.cli.options.network_options import (
    NetworkOptionsError,
    add_network_options,
    network_access,
)
from explorer.cli.snapshots import (
    MARKS,
    add_store_option,
    fields_text,
    open_snapshots,
    snapshot_now,
    write_document_changes,
    write_finding_changes,
)
from explorer.core.catalog import text
from explorer.core.words.messages import render_message, render_severity
from explorer.core.words.time_text import seconds_text

# The store and the comparison load once the arguments are parsed: a refused or --help
# invocation imports no SQLite.
if TYPE_CHECKING:
    from explorer.net.history.snapshot_compare import Comparison
    from explorer.net.history.snapshot_store import SnapshotInfo, SnapshotStore

EXIT_OK, EXIT_UNANNOUNCED, EXIT_UNUSABLE = 0, 1, 2
NOW = "now"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("a", metavar="A", help=say("snapshot.help-a"))
    parser.add_argument("b", metavar="B", help=say("snapshot.help-b"))
    add_store_option(parser)
    parser.add_argument("--json", action="store_true", help=say("cli.option.json"))
    add_crawl_options(parser, say("snapshot.help-with-now"))
    add_network_options(parser)
    add_language_option(parser)


def run(args: argparse.Namespace) -> int:
    from explorer.net.history.snapshot_compare import Comparison
    from explorer.net.history.snapshot_store import SnapshotNotFound, SnapshotQuotaReached
    from explorer.net.store.database import StoreError

    if args.a == NOW and args.b == NOW:
        return fail("compare", text("snapshot.both-now", language_of(args)))
    try:
        store, snapshots = open_snapshots(args)
    except StoreError as exc:
        return fail("compare", exc.describe(language_of(args)))
    fresh: SnapshotInfo | None = None
    try:
        try:
            a, b, fresh = _resolve(args, snapshots)
        except (SnapshotNotFound, SnapshotQuotaReached) as exc:
            return fail("compare", exc.describe(language_of(args)))
        except (NetworkOptionsError, ValueError) as exc:
            return fail("compare", str(exc))
        comparison = Comparison(snapshots, a, b)
        if args.json:
            write_json(comparison, sys.stdout)
        else:
            write_text(comparison, sys.stdout, language_of(args))
        return EXIT_UNANNOUNCED if comparison.unannounced_count() else EXIT_OK
    finally:
        if fresh is not None:
            snapshots.delete(fresh.id)
        snapshots.close()
        store.close()


def _resolve(
    args: argparse.Namespace, snapshots: SnapshotStore
) -> tuple[SnapshotInfo, SnapshotInfo, SnapshotInfo | None]:
    """The two snapshots; a ``now`` one is crawled from the other's URL (and returned
    third, to be deleted after)."""
    stored = snapshots.resolve(args.b if args.a == NOW else args.a)
    other = args.b if args.a != NOW else args.a
    if other != NOW:
        return stored, snapshots.resolve(other), None
    import asyncio  # a crawl only for ``now``: two stored snapshots need no event loop

    args.url, args.label = stored.start_url, None
    access = network_access(args, [args.url], "compare")
    fresh, result = asyncio.run(snapshot_now(args, snapshots, access))
    if result.root is None:
        snapshots.delete(fresh.id)
        raise ValueError(text("snapshot.no-source", language_of(args), url=args.url))
    return (fresh, stored, fresh) if args.a == NOW else (stored, fresh, fresh)


def _info(info: SnapshotInfo) -> dict[str, object]:
    return info.to_json()


def write_json(comparison: Comparison, out: TextIO) -> None:
    """One JSON object; each list is streamed, one item a line."""
    out.write("{")
    out.write(f'"a": {json.dumps(_info(comparison.a))}, "b": {json.dumps(_info(comparison.b))}')
    out.write(f', "change_lists": {comparison.change_lists}')
    out.write(f', "documents": {{"counts": {json.dumps(comparison.document_counts())}, ')
    _write_items(out, (item.to_json() for item in comparison.documents()))
    out.write('}, "entries": {')
    for position, (capability, counts) in enumerate(sorted(comparison.entry_counts().items())):
        out.write(("," if position else "") + f"\n {json.dumps(capability)}: ")
        out.write(f'{{"counts": {json.dumps(counts)}, ')
        _write_items(out, (item.to_json() for item in comparison.entries(capability)))
        out.write("}")
    out.write(f'}}, "findings": {{"counts": {json.dumps(comparison.finding_counts())}, ')
    _write_items(out, (item.to_json() for item in comparison.findings()))
    out.write(f'}}, "unannounced": {{"count": {comparison.unannounced_count()}, ')
    _write_items(out, (item.to_json() for item in comparison.unannounced()))
    out.write("}}\n")


def _write_items(out: TextIO, items: Iterable[dict[str, object]]) -> None:
    out.write('"items": [')
    for position, item in enumerate(items):
        out.write(("," if position else "") + "\n  " + json.dumps(item, ensure_ascii=False))
    out.write("]")


def write_text(comparison: Comparison, out: TextIO, lang: str) -> None:
    a, b = comparison.a, comparison.b

    def label(info: SnapshotInfo) -> str:
        return text("snapshot.compare-label", lang, label=info.label) if info.label else ""

    out.write(
        text(
            "snapshot.compare-heading",
            lang,
            a=a.id,
            a_taken=seconds_text(a.taken),
            a_label=label(a),
            b=b.id,
            b_taken=seconds_text(b.taken),
            b_label=label(b),
            source=b.source or b.start_url,
        )
        + "\n"
    )
    out.write(text("snapshot.documents", lang, **comparison.document_counts()) + "\n")
    write_document_changes(comparison, out, lang)
    for capability, counts in sorted(comparison.entry_counts().items()):
        out.write(text("snapshot.entries", lang, capability=capability or "?", **counts) + "\n")
        for item in comparison.entries(capability):
            out.write(f"  {MARKS[item.kind]} {item.key}{fields_text(item.fields, lang)}\n")
    out.write(text("snapshot.findings", lang, **comparison.finding_counts()) + "\n")
    write_finding_changes(comparison, out, lang)
    if not comparison.change_lists:
        out.write(text("snapshot.no-change-list", lang) + "\n")
        return
    out.write(text("snapshot.unannounced", lang, count=comparison.unannounced_count()) + "\n")
    for unannounced in comparison.unannounced():
        severity = render_severity(unannounced.severity, lang)
        out.write(f"  {severity}: {unannounced.code}: {render_message(unannounced, lang)}\n")
