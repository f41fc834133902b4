"""The registry of finding codes, one module per family.

Codes are stable: users search for them, and the table in docs/finding-codes.md is
generated from this registry (``python -m explorer.core.codes`` prints it; a test checks
that the page matches). Never rename or reuse a code; retire it instead.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from types import ModuleType

from explorer.core.code_info import CodeInfo

FAMILY_NAMES = (
    "parse",
    "document",
    "http",
    "websub",
    "changes",
    "hub",
    "consumers",
    "robots",
    "refetch",
    "harvest",
)
"""The families in the order of the published table; each code is ``<family>.<name>``."""


def family(name: str) -> ModuleType:
    """The module of one family (``explorer.core.codes.<name>``)."""
    return importlib.import_module(f"{__name__}.{name}")


class _Registry(Mapping[str, CodeInfo]):
    """Codes by name. A family's module is imported the first time one of its codes is
    looked up: a local ``validate`` (run once per file in CI jobs) meets the parse and
    document families, and should not import every command's codes to find them."""

    def __init__(self) -> None:
        self._families: dict[str, dict[str, CodeInfo]] = {}

    def _codes_of(self, name: str) -> dict[str, CodeInfo]:
        codes = self._families.get(name)
        if codes is None:
            codes = {}
            for info in family(name).CODES:
                # the prefix is what finds a code's family: a code outside it is never found
                if not info.code.startswith(f"{name}.") or info.code in codes:
                    raise ValueError(f"finding code {info.code} is misplaced or registered twice")
                codes[info.code] = info
            self._families[name] = codes
        return codes

    def __getitem__(self, code: str) -> CodeInfo:
        name = code.partition(".")[0]
        if name not in FAMILY_NAMES:
            raise KeyError(code)
        return self._codes_of(name)[code]

    def __iter__(self) -> Iterator[str]:
        for name in FAMILY_NAMES:
            yield from self._codes_of(name)

    def __len__(self) -> int:
        return sum(len(self._codes_of(name)) for name in FAMILY_NAMES)


CODES: Mapping[str, CodeInfo] = _Registry()


def markdown_table() -> str:
    """The code table of docs/finding-codes.md, one row per code, grouped by family."""
    rows = ["| Code | Severity | Spec | Meaning |", "| --- | --- | --- | --- |"]
    for name in FAMILY_NAMES:
        for info in family(name).CODES:
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
