"""``consumers``: what the programs that read a Source's documents will take from them.

For every document reached (a Source discovered from a URL as ``inspect`` does, a folder
or file read with ``--base-url`` as ``inspect DIR`` does, or one file alone), one verdict
per consumer: the sitemaps.org schemas as ``xmllint`` applies them, a search engine's
documented rules, resync, Scrapy and advertools (``explorer.core.consumers``).
``--write-twin DIR`` writes the search-engine twin of every Resource List.

For a Source, its robots.txt too (``explorer.core.consumers.robots``): the ``Sitemap:``
lines robotparser and Protego take, and the lists neither names.

Exit status: 0 when every consumer reads every document whole and robots.txt names every
list, 1 when a consumer refuses a document or drops URLs or a list is not named, 2 when the
target cannot be read.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO
from urllib.parse import urlsplit

from explorer.cli.arguments import fail
from explorer.cli.options.handover_options import disk_source_of, source_location
from explorer.cli.options.language_option import add_language_option, language_of, say
from explorer.core import catalog
from explorer.core.findings import Finding
from explorer.core.words.messages import render_message

# The consumers, the parser (lxml), the twin's writer and the crawl load once the arguments
# are parsed: a refused or --help invocation imports none of them.
if TYPE_CHECKING:
    from explorer.core.consumers.robots import RobotsReading
    from explorer.core.consumers.verdict import Verdict

EXIT_OK, EXIT_FINDINGS, EXIT_UNUSABLE = 0, 1, 2
# Problems printed per consumer and document; the JSON has them all.
SHOWN_PROBLEMS = 5


@dataclass
class Reached:
    """One document reached: where it is, how to read its bytes (a crawled body may be
    spooled to disk), and what it is; ``verdicts`` when the consumers read it already,
    during the crawl."""

    url: str | None
    read: Callable[[], bytes | None]
    resource_list: bool
    index: bool
    verdicts: dict[str, Verdict] | None = None


@dataclass
class RobotsVerdict:
    """The Source's robots.txt: where, its HTTP status (None: no answer), what each reader
    takes, and the lists neither names."""

    url: str
    status: int | None
    reading: RobotsReading
    unlisted: tuple[str, ...]

    def problems(self) -> list[Finding]:
        from explorer.core.consumers.robots import list_not_named

        return [*self.reading.problems, *(list_not_named(u, self.url) for u in self.unlisted)]

    def to_json(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "status": self.status,
            "robotparser": list(self.reading.stdlib),
            "protego": list(self.reading.protego),
            "unlisted": list(self.unlisted),
            "problems": [
                {"code": p.code, "message": p.message, "line": p.line} for p in self.problems()
            ],
        }


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "url", type=source_location, metavar="TARGET", help=say("consumers.cli.target")
    )
    parser.add_argument("--base-url", default=None, metavar="URL", help=say("disk.help-base-url"))
    parser.add_argument("--json", action="store_true", help=say("cli.option.json"))
    parser.add_argument(
        "--write-twin", default=None, metavar="DIR", help=say("consumers.cli.write-twin")
    )
    add_language_option(parser)


def run(args: argparse.Namespace) -> int:
    lang = language_of(args)
    twin = args.write_twin
    if twin is not None and os.path.exists(twin) and not os.path.isdir(twin):
        return fail("consumers", catalog.text("consumers.cli.twin-not-folder", lang, path=twin))
    output = _Output(sys.stdout, lang, args.json)
    try:
        takes_all = _reach(args, lang, output)
    except _Unusable as exc:
        return fail("consumers", str(exc))
    if takes_all is None:
        return fail("consumers", catalog.text("consumers.cli.nothing", lang, target=args.url))
    return EXIT_OK if takes_all else EXIT_FINDINGS


def _examine(
    args: argparse.Namespace,
    reached: list[Reached],
    output: _Output,
    robots: RobotsVerdict | None = None,
) -> bool | None:
    """The twin first (it may refuse before anything is printed), then every consumer on
    every document, each document's verdicts written and dropped before the next is read:
    memory holds one document. None when no document could be read."""
    from explorer.core.consumers.engine import read_consumers
    from explorer.net.source.crawl_memory import release_freed_memory

    twin_lines: list[str] = []
    if args.write_twin is not None and reached:
        # the twin's writer (and the XML escaping it loads) only when a twin is asked for
        from explorer.net.reports.consumer_twin import TwinError, write_twin

        lists = [(doc.url, doc.read) for doc in reached if doc.resource_list and not doc.index]
        try:
            twin_lines = write_twin(Path(args.write_twin), lists)
        except TwinError as exc:
            raise _Unusable(exc.describe(output.lang)) from None
    nested = {doc.url for doc in reached if doc.url and doc.index}
    takes_all: bool | None = None
    for doc in reached:
        verdicts = doc.verdicts
        if verdicts is None:
            body = doc.read()
            if body is None:
                continue
            verdicts = read_consumers(body, doc.url, nested_indexes=nested)
            del body
            release_freed_memory()  # the heap the document's parse freed, before the next one
        output.document(doc.url or args.url, verdicts)
        whole = all(v.reads and not v.dropped_total for v in verdicts.values())
        takes_all = whole if takes_all is None else takes_all and whole
    if takes_all is not None:
        output.finish(twin_lines, robots)
        if robots is not None and robots.unlisted:
            takes_all = False
    return takes_all


class _Unusable(Exception):
    """The target cannot be read; the message says why and what to do."""


def _reach(args: argparse.Namespace, lang: str, output: _Output) -> bool | None:
    """Examine the target: a file alone, or a Source crawled as ``inspect`` does."""
    import asyncio

    from explorer.core.model import SITEMAPINDEX

    target = args.url
    if args.base_url is None and not target.lower().startswith(("http://", "https://", "file:")):
        path = Path(target)
        if "://" not in target and not path.exists():
            raise _Unusable(catalog.text("disk.no-such-path", lang, path=target))
        if path.is_file():
            body = _read_file(path, lang)
            kind = _kind(body)
            alone = Reached(None, lambda: body, kind == "resourcelist", kind == SITEMAPINDEX)
            return _examine(args, [alone], output)
    from explorer.net.source.disk_source import DiskSourceError

    try:
        disk = disk_source_of(args)
    except DiskSourceError as exc:
        raise _Unusable(exc.describe(lang)) from None
    if disk is None and not target.lower().startswith(("http://", "https://")):
        raise _Unusable(catalog.text("consumers.cli.not-http", lang, url=repr(target)))
    return asyncio.run(_crawl(args, disk, output))


def _kind(body: bytes) -> str | None:
    """``resourcelist`` for a Resource List, ``sitemapindex`` for any index, else None."""
    from explorer.core.model import SITEMAPINDEX
    from explorer.core.parser import parse_document

    try:
        document = parse_document(body)
    except Exception:
        return None
    if document.root == SITEMAPINDEX:
        return SITEMAPINDEX
    return document.capability


def _read_file(path: Path, lang: str) -> bytes:
    from explorer.core.safe_xml import MAX_DOCUMENT_BYTES

    try:
        with path.open("rb") as handle:
            return handle.read(MAX_DOCUMENT_BYTES + 1)
    except OSError as exc:
        raise _Unusable(
            catalog.text("consumers.cli.unreadable", lang, path=str(path), reason=exc.strerror)
        ) from None


async def _crawl(args: argparse.Namespace, disk: Any, output: _Output) -> bool | None:
    """Discover and walk the Source, then examine every document fetched, in tree order,
    while the fetcher (and the spool holding large bodies) is open."""
    import asyncio

    from explorer.core.consumers.crawl_heads import ListVerdicts, read_head_or_check
    from explorer.core.model import SITEMAPINDEX
    from explorer.net.http.fetcher import Fetcher
    from explorer.net.http.network_access import NetworkAccess
    from explorer.net.http.outbound import private_addresses_allowed
    from explorer.net.source.crawl import Crawler
    from explorer.net.source.discovery import ROUTE_ORDER, discover_source
    from explorer.net.source.disk_source import DiskTransport
    from explorer.net.source.resource_check import (
        CHECKED_CAPABILITIES,
        MANIFEST_CAPABILITIES,
        keep_sampled_entries,
    )

    kept_none = CHECKED_CAPABILITIES | MANIFEST_CAPABILITIES

    start = disk.start_url if disk is not None else args.url
    access = NetworkAccess()
    private = disk is not None or private_addresses_allowed([start])
    access = replace(access, settings=replace(access.settings, allow_private_addresses=private))
    transport = DiskTransport(disk) if disk is not None else None
    # the twin writes every list's bytes after the crawl: then they are kept (spooled)
    examined = ListVerdicts() if args.write_twin is None else None
    async with Fetcher(access=access, transport=transport) as fetcher:
        crawler = Crawler(
            fetcher,
            # the consumers read the bytes again: no list's parsed entries are kept
            on_node=lambda node: keep_sampled_entries(node, 0, kept_none),
            check_topics=False,
            # the consumers read every list's bytes themselves: the crawl reads its head
            check=read_head_or_check,
            # ... and examine each list in the crawl's worker, from the bytes it holds
            consume=examined,
        )
        discovery = await discover_source(start, fetcher, ROUTE_ORDER, budget=crawler.budget)
        result = await crawler.crawl(start, depth=None, discovery=discovery)
        nodes = result.documents()
        reached = [
            Reached(
                node.final_url,
                node.read_body,
                node.capability == "resourcelist",
                node.document is not None and node.document.root == SITEMAPINDEX,
                examined.verdicts.get(node.final_url) if examined is not None else None,
            )
            for node in nodes
        ]
        robots = await _read_robots(fetcher, result.source_url or start, _named_lists(nodes))
        return await asyncio.to_thread(_examine, args, reached, output, robots)


def _named_lists(nodes: list[Any]) -> list[str]:
    """The Resource Lists and Change Lists §6.3.4 asks a Source to name in robots.txt: the
    top ones (an index, or a list no index of its kind lists)."""
    kinds = ("resourcelist", "changelist")
    return [
        node.final_url
        for node in nodes
        if node.capability in kinds
        and (node.parent is None or node.parent.capability != node.capability)
    ]


async def _read_robots(fetcher: Any, source_url: str, lists: list[str]) -> RobotsVerdict:
    """The Source's /robots.txt (at its origin) as robotparser and Protego read it."""
    import asyncio

    from explorer.core.consumers.robots import (
        MAX_ROBOTS_BYTES,
        RobotsReading,
        read_robots_sitemaps,
        unlisted_lists,
    )

    parts = urlsplit(source_url)
    robots_url = f"{parts.scheme}://{parts.netloc}/robots.txt"
    fetched = await fetcher.fetch(robots_url, max_bytes=MAX_ROBOTS_BYTES)
    if fetched.status != 200:
        reading = RobotsReading((), (), ())
    else:
        reading = await asyncio.to_thread(read_robots_sitemaps, fetched.body, robots_url)
    unlisted = unlisted_lists(reading, lists)
    return RobotsVerdict(robots_url, fetched.status, reading, unlisted)


