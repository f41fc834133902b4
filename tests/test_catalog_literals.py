"""No human-readable line is written in ``explorer/cli``, ``explorer/core`` or
``explorer/net`` outside the catalog (``explorer/core/catalog/*.toml``).

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

``explorer/net`` is held to the same rule, and it also speaks to machines; these are not
prose, each recognised by its shape (``machine_text``), not by where it stands:

- SQL: a literal with an upper-case SQL keyword (``SELECT``, ``FROM``, ``IS NOT``...) and
  no two lower-case words in a row (prose has them; SQL joins its lower-case names with
  commas, operators and keywords), so ``"SELECT loc FROM source WHERE hash IS NULL"`` and
  the fragment ``" AND status = ?"`` pass while ``"no store at PRAGMA quick_check"`` does not.
- HTML markup: a literal that is no longer human-readable once its tags (``<...>``) are
  taken out: the report's page templates, whose words come in through placeholders.
- A stylesheet: a literal made only of CSS rules (``selector{name:value}``), at least one
  with two declarations (``;``): a ``.format`` template's ``{seconds:g}`` never holds one.
- HTTP on the wire: a literal holding CRLF (``"POST {target} HTTP/1.1\\r\\n"``).
- Exceptions raised as httpcore's own (``raise httpcore.ConnectTimeout("timed out")``):
  the explorer's connection backend stands in for httpcore's and says what it would.

``STATE_NAMES`` counts, per module, the names of states that a table column shows and the
window translates with Qt (``tr`` of the value, in its ``.ts`` files), as an enum's
values. ``WIRE_VALUES`` counts the values sent to other programs that read as two words.
``python3 tests/test_catalog_literals.py`` prints what each module of ``explorer/net`` holds.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("explorer/cli", "explorer/core", "explorer/net")
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
    "TransitionError",
}
NOT_PROSE_CALLS = {"debug", "info", "warning", "error", "exception", "getLogger", "compile"}
"""Logging (for developers, not readers) and ``re.compile``: a pattern matches outside
text, such as a libxml2 message, and is never said to anyone."""


OUTSIDE_WORDS = {
    "explorer/cli/argparse_words.py": 6,
    "explorer/core/addresses.py": 8,
    "explorer/core/consumers/robots.py": 4,
    "explorer/core/safe_xml.py": 3,
}
"""Words matched in outside text (the operating system's, httpx's and libxml2's error
messages, argparse's own refusals) to name one cause in the reader's language or pick a
finding's code; they are never said themselves. A module of ``explorer/net`` or
``explorer/cli`` that reads such words goes here too."""

SQL_KEYWORD = re.compile(
    r"\b(SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|PRAGMA|BEGIN|COMMIT|FROM|WHERE|AND|OR|"
    r"IS|NOT|NULL|AS|ON|JOIN|ORDER BY|GROUP BY|LIMIT|VALUES|INTO|SET|TABLE|INDEX)\b"
)
LOWER_CASE_WORDS = re.compile(r"\b[a-z]{2,}\s+[a-z]{2,}\b")
"""Two lower-case words in a row: prose has them, SQL does not."""
TAG = re.compile(r"<[^<>]*>")
CSS_RULE = re.compile(r"[^{}]*\{[a-z-]+:[^{};]*(?:;[a-z-]+:[^{};]*)*;?\}")
CSS_BLOCK = re.compile(r"[^{}]*\{\s*\}")

STATE_NAMES = {
    "explorer/net/live/subscription.py": 5,
}
"""State names a table column shows (``"stale callback"``): values the window translates
with Qt, as an enum's; said nowhere else."""

WIRE_VALUES = {
    "explorer/net/http/fetcher.py": 1,
    "explorer/net/conformance/checks.py": 1,
}
"""Values sent to other programs that happen to hold two words: the fetcher's ``Accept``
header (``"application/xml, text/xml;q=0.9, ..."``) and an unknown form parameter's value
that the hub conformance check sends to see it ignored."""


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


def machine_text(text: str) -> bool:
    """Whether ``text`` is SQL, HTML markup, a stylesheet or HTTP on the wire, by its shape
    (see the module docstring): words for programs, never said to a reader."""
    if "\r\n" in text:
        return True
    if SQL_KEYWORD.search(text) and not LOWER_CASE_WORDS.search(text):
        return True
    if TAG.search(text) and not human_readable(TAG.sub(" ", text)):
        return True
    return _stylesheet(text)


def _stylesheet(text: str) -> bool:
    """Only CSS rules (a block of rules such as ``@media print{...}`` included), one of
    them with two declarations."""
    if not any(";" in rule for rule in CSS_RULE.findall(text)):
        return False
    rest = CSS_RULE.sub("", text)
    while CSS_BLOCK.search(rest):
        rest = CSS_BLOCK.sub("", rest)
    return not rest.strip()


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
        if isinstance(exc, ast.Call) and (
            _name(exc.func) in PROGRAMMING_ERRORS or _raised_as_httpcore(exc.func)
        ):
            skip(exc)
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg == "metavar":  # a placeholder's name, as --help shows it
                    skip(keyword.value)
            name = _name(node.func)
            if name in NOT_PROSE_CALLS and isinstance(node.func, ast.Attribute):
                skip(node)
    return exempt


def _raised_as_httpcore(func: ast.expr) -> bool:
    """``httpcore.<Error>``: the connection backend raising what httpcore's would."""
    return (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and func.value.id == "httpcore"
    )


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
        if text is not None and human_readable(text) and not machine_text(text):
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
        if path.startswith("explorer/cli") and len(hits) > OUTSIDE_WORDS.get(path, 0)
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


def net_allowance(path: str) -> int:
    """What a module of ``explorer/net`` may hold: outside words, state names and values
    sent on the wire."""
    return sum(counts.get(path, 0) for counts in (OUTSIDE_WORDS, STATE_NAMES, WIRE_VALUES))


def net_remaining() -> dict[str, int]:
    """Per module of ``explorer/net``, the human-readable literals it still holds."""
    return {path: len(hits) for path, hits in scan().items() if path.startswith("explorer/net")}


def test_the_network_layer_says_every_line_through_the_catalog() -> None:
    found = {
        f"{path}:{line}: {text!r}"
        for path, hits in scan().items()
        if path.startswith("explorer/net") and len(hits) > net_allowance(path)
        for line, text in hits
    }
    assert not found, "\n".join(sorted(found))


def test_no_allowance_outlives_its_literals() -> None:
    """An allowance shrinks with its module: once a line moves to the catalog, the count
    above it goes down (to nothing: the entry goes), so no new literal can take its place."""
    remaining = net_remaining()
    stale = {
        path: (allowed, remaining.get(path, 0))
        for path in {*STATE_NAMES, *WIRE_VALUES, *OUTSIDE_WORDS}
        if path.startswith("explorer/net")
        and remaining.get(path, 0) < (allowed := net_allowance(path))
    }
    assert not stale, f"lower these allowances (allowed, found): {stale}"


def test_machine_text_is_told_from_prose() -> None:
    machine = [
        "SELECT loc, hash FROM source WHERE hash IS NULL ORDER BY loc",
        " AND subscription_id = ?",
        "id, topic, X'' AS body",
        "<tr><td class=url> </td><td> </td></tr>",
        "body{margin:0;padding:0}\n@media print{th{background:none}}",
        "POST   HTTP/1.1\r\nHost:  \r\n",
    ]
    prose = [
        "the store is closed",
        "{path} is damaged: {problem} (found by PRAGMA quick_check)",
        "TLS certificates are NOT verified: anyone can read them",
        "<p>the page could not be read</p>",
        "waited {seconds:g} s for the {what}",
        "the hub {hub} answered {status}",
    ]
    assert [text for text in machine if not machine_text(text)] == []
    assert [text for text in prose if machine_text(text) or not human_readable(text)] == []


def test_the_scan_sees_a_literal_line() -> None:
    tree = "print(f'{count} documents were read')\nprint(text('cli.x', lang))\n"
    assert [text for _, text in _literals_of(tree)] == [" documents were read"]
    # words split by a placeholder and a comma still read as words
    between = "x = f'{name} listed {digest}, computed {actual}'\n"
    assert [text for _, text in _literals_of(between)] == [" listed  , computed "]


if __name__ == "__main__":
    for module, count in sorted(net_remaining().items()):
        print(f"{count:4}  {module}")
    print(f"{sum(net_remaining().values()):4}  explorer/net in all")
