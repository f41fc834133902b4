"""Findings as people read them: one row per code per document, with a count and the lines.

A list whose every entry has the same fault gives hundreds of findings of one code; shown
one by one they bury everything else. The CLI's text and JSON and the GUI's Problems tab
all show a ``FindingGroup`` instead, which keeps every occurrence (for ``lines`` and for
the GUI's expanded rows), so nothing is lost by summarising.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from explorer.core.findings import Finding, Severity, sort_findings

LINES_SHOWN = 8
"""How many line numbers a one-line text summary lists before "…"."""


@dataclass(frozen=True, slots=True)
class FindingGroup:
    """Every finding of one code (and severity) about one document, in line order."""

    occurrences: tuple[Finding, ...]

    @property
    def first(self) -> Finding:
        return self.occurrences[0]

    @property
    def code(self) -> str:
        return self.first.code

    @property
    def severity(self) -> Severity:
        return self.first.severity

    @property
    def count(self) -> int:
        return len(self.occurrences)

    @property
    def lines(self) -> list[int]:
        """The line of every occurrence that has one, in order."""
        return [item.line for item in self.occurrences if item.line is not None]

    def to_json(self) -> dict[str, Any]:
        """The first occurrence's JSON plus ``count`` and every occurrence's ``lines``."""
        data = self.first.to_json()
        data["count"] = self.count
        data["lines"] = self.lines
        return data

    def lines_text(self, shown: int = LINES_SHOWN) -> str:
        """'' for a single finding; else e.g. '996 times, lines 5, 9, 13, …'."""
        if self.count == 1:
            return ""
        lines = self.lines
        listed = ", ".join(str(line) for line in lines[:shown])
        more = ", …" if len(lines) > shown else ""
        where = f", line{'s' if len(lines) > 1 else ''} {listed}{more}" if lines else ""
        return f"{self.count:,} times{where}"


def group_findings(findings: Iterable[Finding]) -> list[FindingGroup]:
    """Group by (code, severity, URL), errors first and then by first line, as
    ``sort_findings`` orders single findings."""
    groups: dict[tuple[str, Severity, str | None], list[Finding]] = {}
    for item in sort_findings(list(findings)):
        groups.setdefault((item.code, item.severity, item.url), []).append(item)
    return [FindingGroup(tuple(items)) for items in groups.values()]
