"""Outside text made safe to show: control, bidi and invisible characters written as
``\\uXXXX``.

A Source, a hub or a delivery chooses the text the explorer shows (locs, link targets, a
hub's error body, a denial's ``hub.reason``). Raw ESC, BEL or a C1 CSI (U+009B) would drive
the terminal (clear the screen, retitle the window, paint a fake verdict); a bidi override
(U+202E) or a zero-width character makes ``invoice\\u202efdp.exe`` read as another name.
Every terminal line and every URL the window shows goes through ``visible`` (one
classification, here, for both), so the characters appear as their escapes instead.

The escape is JSON's own (``\\u001b``; a pair of surrogate escapes above U+FFFF), so a
JSON document stays valid and means the same after it.
"""

from __future__ import annotations

import re

# Unicode categories Cc (C0 but tab and newline, which shape our own lines; DEL; C1),
# Cf (bidi controls, zero-width and other format characters), Zl and Zp (line and
# paragraph separators), Unicode 14 to 15.1, as ranges;
# ``tests/core/test_visible_text.py`` holds them against this Python's ``unicodedata``.
# Then characters that are letters or marks by category but draw nothing (combining
# grapheme joiner, Hangul fillers, Khmer inherent vowels), used to hide text in names.
_RANGES = (
    "\x00-\x08\x0b-\x1f\x7f-\x9f\xad"
    "\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e"
    "\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
    "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0001\U000e0020-\U000e007f"
    "\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0"
)
_HIDDEN = re.compile(f"[{_RANGES}]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    code -= 0x10000
    return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"


def is_hidden(char: str) -> bool:
    """Whether ``char`` would act on a terminal or hide itself instead of being seen."""
    return _HIDDEN.fullmatch(char) is not None


def visible(text: str) -> str:
    """``text`` with every hidden character (``is_hidden``) written as its ``\\uXXXX``
    escape; tabs and newlines are kept. Text with none is returned as it is."""
    if _HIDDEN.search(text) is None:
        return text
    return _HIDDEN.sub(_escape, text)
