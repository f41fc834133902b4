"""``inspect URL --save [--store STORE] [--label TEXT] [--every MINUTES [--count N]]``:
keep the crawl as a snapshot in the store, and on a schedule say what appeared or vanished.

A saved crawl reads the whole Source (every list, every entry, streamed to the store);
``--depth``, ``--check-resources`` and ``--check-dumps`` do not apply to it. Each round
opens the store, saves, compares documents and findings with the previous snapshot of
the same URL, and closes the store again, so a window can use it between rounds.

JSON (``--json``): per round one line, the ``inspect --json`` object plus
``"snapshot": {"id", "label", "start_url", "source", "taken", "documents", "entries"}`` and
``"since"`` (null for the first): ``{"snapshot", "documents": [{"kind", "key",
"fields"}], "findings": [{"kind", "subject", "code", "severity", "line", "message",
"spec"}]}``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from explorer.cli.arguments import fail, positive_int, positive_seconds, store_path
from explorer.cli.options.language_option import language_of, say
from explorer.core import catalog
from explorer.core.catalog import text
from explorer.core.findings import Severity
from explorer.core.words.messages import render_severity, render_title
from explorer.core.words.time_text import seconds_text
from explorer.net.store.store_location import default_store_path

# Imported where used: every ``inspect`` loads this module, few save, and ``compare`` of two
# stored snapshots reads the store only (the crawl and HTTP client are a tenth of its start).
if TYPE_CHECKING:  # the store and the crawl load once the arguments are parsed
    from explorer.net.history.snapshot_compare import Comparison
    from explorer.net.history.snapshot_store import SnapshotInfo, SnapshotStore
    from explorer.net.http.network_access import NetworkAccess
    from explorer.net.source.crawl_tree import CrawlResult
    from explorer.net.store.database import Store

EXIT_OK, EXIT_FINDINGS, EXIT_UNUSABLE = 0, 1, 2
DEFAULT_QUOTA_MB = 4096
"""``--snapshot-quota``'s default: ``snapshot_store.DEFAULT_QUOTA`` in MB (not imported
from it: every ``inspect`` builds this option, few save)."""


def add_snapshot_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--save", action="store_true", help=say("snapshot.help-save"))
    add_store_option(parser)
    parser.add_argument("--label", metavar="TEXT", help=say("snapshot.help-label"))
    parser.add_argument(
        "--every",
        type=positive_seconds,
        metavar="MINUTES",
        help=say("snapshot.help-every"),
    )
    parser.add_argument("--count", type=positive_int, metavar="N", help=say("snapshot.help-count"))
    parser.add_argument(
        "--snapshot-quota",
        type=positive_int,
        metavar="MB",
        help=say("snapshot.help-quota", default=DEFAULT_QUOTA_MB),
    )


def add_store_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--store",
        type=store_path,
        metavar="STORE",
        help=say("snapshot.help-store", default=default_store_path()),
    )


def open_snapshots(args: argparse.Namespace) -> tuple[Store, SnapshotStore]:
    """The store named by ``--store`` (or the default) and its snapshot tables."""
    from explorer.net.history.snapshot_store import SnapshotStore
    from explorer.net.store.database import Store

    store = Store(args.store or default_store_path())
    megabytes = getattr(args, "snapshot_quota", None) or DEFAULT_QUOTA_MB
    try:
        return store, SnapshotStore(store, quota=megabytes * 1024 * 1024)
    except BaseException:
        store.close()
        raise


async def snapshot_now(
    args: argparse.Namespace, snapshots: SnapshotStore, access: NetworkAccess
) -> tuple[SnapshotInfo, CrawlResult]:
    """Crawl ``args.url`` into a new snapshot with ``--timeout`` and ``--max-documents``."""
    from explorer.net.history.snapshot_store import take_snapshot
    from explorer.net.http.fetcher import Fetcher, Timeouts
    from explorer.net.source.crawl_budget import CrawlLimits

    limits = CrawlLimits(max_documents=args.max_documents)
    async with Fetcher(timeout=Timeouts.uniform(args.timeout), access=access) as fetcher:
        return await take_snapshot(args.url, fetcher, snapshots, args.label, limits)


def run_saving(args: argparse.Namespace, access: NetworkAccess) -> int:
    """Take one snapshot, or one every ``--every`` minutes; the last round's exit status."""
    if args.every is not None and not args.save:
        return fail("inspect", text("snapshot.every-needs-save", language_of(args)))
    taken = 0
    while True:
        status = _round(args, access)
        taken += 1
        if status == EXIT_UNUSABLE or args.every is None or taken == args.count:
            return status
        if not args.json:
            minutes = f"{args.every:g}"
            print(text("snapshot.next", language_of(args), minutes=minutes), flush=True)
        try:
            time.sleep(args.every * 60)
        except KeyboardInterrupt:
            return status


