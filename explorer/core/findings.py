"""Findings: the one currency for every problem the explorer reports (GUIDE §3).

A finding's severity and spec section come from the code registry in
``explorer.core.codes`` so that a code always means the same thing everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Severity(StrEnum):
    """error: the spec says must; warning: should, or a likely mistake; info: worth knowing."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


SEVERITY_ORDER = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}


@dataclass(frozen=True, slots=True)
class CodeInfo:
    """A registered finding code: its default severity, the spec section and a title."""

    code: str
    severity: Severity
    spec: str | None
    title: str


@dataclass(frozen=True, slots=True)
class Finding:
    severity: Severity
    code: str
    message: str
    line: int | None = None
    spec: str | None = None
    url: str | None = None
    column: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The JSON shape used by every ``--json`` command."""
        data: dict[str, Any] = {
            "severity": str(self.severity),
            "code": self.code,
            "line": self.line,
            "message": self.message,
            "spec": self.spec,
        }
        if self.url is not None:
            data["url"] = self.url
        if self.column is not None:
            data["column"] = self.column
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Finding:
        return cls(
            severity=Severity(data["severity"]),
            code=data["code"],
            message=data["message"],
            line=data.get("line"),
            spec=data.get("spec"),
            url=data.get("url"),
            column=data.get("column"),
        )


def finding(
    code: str,
    message: str,
    *,
    line: int | None = None,
    column: int | None = None,
    url: str | None = None,
    severity: Severity | None = None,
) -> Finding:
    """Build a Finding for a registered code; an unknown code is a programming error."""
    info = _registry()[code]
    return Finding(
        severity=severity or info.severity,
        code=code,
        message=message,
        line=line,
        spec=info.spec,
        url=url,
        column=column,
    )


_codes: dict[str, CodeInfo] | None = None


def _registry() -> dict[str, CodeInfo]:
    """The code registry, imported on first use (it imports this module) and then kept:
    an import statement per finding is slow, and slower still under PySide6, whose
    import hook sees every one."""
    global _codes
    if _codes is None:
        from explorer.core.codes import CODES

        _codes = CODES
    return _codes


def count_by_severity(findings: list[Finding]) -> dict[Severity, int]:
    counts = {severity: 0 for severity in Severity}
    for item in findings:
        counts[item.severity] += 1
    return counts


def sort_findings(findings: list[Finding]) -> list[Finding]:
    """Errors first, then by line."""
    return sorted(
        findings,
        key=lambda f: (SEVERITY_ORDER[f.severity], f.line if f.line is not None else -1),
    )
