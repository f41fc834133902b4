"""``visible``: every control, bidi and invisible character of outside text is written as
its escape, the rest of the text is left alone, and JSON stays the same JSON."""

from __future__ import annotations

import json
import sys
import unicodedata

from explorer.core.words.visible_text import is_hidden, visible

HIDDEN_CATEGORIES = {"Cc", "Cf", "Zl", "Zp"}


def test_every_control_format_and_separator_character_is_hidden() -> None:
    missed = [
        f"U+{code:04X}"
        for code in range(sys.maxunicode + 1)
        if unicodedata.category(chr(code)) in HIDDEN_CATEGORIES
        and chr(code) not in "\t\n"
        and not is_hidden(chr(code))
    ]
    assert missed == []


def test_terminal_controls_and_spoofing_characters_become_escapes() -> None:
    text = "a\x1b]0;pwned\x07b\x9b2Jc\x7f invoice\u202efdp.exe x\u200by \U000e0041"
    shown = visible(text)
    assert shown == (
        "a\\u001b]0;pwned\\u0007b\\u009b2Jc\\u007f invoice\\u202efdp.exe x\\u200by \\udb40\\udc41"
    )
    assert not any(is_hidden(char) for char in shown)


def test_ordinary_text_tabs_and_newlines_are_kept() -> None:
    text = "Résumé\t変更リスト\nhttps://example.org/a?b=c#d 🙂"
    assert visible(text) is text


def test_json_stays_valid_and_means_the_same() -> None:
    value = {"loc": "x\u202ey\x1b[2J\u200d", "n": [1, "\x9b"]}
    for ensure_ascii in (True, False):
        document = json.dumps(value, ensure_ascii=ensure_ascii)
        assert json.loads(visible(document)) == value
