"""The cause behind two libxml2 messages that confuse a reader, found in the bytes.

libxml2 says "error parsing attribute name" (or "attributes construct error", "Couldn't
find end of Start Tag") when a tag holds a character XML does not allow between
attributes; when that character is invisible, such as U+00A0 NO-BREAK SPACE pasted from a
word processor, the line looks right. It says "XML declaration allowed only at the start
of the document" when a blank line or a space comes before ``<?xml``. The hint names the
characters by code point and column, or the blank line, and the fix.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from explorer.core import catalog

INVISIBLE = frozenset(
    "\u00a0\u00ad\u1680\u180e\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009"
    "\u200a\u200b\u200c\u200d\u200e\u200f\u2028\u2029\u202f\u205f\u2060\u3000\ufeff"
)
"""Characters that look like a space or like nothing at all (each has a Unicode name)."""

MISPLACED_DECLARATION = re.compile(r"declaration allowed only at the start|not at start of")
"""How libxml2 words an XML declaration that is not at the very start."""

MAX_LINE_BYTES = 64 * 1024
"""Longest line scanned for invisible characters: a hint, not a second parse."""


@dataclass(frozen=True, slots=True)
class SyntaxHint:
    variant: str
    english: str
    params: dict[str, object]


def syntax_hint(data: bytes, line: int | None, message: str) -> SyntaxHint | None:
    """The cause of the syntax error at ``line``, when it is one of the two above."""
    if MISPLACED_DECLARATION.search(message):
        return _before_declaration(data)
    if line is not None:
        return _invisible_on_line(data, line)
    return None


def _before_declaration(data: bytes) -> SyntaxHint | None:
    body = data[3:] if data.startswith(b"\xef\xbb\xbf") else data
    declaration = body.find(b"<?xml")
    if declaration <= 0 or body[:declaration].strip():
        return None
    blank_lines = body[:declaration].count(b"\n")
    what = (
        _english(_counted("hint.blank-lines", blank_lines), count=blank_lines)
        if blank_lines
        else _english(_counted("hint.spaces", declaration), count=declaration)
    )
    return SyntaxHint(
        "blank-before-declaration",
        _english("hint.blank-before-declaration", what=what),
        {"what": what, "lines": blank_lines},
    )


def _invisible_on_line(data: bytes, line: int) -> SyntaxHint | None:
    start = 0
    for _ in range(line - 1):
        start = data.find(b"\n", start) + 1
        if start == 0:
            return None
    end = data.find(b"\n", start)
    raw = data[start : end if end >= 0 else len(data)][:MAX_LINE_BYTES]
    text = raw.decode("utf-8", "replace")
    found = [(column, char) for column, char in enumerate(text, 1) if char in INVISIBLE]
    if not found:
        return None
    counts: dict[str, int] = {}
    for _, char in found:
        counts[char] = counts.get(char, 0) + 1
    chars = ", ".join(
        f"{count} × U+{ord(char):04X} {unicodedata.name(char)}" for char, count in counts.items()
    )
    params = {"count": len(found), "chars": chars, "line": line, "first_column": found[0][0]}
    return SyntaxHint(
        "invisible", _english(_counted("hint.invisible", len(found)), **params), params
    )


def _counted(key: str, count: int) -> str:
    """The catalog line for one or for several (English says "1 space", "2 spaces")."""
    return f"{key}-one" if count == 1 else f"{key}-other"


def _english(key: str, **params: object) -> str:
    """A hint's English: the finding's message keeps it, as the JSON shows it."""
    return catalog.text(key, catalog.ENGLISH, **params)
