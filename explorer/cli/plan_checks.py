"""``plan``'s incremental-safety, OAI-PMH and parity sections.

Incremental safety reads the Source's Change Lists against the stored snapshots of the
Source (``--store``) and the windows of its Change List Indexes; with ``--oai URL`` the
plan also walks the repository's ListRecords (``--metadata-prefix``, ``oai_dc`` by default)
and compares both views record by record, mapping identifiers to locs by ``--oai-map`` or
by a template guessed from the records (said so). The three builders share one ``Reading``:
plan's own streamed crawl of the Source feeds both working files (``open_reading`` before
``gather_plan``), and the first builder walks the endpoint and joins.

JSON members: ``"incremental_safety"`` (findings), ``"oai"`` (``requests``, ``bytes``,
``wire_bytes``, ``seconds``, ``records``, ``walked``, ``complete_list_size``,
``page_size``, ``method``) and ``"parity"`` (``only_oai``, ``only_resourcesync``,
``datestamp_differs``, ``deleted_differs``: findings; ``counts``, ``map``,
``map_guessed``, ``map_finding``).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from explorer.cli.options.language_option import say
from explorer.core import catalog
from explorer.core.findings import Finding
from explorer.core.harvest import parity
from explorer.core.harvest.oai_map import IdentifierMap, MapError, parse_map
from explorer.core.plan.report import Plan, Section
from explorer.core.words.messages import render_message

if TYPE_CHECKING:
    from explorer.net.history.incremental_safety import SafetyReport
    from explorer.net.http.fetcher import Fetcher
    from explorer.net.oai.parity_work import ParityTable
    from explorer.net.oai.walk import OaiWalk
    from explorer.net.source.crawl_tree import DocumentNode


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--oai", default=None, metavar="URL", help=say("harvest.help-oai"))
    parser.add_argument(
        "--oai-map",
        type=_map,
        default=None,
        metavar="TEMPLATE",
        help=say("harvest.help-oai-map"),
    )
    parser.add_argument(
        "--metadata-prefix",
        default="oai_dc",
        metavar="P",
        help=say("harvest.help-metadata-prefix"),
    )


def _map(text: str) -> IdentifierMap:
    try:
        return parse_map(text)
    except MapError as exc:
        raise argparse.ArgumentTypeError(say(exc.key, **exc.params)) from None


@dataclass(frozen=True, slots=True)
class _Read:
    safety: SafetyReport
    walk: OaiWalk | None
    table: ParityTable | None


class Reading:
    """What the checks read, in their working files: fed by plan's own crawl of the Source
    (``add_document``, passed to ``gather_plan`` so the Source is crawled once), then
    completed by ``finish`` (the OAI-PMH walk and the joins), once per run. ``open_reading``
    makes it and keeps it with the run's arguments for the builders; ``close`` removes the
    files."""

    def __init__(self, args: argparse.Namespace, source: str) -> None:
        from explorer.net.history.incremental_safety import BackdatingWork
        from explorer.net.oai.parity_work import ParityWork
        from explorer.net.store.database import default_store_path

        self.args = args
        self.source = source
        self.documents = 0
        store: Path = args.store or default_store_path()
        self.safety = BackdatingWork(store, source)
        self.views = ParityWork(args.oai_map) if args.oai is not None else None
        self.read: _Read | None = None

    def add_document(self, node: DocumentNode) -> None:
        self.documents += 1
        self.safety.add_document(node)
        if self.views is not None:
            self.views.add_document(node)

    async def finish(self, fetcher: Fetcher) -> _Read:
        """Walk the endpoint and join (first call only); without a crawl having fed it,
        crawl the Source here."""
        from explorer.net.oai.walk import OaiWalkError, walk_list_records
        from explorer.net.plan.gather import PlanError
        from explorer.net.source.crawl_budget import CrawlLimits
        from explorer.net.source.streamed_crawl import crawl_streamed

        if self.read is not None:
            return self.read
        if not self.documents:
            limits = CrawlLimits(max_documents=self.args.max_documents)
            await crawl_streamed(self.source, fetcher, self.add_document, limits)
        walk = None
        if self.views is not None:
            try:
                walk = await walk_list_records(
                    fetcher,
                    self.args.oai,
                    self.views.add_records,
                    metadata_prefix=self.args.metadata_prefix,
                )
            except OaiWalkError as exc:
                raise PlanError(exc.key, **exc.params) from None
        table = self.views.finish() if self.views is not None else None
        self.read = _Read(self.safety.finish(), walk, table)
        return self.read

    def close(self) -> None:
        self.safety.close()
        if self.views is not None:
            self.views.close()


def open_reading(args: argparse.Namespace, source: str) -> Reading:
    """The run's reading, kept with its arguments (``plan_reading``) for the builders."""
    reading = Reading(args, source)
    args.plan_reading = reading
    return reading


