"""``fleet report --html``: the health table as one self-contained page.

Everything from the network or the database (URLs, findings' messages, errors) is
escaped as plain text; the page has no script, and its style sits inline, so it can be
mailed or archived as one file. Each Source's row links to its section below: the
latest snapshot's findings and the changes its run found.
"""

from __future__ import annotations

from datetime import datetime
from html import escape

from explorer.core import catalog
from explorer.core.fleet.health import SourceHealth
from explorer.core.phrase import Phrase
from explorer.core.words.messages import render_message, render_phrase, render_severity
from explorer.net.fleet.database import FleetDatabase

STYLE = (
    "body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
    "td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}"
    ".ok{color:#1a7f37}.findings,.unreachable,.stale{color:#b42318}.running{color:#555}"
    "section{margin-top:2em}code{word-break:break-all}"
)
COLUMNS = ("state", "source", "last-run", "next-run", "errors", "warnings", "unannounced", "audit")


def fleet_report(database: FleetDatabase, lang: str) -> str:
    """The page, in ``lang``."""
    rows = database.health()

    def say(key: str, **params: object) -> str:
        return escape(catalog.text(key, lang, **params))

    head = "".join(f"<th>{say(f'fleet.report.column.{name}')}</th>" for name in COLUMNS)
    body = "".join(_row(number, row, lang) for number, row in enumerate(rows, 1))
    sections = "".join(_section(number, row, database, lang) for number, row in enumerate(rows, 1))
    return (
        f'<!DOCTYPE html>\n<html lang="{escape(lang)}"><head><meta charset="utf-8">'
        f"<title>{say('fleet.report.title')}</title><style>{STYLE}</style></head><body>"
        f"<h1>{say('fleet.report.title')}</h1>"
        f"<p>{say('fleet.report.count', count=len(rows))}</p>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        f"{sections}</body></html>\n"
    )


def _moment(value: datetime | None, lang: str) -> str:
    if value is None:
        return escape(catalog.text("fleet.status.never", lang))
    return escape(value.isoformat(timespec="minutes"))


def _row(number: int, row: SourceHealth, lang: str) -> str:
    state = escape(str(row.state))
    audit = escape(catalog.text(row.audit, lang)) if row.audit else ""
    cells = (
        f'<td class="{state}">{escape(catalog.text(f"fleet.state.{row.state}", lang))}</td>',
        f'<td><a href="#source-{number}"><code>{escape(row.url)}</code></a></td>',
        f"<td>{_moment(row.last_run_at, lang)}</td>",
        f"<td>{_moment(row.next_run_at, lang)}</td>",
        f"<td>{row.errors}</td>",
        f"<td>{row.warnings}</td>",
        f"<td>{row.unannounced}</td>",
        f"<td>{audit}</td>",
    )
    return "<tr>" + "".join(cells) + "</tr>"


def _section(number: int, row: SourceHealth, database: FleetDatabase, lang: str) -> str:
    parts = [f'<section id="source-{number}"><h2><code>{escape(row.url)}</code></h2>']
    if row.error:
        error = render_phrase(Phrase.from_json(row.error), lang)
        parts.append(f"<p>{escape(error)}</p>")
    if row.latest_snapshot is None:
        parts.append(f"<p>{escape(catalog.text('fleet.report.no-snapshot', lang))}</p>")
        return "".join(parts) + "</section>"
    snapshot = row.latest_snapshot
    found = database.findings(snapshot)
    heading = catalog.text("fleet.report.findings", lang, snapshot=snapshot, count=len(found))
    parts.append(f"<h3>{escape(heading)}</h3>")
    if found:
        items = "".join(
            f"<tr><td>{escape(render_severity(item.severity, lang))}</td>"
            f"<td><code>{escape(item.code)}</code></td>"
            f"<td><code>{escape(subject)}</code></td>"
            f"<td>{escape(render_message(item, lang))}</td></tr>"
            for subject, item in found
        )
        parts.append(f"<table>{items}</table>")
    changes = database.changes(snapshot)
    heading = catalog.text("fleet.report.changes", lang, count=len(changes))
    parts.append(f"<h3>{escape(heading)}</h3>")
    if changes:
        items = "".join(
            f"<li>{escape(kind)} <code>{escape(url)}</code> {escape(', '.join(fields))}</li>"
            for url, kind, fields in changes
        )
        parts.append(f"<ul>{items}</ul>")
    return "".join(parts) + "</section>"
