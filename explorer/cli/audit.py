"""``audit URL --dest DIR``: is a Destination's local copy in sync with the Source, and why not.

Every resource of the Source's Resource Lists, and of the Change Lists dated after them
(core 1.1 §10–§12), is compared with its local file: the same, to create (no local copy),
to update (different by hash with ``--checksum``, else by length and lastmod, naming
which), and every local file the Source does not list is to delete. The counts agree
with the reference client's ``resync-sync --audit``; each other resource is listed with
its reason and the section of the specification behind it.

Mapping: ``--map URL_PREFIX=DIR`` (repeatable, tried in order) serves URLs under the
prefix from the folder; ``--dest DIR`` serves the rest from the Source's host root, so
``http://host/a/b.txt`` is ``DIR/a/b.txt``.

JSON output (``--json``), one object, written as the lists are read back from disk::

    {"source", "mappings": [{"prefix", "folder"}], "checksum", "in_sync",
     "counts": {"same", "create", "update", "delete"},
     "items": [{"verdict", "loc", "path", "origin", "document", "change", "datetime",
                "fields": [{"field", "listed", "local"}], "section"}]}

Exit status: 0 in sync, 1 not in sync, 2 the audit could not be made.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO
from urllib.parse import urlsplit

from explorer.cli.arguments import fail, http_url, positive_int
from explorer.cli.options.crawl_options import add_crawl_options
from explorer.cli.options.language_option import add_language_option, language_of, say
from explorer.cli.options.network_options import (
    NetworkOptionsError,
    add_network_options,
    network_access,
)
from explorer.core.audit_rules import Mapping, Verdict
from explorer.core.catalog import text
from explorer.core.harvest.folder_map import MappingError, parse_mapping
from explorer.net.history.audit_limits import MAX_LOCAL_FILES, MEGABYTE, WORK_BUDGET

# The audit, its crawl, the HTTP client and SQLite load once the arguments are parsed: a
# refused or --help invocation imports none of them (nor does ``plan``'s parser, which
# takes --dest and --map from here).
if TYPE_CHECKING:
    from explorer.net.history.audit import AuditReport
    from explorer.net.http.network_access import NetworkAccess

EXIT_OK, EXIT_NOT_IN_SYNC, EXIT_UNUSABLE = 0, 1, 2


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("url", type=http_url, metavar="URL", help=say("audit.help-url"))
    parser.add_argument(
        "--dest", type=folder_argument, required=True, metavar="DIR", help=say("audit.help-dest")
    )
    parser.add_argument(
        "--map",
        action="append",
        type=mapping_argument,
        default=[],
        metavar="URL_PREFIX=DIR",
        help=say("audit.help-map"),
    )
    parser.add_argument(
        "--checksum",
        action="store_true",
        help=say("audit.help-checksum"),
    )
    parser.add_argument("--json", action="store_true", help=say("cli.option.json"))
    add_crawl_options(parser)
    parser.add_argument(
        "--max-files",
        type=positive_int,
        default=MAX_LOCAL_FILES,
        metavar="N",
        help=say("audit.help-max-files"),
    )
    parser.add_argument(
        "--work-budget",
        type=positive_int,
        default=WORK_BUDGET // MEGABYTE,
        metavar="MB",
        help=say("audit.help-work-budget"),
    )
    add_network_options(parser)
    add_language_option(parser)


def folder_argument(value: str) -> Path:
    """``--dest``: a folder that exists (``plan`` takes it too)."""
    path = Path(value)
    if not path.is_dir():
        raise argparse.ArgumentTypeError(say("audit.not-a-folder", value=value))
    return path


def mapping_argument(value: str) -> Mapping:
    """``--map URL_PREFIX=DIR`` (``plan`` takes it too)."""
    try:
        prefix, folder = parse_mapping(value)
    except MappingError as exc:
        raise argparse.ArgumentTypeError(say(exc.key, **exc.params)) from None
    return Mapping(prefix, str(folder_argument(folder).resolve()))


def mappings_for(args: argparse.Namespace) -> list[Mapping]:
    """The ``--map`` mappings in order, then ``--dest`` for the Source's host root."""
    parts = urlsplit(args.url)
    root = f"{parts.scheme}://{parts.netloc}"
    return [*args.map, Mapping(root, str(args.dest.resolve()))]


def run(args: argparse.Namespace) -> int:
    import asyncio

    from explorer.net.history.audit import AuditError

    try:
        access = network_access(args, [args.url], "audit")
    except NetworkOptionsError as exc:
        return fail("audit", str(exc))
    mappings = mappings_for(args)
    try:
        report = asyncio.run(_audit(args, mappings, access))
    except AuditError as exc:
        return fail("audit", exc.describe(language_of(args)))
    try:
        if args.json:
            write_json(report, mappings, args.checksum, sys.stdout)
        else:
            write_text(report, mappings, args.checksum, sys.stdout, language_of(args))
    finally:
        report.close()
    return EXIT_OK if report.in_sync else EXIT_NOT_IN_SYNC


async def _audit(
    args: argparse.Namespace, mappings: list[Mapping], access: NetworkAccess
) -> AuditReport:
    from explorer.net.history.audit import audit
    from explorer.net.http.fetcher import Fetcher, Timeouts
    from explorer.net.source.crawl_budget import CrawlLimits

    limits = CrawlLimits(max_documents=args.max_documents)
    async with Fetcher(timeout=Timeouts.uniform(args.timeout), access=access) as fetcher:
        return await audit(
            args.url,
            fetcher,
            mappings,
            checksum=args.checksum,
            limits=limits,
            max_files=args.max_files,
            work_budget=args.work_budget * MEGABYTE,
        )


def _counts(report: AuditReport) -> dict[str, int]:
    return {str(verdict): report.counts[verdict] for verdict in Verdict}


def write_json(report: AuditReport, mappings: list[Mapping], checksum: bool, out: TextIO) -> None:
    """One JSON object; the items are streamed from disk, one line each."""
    head = {
        "source": report.source,
        "mappings": [{"prefix": m.prefix, "folder": m.folder} for m in mappings],
        "checksum": checksum,
        "in_sync": report.in_sync,
        "counts": _counts(report),
    }
    out.write(json.dumps(head, ensure_ascii=False)[:-1] + ', "items": [')
    for position, item in enumerate(report.items()):
        out.write(
            ("," if position else "") + "\n  " + json.dumps(item.to_json(), ensure_ascii=False)
        )
    out.write("\n]}\n")


def write_text(
    report: AuditReport, mappings: list[Mapping], checksum: bool, out: TextIO, lang: str
) -> None:
    from explorer.net.history.audit_text import reasons

    rule = text("audit.rule-checksum" if checksum else "audit.rule-plain", lang)
    out.write(
        text(
            "audit.heading",
            lang,
            source=report.source,
            resource_lists=report.resource_lists,
            change_lists=report.change_lists,
            rule=rule,
        )
        + "\n"
    )
    for mapping in mappings:
        out.write(text("audit.mapping", lang, prefix=mapping.prefix, folder=mapping.folder) + "\n")
    status = "audit.status-in-sync" if report.in_sync else "audit.status-not-in-sync"
    out.write(text(status, lang, **_counts(report)) + "\n")
    current: Verdict | None = None
    for item in report.items():
        if item.verdict is not current:
            current = item.verdict
            count = report.counts[current]
            out.write("\n" + text(f"audit.group-{current}", lang, count=count) + "\n")
        out.write(f"  {item.loc}\n")
        for reason in reasons(item, lang):
            out.write(f"      {reason}\n")
