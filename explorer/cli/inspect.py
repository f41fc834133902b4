"""``inspect URL``: discover a Source from any URL, walk it, and report what is wrong.

Human output: how the Source was found (every discovery route with its outcome), then
the tree of documents and notification channels with the findings under each node.
A progress line is shown on stderr only when stderr is a terminal.

JSON output (``--json``), one object::

    {"source": url or null,
     "route": the discovery route that found it, or null,
     "discovery": [{"route", "url", "ok", "detail"}],
     "documents": [{"url", "capability", "root", "status", "entries", "parent",
                    "findings": [...]}],
     "channels": [{"topic", "hub", "capability", "capability_list", "findings": [...],
                   "form", "node"}],   # form and node: 2012 push forms only
     "findings": [...]}          # Source-wide: discovery and crawl limits

Exit status: 0 no error findings, 1 error findings, 2 nothing could be discovered or the
arguments are wrong.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, TextIO

from explorer.cli.arguments import (
    fail,
    non_negative_int,
    positive_int,
    positive_seconds,
)
from explorer.cli.options.address_option import assume_scheme
from explorer.cli.options.handover_options import (
    add_handover_options,
    disk_source_of,
    print_not_applicable,
    source_location,
    write_handover_files,
)
from explorer.cli.options.language_option import add_language_option, language_of, say
from explorer.cli.options.network_options import (
    NetworkOptionsError,
    add_network_options,
    network_access,
)
from explorer.cli.snapshots import add_snapshot_options, run_saving
from explorer.cli.visible_output import rewind_line
from explorer.core.catalog import text
from explorer.core.findings import Severity, finding
from explorer.core.words.messages import (
    ENGLISH,
)
from explorer.net.source.crawl_limits import DEFAULT_MAX_DOCUMENTS
from explorer.net.source.routes import ROUTE_ORDER, Route

# The crawl, its HTTP client and the report's tree load once the arguments are parsed: a
# refused or --help invocation imports no httpx, event loop or XML parser.
if TYPE_CHECKING:
    from explorer.net.http.network_access import NetworkAccess
    from explorer.net.source.crawl_tree import CrawlResult, DocumentNode, Progress
    from explorer.net.source.disk_source import DiskSource

EXIT_OK, EXIT_FINDINGS, EXIT_UNUSABLE = 0, 1, 2


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "url",
        type=source_location,
        metavar="URL",
        help=say("cli.inspect.url"),
    )
    parser.add_argument("--json", action="store_true", help=say("cli.option.json"))
    parser.add_argument(
        "--depth",
        type=non_negative_int,
        default=None,
        metavar="N",
        help=say("cli.inspect.depth"),
    )
    parser.add_argument(
        "--check-resources",
        type=non_negative_int,
        default=0,
        metavar="N",
        help=say("cli.inspect.check-resources"),
    )
    parser.add_argument(
        "--check-dumps",
        action="store_true",
        help=say("cli.inspect.check-dumps"),
    )
    parser.add_argument(
        "--timeout",
        type=positive_seconds,
        default=30.0,
        metavar="S",
        help=say("cli.inspect.timeout"),
    )
    parser.add_argument(
        "--max-documents",
        type=positive_int,
        default=DEFAULT_MAX_DOCUMENTS,
        metavar="N",
        help=say("cli.inspect.max-documents"),
    )
    parser.add_argument(
        "--route",
        action="append",
        type=Route,
        choices=list(ROUTE_ORDER),
        metavar="ROUTE",
        help=say("cli.inspect.route", routes=", ".join(ROUTE_ORDER)),
    )
    add_network_options(parser)
    add_language_option(parser)
    add_handover_options(parser, base_url=True)
    add_snapshot_options(parser)


def run(args: argparse.Namespace) -> int:
    import asyncio

    from explorer.cli.tree_report import print_tree
    from explorer.net.source.disk_source import DiskSourceError, set_aside
    from explorer.net.source.inspection import Inspection

    assume_scheme(args, "inspect")
    try:
        disk = disk_source_of(args)
    except DiskSourceError as exc:
        return fail("inspect", exc.describe(language_of(args)))
    if disk is None and not args.url.lower().startswith(("http://", "https://")):
        print(text("cli.inspect.not-http", language_of(args), url=repr(args.url)), file=sys.stderr)
        return EXIT_UNUSABLE
    started = datetime.now(UTC)
    try:
        access = network_access(
            args, [disk.start_url if disk else args.url], "inspect", resolve=disk is None
        )
    except NetworkOptionsError as exc:
        return fail("inspect", str(exc))
    if args.save or args.every is not None:
        return run_saving(args, access)
    progress = _ProgressLine(sys.stderr, language_of(args)) if sys.stderr.isatty() else None
    result = asyncio.run(inspect(args, progress, access, disk))
    if progress is not None:
        progress.clear()
    inspection = Inspection(
        result,
        started,
        disk,
        set_aside(result, disk) if disk else [],
        resource_sample=args.check_resources,
        dumps_checked=args.check_dumps,
    )
    if args.json:
        print(json.dumps(inspection.to_json(), indent=2))  # one write, not one per token
    else:
        print_tree(result, sys.stdout, language_of(args))
        print_not_applicable(inspection, sys.stdout, language_of(args))
    if not write_handover_files(args, inspection, "inspect"):
        return EXIT_UNUSABLE
    if result.root is None:
        return EXIT_UNUSABLE
    has_errors = any(f.severity is Severity.ERROR for f in result.all_findings())
    return EXIT_FINDINGS if has_errors else EXIT_OK


async def inspect(
    args: argparse.Namespace,
    progress: _ProgressLine | None,
    access: NetworkAccess,
    disk: DiskSource | None = None,
) -> CrawlResult:
    """Discover, crawl to ``--depth``, then run the requested spot and dump checks; a Source
    on disk is read through its folder, with no topic checks (they are HTTP only)."""
    import asyncio

    from explorer.net.http.fetcher import Fetcher, Timeouts
    from explorer.net.source.crawl import Crawler
    from explorer.net.source.crawl_budget import CrawlLimits
    from explorer.net.source.discovery import discover_source
    from explorer.net.source.disk_source import DiskTransport
    from explorer.net.source.dump_check import check_dumps
    from explorer.net.source.resource_check import check_resources

    limits = CrawlLimits(max_documents=args.max_documents)
    transport = DiskTransport(disk) if disk is not None else None
    start = disk.start_url if disk is not None else args.url
    async with Fetcher(
        timeout=Timeouts.uniform(args.timeout), access=access, transport=transport
    ) as fetcher:
        crawler = Crawler(
            fetcher,
            limits=limits,
            on_progress=progress.update if progress is not None else None,
            on_node=_entry_keeper(args),
            check_topics=disk is None,
        )
        discovery = await discover_source(
            start, fetcher, args.route or ROUTE_ORDER, budget=crawler.budget
        )
        result = await crawler.crawl(start, depth=args.depth, discovery=discovery)
        nodes = result.nodes()
        if args.check_resources:
            await asyncio.gather(
                *(
                    check_resources(fetcher, node, args.check_resources, crawler.budget)
                    for node in nodes
                )
            )
        if args.check_dumps:
            for node in nodes:  # one dump at a time, as its packages are
                await check_dumps(fetcher, node, budget=crawler.budget)
        budget = crawler.budget
        if budget.spent and all(f.code != "http.limit-reached" for f in result.findings):
            result.findings.append(budget.limit_finding(result.source_url or args.url))
    if access.settings.insecure:
        unverified = finding("http.tls-unverified", params={})
        result.findings.insert(0, unverified)
    return result


def _entry_keeper(args: argparse.Namespace) -> Callable[[DocumentNode], None]:
    """Drop the entries of each list once read, but for what the requested checks use: the
    report needs only counts and findings, so the crawl holds few full lists at once."""
    from explorer.net.source.resource_check import (
        CHECKED_CAPABILITIES,
        MANIFEST_CAPABILITIES,
        keep_sampled_entries,
    )

    bulk = (
        CHECKED_CAPABILITIES if args.check_dumps else CHECKED_CAPABILITIES | MANIFEST_CAPABILITIES
    )
    return lambda node: keep_sampled_entries(node, args.check_resources, bulk)


class _ProgressLine:
    """One self-overwriting status line on a terminal."""

    def __init__(self, stream: TextIO, lang: str = ENGLISH) -> None:
        self.stream = stream
        self.lang = lang
        self.width = 0

    def update(self, progress: Progress) -> None:
        line = text(
            "cli.inspect.progress",
            self.lang,
            done=progress.documents_done,
            known=progress.documents_known,
            size=_size(progress.bytes),
        )
        rewind_line(self.stream)
        self.stream.write(line.ljust(self.width))
        self.stream.flush()
        self.width = len(line)

    def clear(self) -> None:
        if self.width:
            rewind_line(self.stream)
            self.stream.write(" " * self.width)
            rewind_line(self.stream)
            self.stream.flush()


def _size(count: int) -> str:
    if count < 1024:
        return f"{count} B"
    if count < 1024 * 1024:
        return f"{count / 1024:.1f} KiB"
    return f"{count / (1024 * 1024):.1f} MiB"
