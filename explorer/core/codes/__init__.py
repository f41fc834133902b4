"""The registry of finding codes, one module per family.

Codes are stable: users search for them, and the table in docs/finding-codes.md is
generated from this registry (``python -m explorer.core.codes`` prints it; a test checks
that the page matches). Never rename or reuse a code; retire it instead.
"""

from __future__ import annotations

from explorer.core.code_info import CodeInfo
from explorer.core.codes import (
    changes,
    consumers,
    document,
    harvest,
    http,
    hub,
    parse,
    refetch,
    robots,
    websub,
)

FAMILIES = (parse, document, http, websub, changes, hub, consumers, robots, refetch, harvest)


def _collect() -> dict[str, CodeInfo]:
    registry: dict[str, CodeInfo] = {}
    for family in FAMILIES:
        for info in family.CODES:
            if info.code in registry:
                raise ValueError(f"finding code {info.code} is registered twice")
            registry[info.code] = info
    return registry


CODES: dict[str, CodeInfo] = _collect()


def markdown_table() -> str:
    """The code table of docs/finding-codes.md, one row per code, grouped by family."""
    rows = ["| Code | Severity | Spec | Meaning |", "| --- | --- | --- | --- |"]
    for family in FAMILIES:
        for info in family.CODES:
            rows.append(f"| `{info.code}` | {info.severity} | {info.spec or ''} | {info.title} |")
    return "\n".join(rows)


TABLE_START = "<!-- codes-table -->"
TABLE_END = "<!-- /codes-table -->"
CODES_PAGE = "docs/finding-codes.md"
"""Where the table is published, from the project's root."""


def page_with_table(text: str) -> str:
    """``text`` (a Markdown page) with the current table between the codes-table markers."""
    start = text.index(TABLE_START) + len(TABLE_START)
    end = text.index(TABLE_END, start)
    return f"{text[:start]}\n{markdown_table()}\n{text[end:]}"


def page_table(text: str) -> str:
    """The table currently between a page's codes-table markers (ValueError without them)."""
    start = text.index(TABLE_START) + len(TABLE_START)
    end = text.index(TABLE_END, start)
    return text[start:end].strip()
