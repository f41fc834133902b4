"""docs/finding-codes.md's table is generated from the registry and must match it.

Regenerate with ``python -m explorer.core.codes --write-docs``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from explorer.core.codes import (
    CODES,
    CODES_PAGE,
    TABLE_END,
    TABLE_START,
    markdown_table,
    page_table,
    page_with_table,
)

ROOT = Path(__file__).resolve().parent.parent


def test_the_codes_page_table_matches_the_registry() -> None:
    text = (ROOT / CODES_PAGE).read_text(encoding="utf-8")
    assert page_table(text) == markdown_table(), (
        f"{CODES_PAGE}'s table is stale: run python3 -m explorer.core.codes --write-docs"
    )


def test_the_readme_links_the_codes_page_and_holds_no_table() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert CODES_PAGE in text and TABLE_START not in text


def test_every_code_is_in_the_table_once() -> None:
    table = markdown_table()
    for code in CODES:
        assert table.count(f"| `{code}` |") == 1


def test_writing_replaces_only_the_table() -> None:
    text = f"intro\n{TABLE_START}\n| old |\n{TABLE_END}\noutro\n"
    updated = page_with_table(text)
    assert updated.startswith("intro\n") and updated.endswith(f"{TABLE_END}\noutro\n")
    assert page_table(updated) == markdown_table()
    assert "| old |" not in updated


def test_a_stale_table_is_detected() -> None:
    text = f"{TABLE_START}\n| `document.gone` | error | | retired |\n{TABLE_END}\n"
    assert page_table(text) != markdown_table()


def test_missing_markers_are_an_error() -> None:
    with pytest.raises(ValueError):
        page_table("no markers here")
