"""``fleet status [--json] [--problems]``: the health table, a line per Source.

``--json`` prints the rows as ``SourceHealth.to_json`` gives them (keys and params, never
rendered English: a script reads the same thing in every language)."""

from __future__ import annotations

import argparse
import json
from datetime import datetime

from explorer.cli.fleet.connection import add_db_option, open_fleet
from explorer.cli.options.language_option import language_of, say
from explorer.core import catalog
from explorer.core.fleet.health import HealthState, SourceHealth
from explorer.core.phrase import Phrase
from explorer.core.words.messages import render_phrase


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help=say("fleet.status.json"))
    parser.add_argument("--problems", action="store_true", help=say("fleet.status.problems"))
    add_db_option(parser)


def run(args: argparse.Namespace) -> int:
    with open_fleet(args) as database:
        rows = database.health()
    if args.problems:
        rows = [row for row in rows if row.is_problem]
    if args.json:
        print(json.dumps([row.to_json() for row in rows], indent=2, ensure_ascii=False))
        return 0
    lang = language_of(args)
    for row in rows:
        print(row_line(row, lang))
    print(summary_line(rows, lang))
    return 0


def moment(value: datetime | None, lang: str) -> str:
    """A time as the table shows it: UTC to the minute, or a dash."""
    if value is None:
        return catalog.text("fleet.status.never", lang)
    return value.astimezone().strftime("%Y-%m-%d %H:%M %Z")


def error_text(row: SourceHealth, lang: str) -> str | None:
    return render_phrase(Phrase.from_json(row.error), lang) if row.error else None


def row_line(row: SourceHealth, lang: str) -> str:
    line = catalog.text(
        "fleet.status.row",
        lang,
        state=catalog.text(f"fleet.state.{row.state}", lang),
        url=row.url,
        last=moment(row.last_run_at, lang),
        next=moment(row.next_run_at, lang),
        errors=row.errors,
        warnings=row.warnings,
        unannounced=row.unannounced,
        changes=row.changes,
    )
    if row.audit:
        line += catalog.text("fleet.status.audit", lang, verdict=catalog.text(row.audit, lang))
    if row.reconcile:
        line += catalog.text("fleet.status.reconcile", lang, outcome=row.reconcile)
    error = error_text(row, lang)
    if error:
        line += catalog.text("fleet.status.error", lang, error=error)
    return line


def summary_line(rows: list[SourceHealth], lang: str) -> str:
    counts = {state: sum(row.state is state for row in rows) for state in HealthState}
    return catalog.text(
        "fleet.status.summary",
        lang,
        count=len(rows),
        **{str(state): count for state, count in counts.items()},
    )
