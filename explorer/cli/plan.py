"""``plan SOURCE``: what a harvest of a Source will cost before it is run.

For a baseline, an incremental (from ``--from``, else from the time of the last snapshot of
SOURCE in the store, as ``resync-sync --incremental --from`` would with that time) and an
audit run (what ``resync-sync --audit`` fetches: documents only): requests, body bytes and
bytes on the wire, the wall time at ``--profile`` with ``--delay`` between requests, what a
Resource Dump would save, and what forces a client to fetch a resource again. The
documents are the ones resync 2.0.1 GETs, in its order (``explorer.net.plan.resync_route``).

SOURCE is what ``inspect`` takes: a URL, or a folder or file read with ``--base-url``.

JSON output (``--json``), one object (documented in docs/cli.md)::

    {"source", "profile", "delay", "timing": {"latency", "throughput", "samples"}, "from",
     "runs": {"baseline"|"incremental"|"audit": {"requests", "bytes", "wire_bytes",
              "seconds", "documents", "resources", "estimated_lengths",
              "dump_saves_requests", "dump_saves_wire_bytes", "notes", "copy"?}},
     "refetch": [{"reason", "code", "severity", "message", "resources", "entries"}],
     "notes": [...],
     "incremental_safety": [...], ...}

Other engines add their members and lines through ``SECTIONS`` (the OAI-PMH parity and
incremental safety): each is called with the arguments, the plan and the fetcher after
the runs are put together and returns a ``Section`` or None.

Exit status: 0 a plan was made, 2 it could not be (the message says why and what to do).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import TYPE_CHECKING, TextIO

from explorer.cli import plan_checks
from explorer.cli.arguments import fail
from explorer.cli.audit import folder_argument, mapping_argument, mappings_for
from explorer.cli.options.crawl_options import add_crawl_options
from explorer.cli.options.handover_options import disk_source_of, source_location
from explorer.cli.options.language_option import add_language_option, language_of, say
from explorer.cli.snapshots import add_store_option
from explorer.core import catalog
from explorer.core.plan.profiles import RESYNC_SYNC, Profile, parse_profile
from explorer.core.plan.report import RUN_NAMES, Note, Plan, Run
from explorer.core.rules.datetimes import parse_w3c_datetime
from explorer.core.said_error import SaidError
from explorer.core.words.messages import render_message

if TYPE_CHECKING:  # the network side loads when a plan is made, not to parse arguments
    from explorer.net.plan.make import SectionBuilder
    from explorer.net.plan.options import PlanOptions
    from explorer.net.source.disk_source import DiskSource

EXIT_OK, EXIT_UNUSABLE = 0, 2

SECTIONS: list[SectionBuilder] | None = None
"""Builders of the plan's other parts, in the order they print: ``await builder(options,
plan, fetcher)``; None: the plan's own (``explorer.net.plan.make.SECTIONS``: incremental
safety, then the OAI-PMH parity), which load with the network side."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("url", type=source_location, metavar="SOURCE", help=say("plan.help-source"))
    parser.add_argument("--base-url", default=None, metavar="URL", help=say("disk.help-base-url"))
    parser.add_argument(
        "--profile",
        type=_profile,
        default=Profile(RESYNC_SYNC),
        metavar="resync-sync|parallel:N|dumps",
        help=say("plan.help-profile"),
    )
    parser.add_argument(
        "--delay", type=_delay, default=0.0, metavar="S", help=say("plan.help-delay")
    )
    parser.add_argument(
        "--from",
        dest="since",
        type=_datetime,
        default=None,
        metavar="DATETIME",
        help=say("plan.help-from"),
    )
    parser.add_argument(
        "--dest", type=folder_argument, default=None, metavar="DIR", help=say("plan.help-dest")
    )
    parser.add_argument(
        "--map",
        action="append",
        type=mapping_argument,
        default=[],
        metavar="URL_PREFIX=DIR",
        help=say("audit.help-map"),
    )
    add_store_option(parser)
    plan_checks.add_options(parser)
    parser.add_argument("--json", action="store_true", help=say("cli.option.json"))
    add_crawl_options(parser)
    add_language_option(parser)


def _profile(text: str) -> Profile:
    profile = parse_profile(text)
    if profile is None:
        raise argparse.ArgumentTypeError(say("plan.bad-profile", value=text))
    return profile