def _round(args: argparse.Namespace, access: NetworkAccess) -> int:
    import asyncio

    from explorer.cli.tree_report import print_tree
    from explorer.net.history.snapshot_compare import Comparison
    from explorer.net.history.snapshot_store import SnapshotQuotaReached
    from explorer.net.store.database import StoreError, StoreLocked

    lang = language_of(args)
    try:
        store, snapshots = open_snapshots(args)
    except StoreLocked as exc:  # the window or a listen holds it: name the way out
        return fail("inspect", text("snapshot.store-locked", lang, reason=exc.describe(lang)))
    except StoreError as exc:
        return fail("inspect", exc.describe(lang))
    try:
        try:
            info, result = asyncio.run(snapshot_now(args, snapshots, access))
        except SnapshotQuotaReached as exc:  # the snapshot was removed; say why, in one line
            return fail("inspect", exc.describe(lang))
        if result.root is None:  # nothing found: nothing worth keeping
            snapshots.delete(info.id)
            if args.json:
                print(json.dumps(result.to_json(), ensure_ascii=False), flush=True)
            else:
                print_tree(result, sys.stdout, lang)
            return EXIT_UNUSABLE
        previous = snapshots.latest(args.url, info.id)
        comparison = Comparison(snapshots, previous, info, entries=False) if previous else None
        if args.json:
            data = result.to_json()
            data["snapshot"] = info.to_json()
            data["since"] = _since_json(previous, comparison)
            print(json.dumps(data, ensure_ascii=False), flush=True)
        else:
            print_tree(result, sys.stdout, lang)
            _print_round(info, store.path, previous, comparison, sys.stdout, lang)
    finally:
        snapshots.close()
        store.close()
    has_errors = any(f.severity is Severity.ERROR for f in result.all_findings())
    return EXIT_FINDINGS if has_errors else EXIT_OK


def _since_json(
    previous: SnapshotInfo | None, comparison: Comparison | None
) -> dict[str, object] | None:
    if previous is None or comparison is None:
        return None
    return {
        "snapshot": previous.id,
        "documents": [item.to_json() for item in comparison.documents()],
        "findings": [item.to_json() for item in comparison.findings()],
    }


def _print_round(
    info: SnapshotInfo,
    store: Path,
    previous: SnapshotInfo | None,
    comparison: Comparison | None,
    out: TextIO,
    lang: str,
) -> None:
    label = text("snapshot.label", lang, label=info.label) if info.label else ""
    out.write(
        text(
            "snapshot.saved",
            lang,
            id=info.id,
            label=label,
            documents=info.documents,
            entries=info.entries,
            store=store,
        )
        + "\n"
    )
    if previous is None or comparison is None:
        out.write(text("snapshot.first", lang, url=info.start_url) + "\n")
        return
    documents = comparison.document_counts()
    findings = comparison.finding_counts()
    out.write(
        text(
            "snapshot.since",
            lang,
            id=previous.id,
            taken=seconds_text(previous.taken),
            documents_added=documents["added"],
            documents_removed=documents["removed"],
            documents_changed=documents["changed"],
            findings_new=findings["new"],
            findings_fixed=findings["fixed"],
        )
        + "\n"
    )
    write_document_changes(comparison, out, lang)
    write_finding_changes(comparison, out, lang)


MARKS = {"added": "+", "new": "+", "removed": "-", "fixed": "-", "changed": "~"}


def write_document_changes(comparison: Comparison, out: TextIO, lang: str) -> None:
    for item in comparison.documents():
        out.write(f"  {MARKS[item.kind]} {item.key}{fields_text(item.fields, lang)}\n")


def write_finding_changes(comparison: Comparison, out: TextIO, lang: str) -> None:
    """One line a finding that appeared or vanished; the store keeps its English message,
    which another language says behind the code's title."""
    for item in comparison.findings():
        where = f" {item.subject}" if item.subject else ""
        severity = render_severity(Severity(item.severity), lang)
        title = render_title(item.code, lang)
        message = text("snapshot.stored-message", lang, title=title, message=item.message)
        out.write(f"  {MARKS[item.kind]} {severity} {item.code}{where}: {message}\n")


def fields_text(fields: dict[str, tuple[object, object]], lang: str) -> str:
    """``: name old → new, ...``; a document's field names in ``lang``, an entry's
    (``lastmod``, ``hash``, the attributes of core 1.1 Table 3) as written."""
    if not fields:
        return ""
    return ": " + catalog.text("common.list-separator", lang).join(
        f"{_field_name(name, lang)} {old} → {new}" for name, (old, new) in fields.items()
    )


def _field_name(name: str, lang: str) -> str:
    key = f"snapshot.field-{name}"
    return catalog.text(key, lang) if catalog.has(key, lang) else name
