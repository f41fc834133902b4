"""Findings: the one currency for every problem the explorer reports.

A finding's severity and spec section come from the code registry in
``explorer.core.codes`` so that a code always means the same thing everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from explorer.core import catalog

# Severity and CodeInfo live with the registry; the rules and the window import them here.
from explorer.core.code_info import SEVERITY_ORDER as SEVERITY_ORDER
from explorer.core.code_info import CodeInfo as CodeInfo
from explorer.core.code_info import Severity as Severity
from explorer.core.codes import CODES
from explorer.core.phrase import decode_params, encode_params, read_tagged_with


@dataclass(frozen=True, slots=True)
class Finding:
    severity: Severity
    code: str
    message: str
    line: int | None = None
    spec: str | None = None
    url: str | None = None
    column: int | None = None
    params: Mapping[str, object] | None = field(default=None, compare=False, repr=False)
    """The message's variable parts, so ``explorer.core.words.messages`` can say it in another
    language; not part of equality, the JSON or the English ``message``."""
    variant: str = field(default="", compare=False, repr=False)
    """Which of a code's message shapes ``params`` fill, when it has several."""

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

    def to_stored(self) -> dict[str, Any]:
        """``to_json`` with what another language needs to say it again: the params
        (nested words keep their own) and the message shape's variant. The store keeps
        this form; ``from_json`` reads both."""
        data = self.to_json()
        if self.params is not None:
            data["params"] = encode_params(self.params)
        if self.variant:
            data["variant"] = self.variant
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Finding:
        """A finding from ``to_json`` or ``to_stored``: params when they were kept."""
        params = data.get("params")
        return cls(
            severity=Severity(data["severity"]),
            code=data["code"],
            message=data["message"],
            line=data.get("line"),
            spec=data.get("spec"),
            url=data.get("url"),
            column=data.get("column"),
            params=decode_params(params) if isinstance(params, dict) else None,
            variant=str(data.get("variant") or ""),
        )


read_tagged_with("finding", Finding.from_json)  # a finding nested in a stored phrase


def finding(
    code: str,
    message: str | None = None,
    *,
    line: int | None = None,
    column: int | None = None,
    url: str | None = None,
    severity: Severity | None = None,
    params: Mapping[str, object] | None = None,
    variant: str = "",
) -> Finding:
    """Build a Finding for a registered code; an unknown code is a programming error.
    ``params`` (and ``variant``) fill the code's message shape ``<code>.message`` (or
    ``<code>.message.<variant>``) in the catalog, in English for the JSON's ``message`` and
    in the reader's language for the window and the terminal. ``message`` is only for
    text that is already a finding's English, such as one read back from a store."""
    info = CODES[code]
    return Finding(
        severity=severity or info.severity,
        code=code,
        message=message if message is not None else english_message(code, variant, params),
        line=line,
        spec=info.spec,
        url=url,
        column=column,
        params=params,
        variant=variant,
    )


def english_message(code: str, variant: str, params: Mapping[str, object] | None) -> str:
    """The English of a code's message shape over ``params``: the JSON's ``message``."""
    key = f"{code}.message.{variant}" if variant else f"{code}.message"
    values = {name: _english_value(name, value) for name, value in (params or {}).items()}
    return catalog.text(key, catalog.ENGLISH, **values)


def _english_value(name: str, value: object) -> object:
    """A parameter as the English message says it: a nested finding by its message, a
    path of documents joined by arrows, other lists one clause after another. (The other
    languages' counterpart, which also translates names, is ``messages._value_in``.)"""
    if isinstance(value, Finding):
        return value.message
    if isinstance(value, list | tuple):
        joiner = "common.arrow" if name == "documents" else "common.sentence-end"
        return catalog.text(joiner).join(str(_english_value(name, part)) for part in value)
    return value


MAX_FINDINGS_PER_CODE = 1_000
"""How many findings of one code a document lists; a document where every entry has the
same fault then yields this many and one summary, not one object per entry."""


class CappedFindings(list[Finding]):
    """A findings list that keeps the first ``cap`` of each code and counts the rest, so a
    hostile document cannot make millions of Finding objects. Below the cap it is a plain
    list. Only ``append`` and ``extend`` count: the rules and the parser use nothing else."""

    __slots__ = ("_counts", "_first_dropped", "cap")

    def __init__(self, items: Iterable[Finding] = (), cap: int = MAX_FINDINGS_PER_CODE) -> None:
        super().__init__()
        self.cap = cap
        self._counts: dict[str, int] = {}
        self._first_dropped: dict[str, int | None] = {}
        self.extend(items)

    def append(self, item: Finding) -> None:
        code = item.code
        count = self._counts.get(code, 0) + 1
        self._counts[code] = count
        if count <= self.cap:
            super().append(item)
        elif count == self.cap + 1:
            self._first_dropped[code] = item.line

    def extend(self, items: Iterable[Finding]) -> None:
        for item in items:
            self.append(item)

    def summaries(self, code: str) -> list[Finding]:
        """One ``code`` finding per capped code: how many were left out, at the line of the
        first one left out."""
        return [
            finding(
                code,
                line=line,
                params={"count": self._counts[capped] - self.cap, "code": capped, "cap": self.cap},
            )
            for capped, line in self._first_dropped.items()
        ]


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