class _Output:
    """Writes each document's verdicts as they come: the JSON object piece by piece (one
    document's verdicts in memory at a time), or the catalog's lines."""

    def __init__(self, out: TextIO, lang: str, as_json: bool) -> None:
        self.out = out
        self.lang = lang
        self.as_json = as_json
        self.count = 0

    def document(self, url: str, verdicts: dict[str, Verdict]) -> None:
        if self.as_json:
            shown = {"url": url, "consumers": {n: v.to_json() for n, v in verdicts.items()}}
            opening = '{\n  "documents": [\n' if self.count == 0 else ",\n"
            self.out.write(opening + json.dumps(shown, indent=2, ensure_ascii=False))
        else:
            _print_document(url, verdicts, self.out, self.lang)
        self.count += 1

    def finish(self, twin: list[str], robots: RobotsVerdict | None) -> None:
        """The end: robots.txt (null for a file read alone) and the twin's lines."""
        if self.as_json:
            shown = json.dumps(robots.to_json() if robots else None, indent=2, ensure_ascii=False)
            self.out.write('\n  ],\n  "robots": ' + shown + "\n}\n")
            return
        if robots is None:
            self.out.write(catalog.text("consumers.cli.robots-not-read", self.lang) + "\n")
        else:
            self._robots(robots)
        if twin:
            self.out.write(catalog.text("consumers.cli.twin-written", self.lang) + "\n")
            for line in twin:
                self.out.write(f"  {line}\n")

    def _robots(self, robots: RobotsVerdict) -> None:
        lang, out = self.lang, self.out
        if robots.status != 200:
            out.write(catalog.text("consumers.cli.robots-missing", lang, url=robots.url) + "\n")
        else:
            line = catalog.text(
                "consumers.cli.robots",
                lang,
                url=robots.url,
                stdlib=len(robots.reading.stdlib),
                protego=len(robots.reading.protego),
            )
            out.write(line + "\n")
        problems = robots.problems()
        for problem in problems[:SHOWN_PROBLEMS]:
            out.write(_problem_line(problem, lang) + "\n")
        if len(problems) > SHOWN_PROBLEMS:
            more = len(problems) - SHOWN_PROBLEMS
            out.write(catalog.text("consumers.cli.more", lang, count=more) + "\n")