async def _reading(args: argparse.Namespace, plan: Plan, fetcher: Fetcher) -> _Read:
    """The run's reading, finished; a builder called without ``open_reading`` opens one
    (and reads the Source itself), closed once it is finished."""
    reading = getattr(args, "plan_reading", None)
    if isinstance(reading, Reading):
        return await reading.finish(fetcher)
    reading = open_reading(args, plan.source)
    try:
        return await reading.finish(fetcher)
    finally:
        reading.close()


def _said(items: list[Finding], lang: str, indent: str = "  ") -> list[str]:
    return [indent + render_message(item, lang) for item in items]


async def safety_section(args: argparse.Namespace, plan: Plan, fetcher: Fetcher) -> Section:
    """Backdated changes and Change List Index windows (always: the windows need no store)."""
    report = (await _reading(args, plan, fetcher)).safety

    def lines(lang: str) -> list[str]:
        shown = [catalog.text("harvest.safety-heading", lang, count=report.count)]
        if not report.snapshots:
            shown.append("  " + catalog.text("harvest.safety-no-snapshot", lang))
        shown += _said(report.findings, lang)
        if report.count > len(report.findings):
            shown.append("  " + catalog.text("harvest.more", lang, count=report.count))
        return shown

    return Section("incremental_safety", [item.to_json() for item in report.findings], lines)


async def oai_section(args: argparse.Namespace, plan: Plan, fetcher: Fetcher) -> Section | None:
    """What a ListRecords harvest costs (with ``--oai``)."""
    if args.oai is None:
        return None
    walk = (await _reading(args, plan, fetcher)).walk
    assert walk is not None

    def lines(lang: str) -> list[str]:
        return [
            catalog.text(
                f"harvest.oai-cost.{walk.method}",
                lang,
                requests=walk.requests,
                bytes=walk.bytes,
                wire=walk.wire_bytes,
                seconds=round(walk.seconds, 1),
                records=walk.records,
                page=walk.page_size,
            )
        ]

    return Section("oai", walk.to_json(), lines)


async def parity_section(args: argparse.Namespace, plan: Plan, fetcher: Fetcher) -> Section | None:
    """The parity table between the two views (with ``--oai``)."""
    if args.oai is None:
        return None
    table = (await _reading(args, plan, fetcher)).table
    assert table is not None
    value = table.to_json()
    value["map_finding"] = table.guessed.to_json() if table.guessed is not None else None

    def lines(lang: str) -> list[str]:
        shown = [catalog.text("harvest.parity-heading", lang, map=table.mapping.text)]
        if table.guessed is not None:
            shown += _said([table.guessed], lang)
        for kind in parity.KINDS:
            count = table.counts[kind]
            shown.append("  " + catalog.text(f"harvest.parity.{kind}", lang, count=count))
            shown += _said(table.sections[kind], lang, "    ")
            if count > len(table.sections[kind]):
                shown.append("    " + catalog.text("harvest.more", lang, count=count))
        return shown

    return Section("parity", value, lines)


BUILDERS = (safety_section, oai_section, parity_section)
"""In the order they print: incremental safety, then the OAI-PMH cost and the parity."""
