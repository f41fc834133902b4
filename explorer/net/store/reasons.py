"""Reasons kept as a catalog key and params (the store feature's step 3), and the one pass
that converts what an older explorer stored as English.

Up to the store feature's version 2 a subscription's and a rejected delivery's ``reason``
were English text, so another language could only say them by matching them against the
catalog again. Version 3 adds ``reason_key`` and ``reason_params`` beside the English
(kept for scripts that read the file; the columns are added in ``schema.py``);
``reason_key`` is '' for outside words (a hub's own reason), said as they came. The
conversion maps an old reason only when it is exactly one line of the previous release
(``previous_reasons.json``: the English that release stored, frozen, so later rewording
of the catalog cannot change what old rows mean) with params that give back the very
same text; anything else stays verbatim. It runs once, in the migration, and nothing
else reads English back into keys.
"""

from __future__ import annotations

import ast
import json
import sqlite3
from functools import cache
from importlib import resources
from string import Formatter
from typing import Any

from explorer.core.phrase import Phrase, verbatim

REASON_COLUMNS = ("reason_key", "reason_params")
REASON_TABLES = ("subscriptions", "notifications")


def stored_reason(phrase: Phrase | None) -> tuple[str | None, str | None, str | None]:
    """The three columns of a reason: its English, its key ('' for outside words) and
    its params as JSON."""
    if phrase is None:
        return None, None, None
    return phrase.english, phrase.key, json.dumps(phrase.to_json()["params"])


def reason_of(english: str | None, key: str | None, params: str | None) -> Phrase | None:
    """A reason read back from its columns (the inverse of ``stored_reason``)."""
    if english is None:
        return None
    if not key:
        return verbatim(english)
    return Phrase.from_json({"english": english, "key": key, "params": json.loads(params or "{}")})


def convert_reasons(conn: sqlite3.Connection) -> None:
    """Fill the key and params columns of reasons an older explorer kept as English
    (inside the migration step's transaction; the step adds the columns first)."""
    for table in REASON_TABLES:
        rows = conn.execute(f"SELECT id, reason FROM {table} WHERE reason IS NOT NULL").fetchall()
        conn.executemany(
            f"UPDATE {table} SET reason_key = ?, reason_params = ? WHERE id = ?",
            [(*stored_reason(previous_phrase(reason))[1:], row_id) for row_id, reason in rows],
        )


def previous_phrase(english: str) -> Phrase:
    """``english`` as the previous release said it: the line it is exactly, with its
    params (themselves such lines where they are), else the text verbatim."""
    for key, template in _previous_lines().items():
        params = _params_of(template, english)
        if params is not None:
            return Phrase(english, key, params)
    return verbatim(english)


@cache
def _previous_lines() -> dict[str, str]:
    frozen = resources.files("explorer.net.store").joinpath("previous_reasons.json")
    text = frozen.read_text("utf-8")
    lines: dict[str, str] = json.loads(text)
    return lines


def _params_of(template: str, english: str) -> dict[str, object] | None:
    """The params that make ``template`` say exactly ``english``; None when none do."""
    parts = list(Formatter().parse(template))
    last = max((i for i, part in enumerate(parts) if part[1] is not None), default=-1)
    params: dict[str, object] = {}
    at = 0
    for index, (literal, name, spec, conversion) in enumerate(parts):
        if not english.startswith(literal, at):
            return None
        at += len(literal)
        if name is None:
            continue
        following = parts[index + 1][0] if index + 1 < len(parts) else ""
        if index == last:  # the last value runs to the line's closing words
            end = len(english) - len(following)
        else:  # the first place the next words appear; two values side by side: no
            end = english.find(following, at) if following else -1
        if end < at:
            return None
        params[name] = _value(english[at:end], spec or "", conversion)
        at = end
    if at != len(english) or _said(template, params) != english:
        return None
    return params


def _value(text: str, spec: str, conversion: str | None) -> object:
    """A param read from its text: a number where it reads as one (other languages
    format it their way), the value behind a ``!r``, a line of the previous release
    where it is one; ``_params_of`` checks that all of them say the text again."""
    if conversion == "r":
        try:
            return ast.literal_eval(text)
        except (ValueError, SyntaxError):
            return text
    plain = text.replace(",", "") if "," in spec else text
    for kind in (int, float):
        try:
            number = kind(plain)
        except ValueError:
            continue
        if str(number) == plain:  # a number said as Python says it: the same again
            return number
    nested = previous_phrase(text) if text else verbatim(text)
    return nested if nested.key else text


def _said(template: str, params: dict[str, Any]) -> str | None:
    try:
        return template.format(
            **{name: str(v) if isinstance(v, Phrase) else v for name, v in params.items()}
        )
    except (ValueError, TypeError, KeyError, IndexError):
        return None