def _problem_line(problem: Finding, lang: str) -> str:
    where = catalog.text("consumers.cli.line", lang, line=problem.line) if problem.line else ""
    return f"      {where}{render_message(problem, lang)}"


def _print_document(url: str, verdicts: dict[str, Verdict], out: TextIO, lang: str) -> None:
    from explorer.core.consumers.engine import CONSUMER_NAMES

    out.write(url + "\n")
    for name in CONSUMER_NAMES:
        verdict = verdicts[name]
        state = "reads" if verdict.reads else "refuses"
        if name == "sitemaps-schema":
            state = "valid" if verdict.reads else "invalid"
        line = catalog.text(
            f"consumers.cli.{state}",
            lang,
            consumer=name,
            urls=verdict.urls,
            dropped=verdict.dropped_total,
            problems=verdict.problems_total,
        )
        out.write(line + "\n")
        for loc, why in verdict.dropped[:SHOWN_PROBLEMS]:
            reason = catalog.text(f"consumers.why.{why}", lang)
            out.write(catalog.text("consumers.cli.dropped", lang, loc=loc, why=reason) + "\n")
        for problem in verdict.problems[:SHOWN_PROBLEMS]:
            out.write(_problem_line(problem, lang) + "\n")
        more = len(verdict.problems) - SHOWN_PROBLEMS
        if more > 0:
            out.write(catalog.text("consumers.cli.more", lang, count=more) + "\n")
