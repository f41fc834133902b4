"""The ``Sitemap:`` lines two common robots.txt readers take from a Source's robots.txt.

Core 1.1 §6.3.4 lets a Source name its Resource Lists and Change Lists in robots.txt. What a
harvester finds there depends on its reader, and the two most used in Python read the same
file differently:

- Python's ``urllib.robotparser.RobotFileParser``, as its ``read()`` feeds it: the body
  decoded as strict UTF-8 (a body that is not UTF-8 makes ``read()`` raise, so nothing is
  read), split by ``str.splitlines``, each line cut at ``#`` and stripped, read as
  ``field:value`` split at the first colon; a field equal to ``sitemap`` once stripped
  and lower-cased keeps its value stripped and percent-decoded (``urllib.parse.unquote``),
  an empty value included.
- Protego, as Scrapy's ``ProtegoRobotParser`` feeds it: the body decoded as UTF-8 with
  undecodable bytes dropped, the same splitting, cutting and stripping; ``sitemap``,
  ``sitemaps`` and ``site-map`` are accepted as the field, after a colon or (when the
  colon does not separate a known field) a space; the value is kept as written, an empty
  one skipped.

Neither strips a byte order mark, so a BOM glues itself to the first line's field; neither
resolves a relative URL. The explorer predicts both readings with its own code (neither
library is a dependency) so it can say which lines a reader loses and why; the tests hold
the prediction against both libraries.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import unquote, urljoin, urlsplit

from explorer.core.findings import CappedFindings, Finding, finding

MAX_ROBOTS_BYTES = 512 * 1024
"""What is read of a robots.txt, as discovery reads it (``ROBOTS_BYTES``); Google reads the
first 500 KiB and ignores the rest, so a Sitemap line past this is unsafe anyway."""

MAX_ROBOTS_LINES = 100_000
"""Lines read of a robots.txt: half a mebibyte of line breaks would otherwise be half a
million lines, each one predicted twice."""

# The field names Protego reads (facts about it, for telling a field it knows from one it
# does not): a line whose colon follows one of these is read as that field, whatever it is.
# They are matched in robots.txt, never said (tests/test_catalog_literals.py counts them).
_PROTEGO_SITEMAP_FIELDS = frozenset({"sitemap", "sitemaps", "site-map"})
_PROTEGO_FIELDS = _PROTEGO_SITEMAP_FIELDS | {
    "disallow",
    "dissallow",
    "dissalow",
    "disalow",
    "diasllow",
    "disallaw",
    "allow",
    "user-agent",
    "useragent",
    "user agent",
    "crawl-delay",
    "crawl delay",
    "request-rate",
    "request rate",
    "visit-time",
    "visit time",
    "host",
}
_PROTEGO_MAX_FIELD_WORDS = 2

_LOOKS_LIKE_SITEMAP = re.compile(r"[\W_]*site[\s_-]*maps?(?![\w-])", re.IGNORECASE)
"""A line a person would read as a Sitemap line, whatever either reader makes of it."""

_BOM = "\ufeff"


@dataclass(frozen=True, slots=True)
class RobotsReading:
    """The ``Sitemap:`` values each reader returns, in order (duplicates kept, as both
    keep them), and the findings: lines the readers read differently or lose."""

    stdlib: tuple[str, ...]
    protego: tuple[str, ...]
    problems: tuple[Finding, ...]


def read_robots_sitemaps(body: bytes, robots_url: str) -> RobotsReading:
    """Predict ``RobotFileParser.site_maps()`` and ``Protego.parse(...).sitemaps`` for the
    robots.txt ``body`` served at ``robots_url`` (which relative values are resolved
    against in the findings; the readers themselves return them as written)."""
    problems = CappedFindings()
    kept = _within_bytes(body, robots_url, problems)
    strict = _strict_text(kept, robots_url, problems)
    lenient = strict if strict is not None else kept.decode("utf-8", "ignore")
    stdlib: list[str] = []
    protego: list[str] = []
    for number, line in enumerate(_within_lines(lenient, robots_url, problems), 1):
        ours = stdlib_sitemap(line) if strict is not None else None
        theirs = protego_sitemap(line)
        if ours is not None:
            stdlib.append(ours)
        if theirs is not None:
            protego.append(theirs)
        problems.extend(_line_problems(number, line, ours, theirs, strict is not None, robots_url))
    problems.extend(problems.summaries("document.findings-capped"))
    return RobotsReading(tuple(stdlib), tuple(protego), tuple(problems))


def unlisted_lists(reading: RobotsReading, list_urls: Iterable[str]) -> tuple[str, ...]:
    """The lists (Resource Lists and Change Lists, which §6.3.4 asks a Source to name in
    robots.txt) that neither reader returns, each once, in the order given. URLs are
    compared as written: a harvester fetches exactly the value its reader returns."""
    named = set(reading.stdlib) | set(reading.protego)
    return tuple(url for url in dict.fromkeys(list_urls) if url not in named)


def list_not_named(list_url: str, robots_url: str) -> Finding:
    """The finding for a list ``unlisted_lists`` returned."""
    return finding("robots.list-not-named", url=robots_url, params={"list": list_url})


def stdlib_sitemap(line: str) -> str | None:
    """The Sitemap value ``RobotFileParser.parse`` takes from one line, or None."""
    line = line.split("#", 1)[0].strip()
    field, colon, value = line.partition(":")
    if not colon or field.strip().lower() != "sitemap":
        return None
    return unquote(value.strip())


def protego_sitemap(line: str) -> str | None:
    """The Sitemap value Protego takes from one line, or None (an empty value is skipped)."""
    line = line.split("#", 1)[0].strip()
    if not line:
        return None
    field, value = _protego_directive(line)
    if field in _PROTEGO_SITEMAP_FIELDS and value:
        return value
    return None


def _protego_directive(line: str) -> tuple[str | None, str]:
    """Protego's reading of a non-empty line: ``field:value`` when the field is one it
    knows or the colon is followed by a space or nothing, else ``field value`` split at
    whitespace (a field of one or two words), else nothing it uses."""
    if ":" in line:
        field, raw_value = line.split(":", 1)
        field = field.strip().lower()
        if field in _PROTEGO_FIELDS or not raw_value or raw_value[0].isspace():
            return field, raw_value.strip()
    words = line.split()
    for count in range(1, _PROTEGO_MAX_FIELD_WORDS + 1):
        candidate = " ".join(words[:count]).lower()
        if candidate in _PROTEGO_FIELDS:
            return candidate, " ".join(words[count:])
    return None, ""


def _within_bytes(body: bytes, robots_url: str, problems: list[Finding]) -> bytes:
    """The whole lines within ``MAX_ROBOTS_BYTES``; past it, a finding."""
    if len(body) <= MAX_ROBOTS_BYTES:
        return body
    end = max(body.rfind(b"\n", 0, MAX_ROBOTS_BYTES), body.rfind(b"\r", 0, MAX_ROBOTS_BYTES))
    problems.append(
        finding(
            "robots.too-large",
            url=robots_url,
            variant="bytes",
            params={"size": len(body), "limit": MAX_ROBOTS_BYTES},
        )
    )
    return body[: end + 1]


def _strict_text(kept: bytes, robots_url: str, problems: list[Finding]) -> str | None:
    """The body as ``RobotFileParser.read`` decodes it, or None (with a finding) where
    that decoding raises."""
    try:
        return kept.decode("utf-8")
    except UnicodeDecodeError as exc:
        # the bad byte stands where "x" is: the count of lines up to it is its line
        before = kept[: exc.start].decode("utf-8") + "x"
        line = len(before.splitlines())
        problems.append(
            finding("robots.not-utf8", line=line, url=robots_url, params={"offset": exc.start})
        )
        return None


def _within_lines(text: str, robots_url: str, problems: list[Finding]) -> list[str]:
    """The first ``MAX_ROBOTS_LINES`` lines; past them, a finding."""
    lines = text.splitlines()
    if len(lines) > MAX_ROBOTS_LINES:
        problems.append(
            finding(
                "robots.too-large",
                line=MAX_ROBOTS_LINES + 1,
                url=robots_url,
                variant="lines",
                params={"lines": len(lines), "limit": MAX_ROBOTS_LINES},
            )
        )
        del lines[MAX_ROBOTS_LINES:]
    return lines


def _line_problems(
    number: int,
    line: str,
    ours: str | None,
    theirs: str | None,
    stdlib_reads: bool,
    robots_url: str,
) -> list[Finding]:
    """What is wrong with one line: a Sitemap line neither reader takes, one the readers
    take differently (only when the stdlib reader reads the file at all: else the
    ``robots.not-utf8`` finding says it once), a value that is not an absolute URL."""
    found: list[Finding] = []
    text = line.strip()
    if ours is None and theirs is None:
        if _LOOKS_LIKE_SITEMAP.match(text.split("#", 1)[0]):
            variant = "bom" if number == 1 and text.startswith(_BOM) else ""
            shown = text.removeprefix(_BOM)
            found.append(_at(number, robots_url, "robots.sitemap-line-lost", variant, shown))
    elif stdlib_reads and ours != theirs:
        # Protego skips only an empty value, which is the one robotparser keeps; where
        # both read the line, the only difference is robotparser's percent-decoding
        if theirs is None:
            variant = "blank"
        elif ours is None:
            variant = "protego-only"
        else:
            variant = "different"
        params = {"text": text, "stdlib": ours or "", "protego": theirs or ""}
        found.append(
            finding(
                "robots.readers-differ", line=number, url=robots_url, variant=variant, params=params
            )
        )
    for value in dict.fromkeys(v for v in (ours, theirs) if v):
        if not _absolute(value):
            found.append(_relative(number, value, robots_url))
    return found


def _at(number: int, robots_url: str, code: str, variant: str, text: str) -> Finding:
    return finding(code, line=number, url=robots_url, variant=variant, params={"text": text})


def _absolute(value: str) -> bool:
    """Whether a harvester can fetch ``value`` as it stands: a scheme and a host."""
    try:
        parts = urlsplit(value)
    except ValueError:
        return False
    return bool(parts.scheme and parts.netloc)


def _relative(number: int, value: str, robots_url: str) -> Finding:
    """A Sitemap value that is not an absolute URL: both readers return it as written, so
    a harvester that fetches it gets nothing; sitemaps.org asks for the full URL."""
    try:
        resolved = urljoin(robots_url, value)
    except ValueError:
        return finding(
            "robots.relative-sitemap",
            line=number,
            url=robots_url,
            variant="unresolvable",
            params={"value": value},
        )
    return finding(
        "robots.relative-sitemap",
        line=number,
        url=robots_url,
        params={"value": value, "resolved": resolved},
    )
