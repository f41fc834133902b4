"""``fleet add URL [--every 1h] [--max-rate N] [--reconcile] [--audit-dest DIR …]
[--credentials FILE]``: one Source, as a ``[[source]]`` table of a fleet file would say it."""

from __future__ import annotations

import argparse
from pathlib import Path

from explorer.cli.arguments import check_regular_file, fail, http_url
from explorer.cli.audit import mapping_argument
from explorer.cli.fleet.connection import add_db_option, open_fleet
from explorer.cli.options.language_option import language_of, say
from explorer.core import catalog
from explorer.core.fleet.durations import parse_duration
from explorer.core.fleet.fleet_file import (
    DEFAULT_MAX_RATE,
    DEFAULT_PERIOD,
    MAX_RATE_CEILING,
    AuditPlan,
    SourcePlan,
)


def duration(text: str) -> int:
    seconds = parse_duration(text)
    if seconds is None:
        raise argparse.ArgumentTypeError(say("fleet.add.bad-duration", value=text))
    return seconds


def rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = 0.0
    if not 0 < value <= MAX_RATE_CEILING:
        raise argparse.ArgumentTypeError(
            say("fleet.add.bad-rate", value=text, ceiling=int(MAX_RATE_CEILING))
        )
    return value


def folder(text: str) -> str:
    if not Path(text).is_dir():
        raise argparse.ArgumentTypeError(say("fleet.add.not-a-folder", path=text))
    return str(Path(text).resolve())


def url_mapping(text: str) -> tuple[str, str]:
    """``--audit-map`` read as ``audit --map`` reads it (its parser, its refusals)."""
    mapping = mapping_argument(text)
    return mapping.prefix, mapping.folder


def credentials_file(text: str) -> str:
    check_regular_file(text)
    return str(Path(text).resolve())


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("url", type=http_url, metavar="URL", help=say("fleet.add.url"))
    parser.add_argument(
        "--every",
        type=duration,
        default=DEFAULT_PERIOD,
        metavar="DURATION",
        help=say("fleet.add.every"),
    )
    parser.add_argument(
        "--max-rate",
        type=rate,
        default=DEFAULT_MAX_RATE,
        metavar="N",
        help=say("fleet.add.max-rate", default=DEFAULT_MAX_RATE),
    )
    parser.add_argument("--reconcile", action="store_true", help=say("fleet.add.reconcile"))
    parser.add_argument(
        "--audit-dest", type=folder, metavar="DIR", help=say("fleet.add.audit-dest")
    )
    parser.add_argument(
        "--audit-map",
        type=url_mapping,
        action="append",
        default=[],
        metavar="URL_PREFIX=DIR",
        help=say("fleet.add.audit-map"),
    )
    parser.add_argument(
        "--credentials", type=credentials_file, metavar="FILE", help=say("fleet.add.credentials")
    )
    add_db_option(parser)


def run(args: argparse.Namespace) -> int:
    if args.audit_map and args.audit_dest is None:
        return fail(f"fleet {args.fleet_command}", say("fleet.add.map-needs-dest"))
    audit = AuditPlan(args.audit_dest, tuple(args.audit_map)) if args.audit_dest else None
    plan = SourcePlan(
        url=args.url,
        period=args.every,
        max_rate=args.max_rate,
        reconcile=args.reconcile,
        audit=audit,
        credentials=args.credentials,
    )
    with open_fleet(args) as database:
        added = database.put_source(plan)
    key = "fleet.add.added" if added else "fleet.add.updated"
    print(catalog.text(key, language_of(args), url=plan.url))
    return 0
