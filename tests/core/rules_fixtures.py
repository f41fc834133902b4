"""Small builders for the validator's rule tests: one element per line, so that a test can
find the line it expects with ``line_of``. Fixtures are written here, never read from specs."""

from __future__ import annotations

from explorer.core.findings import Finding
from explorer.core.validator import ValidationContext, check_bytes

NS = (
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/"'
)
UP = '<rs:ln rel="up" href="http://example.com/capabilitylist.xml"/>'


def url(
    loc: str = "http://example.com/res1",
    md: str | None = None,
    extra: str = "",
    element: str = "url",
) -> str:
    """One entry on one line; ``md`` is the rs:md attribute text (None: no rs:md)."""
    md_element = f"<rs:md {md}/>" if md is not None else ""
    return f"<{element}><loc>{loc}</loc>{extra}{md_element}</{element}>"


def document(
    md: str | None = 'capability="resourcelist" at="2013-01-03T09:00:00Z"',
    entries: tuple[str, ...] | list[str] = (),
    links: tuple[str, ...] = (UP,),
    root: str = "urlset",
) -> bytes:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', f"<{root} {NS}>"]
    lines += list(links)
    if md is not None:
        lines.append(f"<rs:md {md}/>")
    lines += list(entries)
    lines.append(f"</{root}>")
    return ("\n".join(lines) + "\n").encode()


def validate(data: bytes, context: ValidationContext | None = None) -> list[Finding]:
    result = check_bytes(data, context)
    return result.findings


def codes(findings: list[Finding]) -> list[str]:
    return [item.code for item in findings]


def only(findings: list[Finding], code: str) -> list[Finding]:
    return [item for item in findings if item.code == code]


def line_of(data: bytes, marker: str) -> int:
    """The 1-based line of the first line containing ``marker``."""
    for number, text in enumerate(data.decode().splitlines(), start=1):
        if marker in text:
            return number
    raise AssertionError(f"{marker!r} not in fixture")


def errors(findings: list[Finding]) -> list[Finding]:
    return [item for item in findings if item.severity == "error"]
