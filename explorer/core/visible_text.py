"""Outside text with its invisible characters made visible.

A loc ``invoice\\u202efdp.exe`` is drawn as ``invoiceexe.pdf``: the right-to-left
override (U+202E) reverses what follows, and zero-width spaces, joiners, isolates and
control characters are drawn as nothing at all. Wherever outside text is shown (the
window's tree, tables, tooltips and panes; the terminal), each such character is replaced
by its escape (``\\u202e``), so what the reader sees is what the text holds.

Made visible: every character of the Unicode categories Cc (control, C0 and C1, DEL),
Cf (format: bidi embeddings, overrides and isolates, zero-width characters, the BOM,
soft hyphen) and Zl/Zp (line and paragraph separators). Line breaks and tabs may be kept
where the text is laid out in lines.
"""

from __future__ import annotations

import unicodedata

HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp"})


def escape_of(char: str) -> str:
    """``\\xhh`` below U+0100, ``\\uhhhh`` or ``\\Uhhhhhhhh`` above, as Python writes them."""
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def make_visible(text: str, keep: str = "") -> str:
    """``text`` with every hidden character (``HIDDEN_CATEGORIES``) but those in ``keep``
    replaced by its escape."""
    if text.isprintable():  # no Cc, Cf, Zl, Zp (and no other unusual space): nothing to do
        return text
    return "".join(
        escape_of(char)
        if char not in keep and unicodedata.category(char) in HIDDEN_CATEGORIES
        else char
        for char in text
    )