def _delay(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 3600.0:
        raise argparse.ArgumentTypeError(say("plan.bad-delay", value=text))
    return value


def _datetime(text: str) -> float:
    value = parse_w3c_datetime(text)
    if value is None:
        raise argparse.ArgumentTypeError(say("plan.bad-from", value=text))
    return value


def run(args: argparse.Namespace) -> int:
    import asyncio

    from explorer.net.source.disk_source import DiskSourceError

    lang = language_of(args)
    try:
        disk = disk_source_of(args)
    except DiskSourceError as exc:
        return fail("plan", exc.describe(lang))
    if disk is None and not args.url.lower().startswith(("http://", "https://")):
        return fail("plan", catalog.text("plan.error.not-http", lang, url=args.url))
    if args.map and args.dest is None:
        return fail("plan", catalog.text("plan.error.map-without-dest", lang))
    try:
        since = args.since if args.since is not None else _last_snapshot(args)
        plan = asyncio.run(_plan(args, disk, since))
    except SaidError as exc:  # the plan's own, the store's, the local copy's audit
        return fail("plan", exc.describe(lang))
    if args.json:
        sys.stdout.write(json.dumps(plan.to_json(), indent=2, ensure_ascii=False) + "\n")
    else:
        write_text(plan, sys.stdout, lang)
    return EXIT_OK


def _last_snapshot(args: argparse.Namespace) -> float | None:
    """The time of the newest finished snapshot of SOURCE in the store, if any."""
    from explorer.net.plan.make import last_snapshot_time

    return last_snapshot_time(args.store, args.url)


async def _plan(args: argparse.Namespace, disk: DiskSource | None, since: float | None) -> Plan:
    from explorer.net.http.fetcher import Fetcher, Timeouts
    from explorer.net.http.network_access import NetworkAccess
    from explorer.net.http.outbound import private_addresses_allowed
    from explorer.net.plan.make import SECTIONS as OWN_SECTIONS
    from explorer.net.plan.make import make_plan
    from explorer.net.source.disk_source import DiskTransport

    start = disk.start_url if disk is not None else args.url
    access = NetworkAccess()
    private = disk is not None or private_addresses_allowed([start])
    access = replace(access, settings=replace(access.settings, allow_private_addresses=private))
    transport = DiskTransport(disk) if disk is not None else None
    async with Fetcher(
        timeout=Timeouts.uniform(args.timeout), access=access, transport=transport
    ) as fetcher:
        sections = OWN_SECTIONS if SECTIONS is None else SECTIONS
        return await make_plan(start, options_of(args, start, since), fetcher, sections)


def options_of(args: argparse.Namespace, start: str, since: float | None) -> PlanOptions:
    """The command's options as the plan engine takes them."""
    from explorer.net.plan.options import PlanOptions

    return PlanOptions(
        profile=args.profile,
        delay=args.delay,
        since=since,
        mappings=mappings_for(replace_url(args, start)) if args.dest is not None else None,
        store=args.store,
        oai=args.oai,
        oai_map=args.oai_map,
        metadata_prefix=args.metadata_prefix,
        max_documents=args.max_documents,
    )


def replace_url(args: argparse.Namespace, url: str) -> argparse.Namespace:
    """``args`` with ``url`` as the Source's: a Source on disk maps ``--dest`` under its
    base URL's host, as ``audit`` maps a Source's URL."""
    return argparse.Namespace(**{**vars(args), "url": url})


def _note(note: Note, lang: str) -> str:
    return catalog.text(f"plan.note.{note.key}", lang, **note.params)


def write_text(plan: Plan, out: TextIO, lang: str) -> None:
    """The runs side by side in lines, then refetch reasons, notes and other sections."""
    out.write(
        catalog.text(
            "plan.heading",
            lang,
            source=plan.source,
            profile=str(plan.profile),
            delay=plan.delay,
        )
        + "\n"
    )
    timing = plan.timing
    throughput = (
        catalog.text("plan.throughput", lang, rate=round(timing.throughput))
        if timing.throughput
        else catalog.text("plan.throughput-unknown", lang)
    )
    out.write(
        catalog.text(
            "plan.timing",
            lang,
            latency=round(timing.latency * 1000, 1),
            throughput=throughput,
            samples=timing.samples,
        )
        + "\n"
    )
    for name in RUN_NAMES:
        run = plan.runs.get(name)
        if run is not None:
            _write_run(name, run, out, lang)
    if plan.refetch:
        out.write(catalog.text("plan.refetch-heading", lang) + "\n")
        for reason in plan.refetch:
            out.write(f"  {render_message(reason.finding(), lang)}\n")
    for note in plan.notes:
        out.write(_note(note, lang) + "\n")
    for section in plan.sections:
        for line in section.lines(lang):
            out.write(line + "\n")


def _write_run(name: str, run: Run, out: TextIO, lang: str, indent: str = "") -> None:
    out.write(
        indent
        + catalog.text(
            f"plan.run-{name}",
            lang,
            requests=run.requests,
            documents=run.documents,
            resources=run.resources,
            bytes=run.bytes,
            wire=run.wire_bytes,
            seconds=round(run.seconds, 1),
        )
        + "\n"
    )
    if run.estimated:
        out.write(indent + "  " + catalog.text("plan.estimated", lang, count=run.estimated) + "\n")
    if run.dump_saves is not None:
        out.write(
            indent
            + "  "
            + catalog.text("plan.dump-saves", lang, count=run.dump_saves, wire=run.dump_saves_wire)
            + "\n"
        )
    for note in run.notes:
        out.write(indent + "  " + _note(note, lang) + "\n")
    if run.copy is not None:
        _write_run("copy", run.copy, out, lang, indent + "  ")
