"""No human-readable line is written in ``explorer/cli`` or ``explorer/core`` outside the
catalog (``explorer/core/catalog/*.toml``).

The rule, checked on the syntax tree of every module:

- A string literal is *human-readable* when it holds Japanese, or two words of letters in
  a row (``"no such file"``); in an f-string the literal parts count together
  (``f"{n} documents, {m} channels"``). Codes, element, attribute, header and option names,
  URLs, MIME types and format-only strings (``f"{a}: {b}"``) are single tokens and pass.
- Not checked, because no reader sees them as prose: docstrings; comments; the catalog
  keys themselves; logging; ``re.compile`` patterns; and exceptions that signal a
  programming error (``ValueError``, ``TypeError``, ...), which a test finds before a user
  does.
- A finding's English is no exception: ``finding(code, params=...)`` says it from the
  code's ``<code>.message`` shape, the same line that holds its Japanese, so the JSON's
  ``message`` and every other language come from one place.
- ``OUTSIDE_WORDS`` counts, per module, the words matched in other programs' error text
  (the operating system's, httpx's, libxml2's) to pick a cause or a code: they are read,
  never said.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("explorer/cli", "explorer/core")
WORDS = re.compile(r"[A-Za-z]{2,}\s*[,;:.]?\s+[A-Za-z]{2,}")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
PROGRAMMING_ERRORS = {
    "ValueError",
    "TypeError",
    "KeyError",
    "IndexError",
    "AssertionError",
    "RuntimeError",
    "NotImplementedError",
    "LookupError",
    "CatalogError",
    "AttributeError",
}
NOT_PROSE_CALLS = {"debug", "info", "warning", "error", "exception", "getLogger", "compile"}
"""Logging (for developers, not readers) and ``re.compile``: a pattern matches outside
text, such as a libxml2 message, and is never said to anyone."""


OUTSIDE_WORDS = {
    "explorer/core/addresses.py": 8,
    "explorer/core/safe_xml.py": 3,
}
"""Words matched in outside text (the operating system's, httpx's and libxml2's error
messages) to name one cause in the reader's language or pick a finding's code; they are
never said themselves."""


def _text_of(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return " ".join(
            part.value
            for part in node.values
            if isinstance(part, ast.Constant) and isinstance(part.value, str)
        )
    return None


def human_readable(text: str) -> bool:
    return bool(JAPANESE.search(text) or WORDS.search(text))


def _name(func: ast.expr) -> str:
    return getattr(func, "id", getattr(func, "attr", ""))


def _exempt_nodes(tree: ast.AST) -> set[int]:
    """ids of literal nodes the rule does not cover (see the module docstring)."""
    exempt: set[int] = set()

    def skip(node: ast.AST) -> None:
        exempt.update(id(inner) for inner in ast.walk(node))

    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and _text_of(first.value) is not None:
            skip(first)  # a docstring
        if isinstance(node, ast.Expr) and _text_of(node.value) is not None:
            skip(node)  # a bare string: a docstring of an attribute
        exc = node.exc if isinstance(node, ast.Raise) else None
        if isinstance(exc, ast.Call) and _name(exc.func) in PROGRAMMING_ERRORS:
            skip(exc)
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg == "metavar":  # a placeholder's name, as --help shows it
                    skip(keyword.value)
            name = _name(node.func)
            if name in NOT_PROSE_CALLS and isinstance(node.func, ast.Attribute):
                skip(node)
    return exempt


def literals(path: Path) -> list[tuple[int, str]]:
    """The human-readable literals of one module: (line, text)."""
    return _literals_of(path.read_text(encoding="utf-8"))


def _literals_of(source: str) -> list[tuple[int, str]]:
    tree = ast.parse(source)
    exempt = _exempt_nodes(tree)
    found = []
    for node in ast.walk(tree):
        if id(node) in exempt:
            continue
        if isinstance(node, ast.JoinedStr):
            exempt.update(id(part) for part in node.values)
        text = _text_of(node)
        if text is not None and human_readable(text):
            found.append((node.lineno, text))
    return found


def scan() -> dict[str, list[tuple[int, str]]]:
    found = {}
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            hits = literals(path)
            if hits:
                found[str(path.relative_to(ROOT))] = hits
    return found


def test_the_command_line_says_every_line_through_the_catalog() -> None:
    found = {
        f"{path}:{line}: {text!r}"
        for path, hits in scan().items()
        if path.startswith("explorer/cli")
        for line, text in hits
    }
    assert not found, "\n".join(sorted(found))


def test_the_engine_says_every_line_through_the_catalog() -> None:
    found = {
        f"{path}:{line}: {text!r}"
        for path, hits in scan().items()
        if path.startswith("explorer/core") and len(hits) > OUTSIDE_WORDS.get(path, 0)
        for line, text in hits
    }
    assert not found, "\n".join(sorted(found))


def test_the_scan_sees_a_literal_line() -> None:
    tree = "print(f'{count} documents were read')\nprint(text('cli.x', lang))\n"
    assert [text for _, text in _literals_of(tree)] == [" documents were read"]
    # words split by a placeholder and a comma still read as words
    between = "x = f'{name} listed {digest}, computed {actual}'\n"
    assert [text for _, text in _literals_of(between)] == [" listed  , computed "]
