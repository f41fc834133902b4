"""Text measured as a terminal shows it: a kanji or kana takes two columns, not one.

``str.ljust`` and ``textwrap`` count characters, so a column after 「検証済み」 starts four
columns late, and Japanese help wraps at twice the terminal's width (and only at the ASCII
spaces around English words). The command line pads its columns and wraps its help with
these functions instead; the widths follow Unicode's East Asian Width property (UAX #11),
as terminals do.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from functools import cache


# Kinsoku (JIS X 4051): characters that never start a line, and that never end one.
# Compiled on first use (only a line with wide characters asks): compiling these classes
# was a millisecond of every command's start, wrapping Japanese or not.
@cache
def _kinsoku() -> tuple[Callable[[str], object], Callable[[str], object]]:
    no_line_start = re.compile(
        "[、。，．・：；？！）」』】〕〉》ー…‥"  # closing punctuation and the long vowel mark
        "ぁぃぅぇぉっゃゅょァィゥェォッャュョ]"  # small kana
    )
    no_line_end = re.compile("[（「『【〔〈《]")
    return no_line_start.match, no_line_end.match


_SPACES = r"\s+"  # compiled (and kept) by ``re`` when help is first wrapped


def char_width(char: str) -> int:
    """Columns one character takes: 2 for wide and full-width, 0 for a combining mark."""
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def display_width(text: str) -> int:
    """Columns ``text`` takes on a terminal."""
    return sum(char_width(char) for char in text)


def pad(text: str, width: int) -> str:
    """``text`` followed by spaces up to ``width`` columns (``str.ljust`` by columns)."""
    return text + " " * max(0, width - display_width(text))


def widest(texts: Iterable[str], at_least: int = 0) -> int:
    """The column width that fits every one of ``texts`` (a column of translated labels)."""
    return max([at_least, *(display_width(text) for text in texts)])


def _atoms(text: str) -> list[tuple[str, bool]]:
    """``text`` cut where a line may break, each piece with whether a space came before it:
    at spaces, and between two characters when either is wide, except before closing and
    after opening punctuation."""
    atoms: list[tuple[str, bool]] = []
    current, spaced, space_before = "", False, False
    for char in text:
        if char == " ":
            if current:
                atoms.append((current, spaced))
                current = ""
            space_before = True
            continue
        breakable = bool(current) and (
            (char_width(current[-1]) == 2 or char_width(char) == 2)
            and not _kinsoku()[0](char)
            and not _kinsoku()[1](current[-1])
        )
        if breakable:
            atoms.append((current, spaced))
            current = ""
        if not current:
            spaced, space_before = space_before, False
        current += char
    if current:
        atoms.append((current, spaced))
    return atoms


def wrap(text: str, width: int) -> list[str]:
    """``text`` (its runs of whitespace made one space) in lines of at most ``width``
    columns, broken at spaces and between Japanese characters; a piece wider than a line
    (a long URL) gets a line of its own."""
    lines: list[str] = []
    line, used = "", 0
    for atom, spaced in _atoms(re.sub(_SPACES, " ", text).strip()):
        gap = 1 if spaced and line else 0
        size = display_width(atom)
        if line and used + gap + size > width:
            lines.append(line)
            line, used, gap = "", 0, 0
        line += " " * gap + atom
        used += gap + size
    if line:
        lines.append(line)
    return lines
