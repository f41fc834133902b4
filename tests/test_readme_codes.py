"""The README's finding-code table is generated from the registry and must match it.

Regenerate with ``python -m explorer.core.codes --write-readme``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from explorer.core.codes import (
    CODES,
    TABLE_END,
    TABLE_START,
    markdown_table,
    readme_table,
    readme_with_table,
)

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_table_matches_the_registry() -> None:
    text = README.read_text(encoding="utf-8")
    assert readme_table(text) == markdown_table(), (
        "README's finding-code table is stale: run python -m explorer.core.codes --write-readme"
    )


def test_every_code_is_in_the_table_once() -> None:
    table = markdown_table()
    for code in CODES:
        assert table.count(f"| `{code}` |") == 1


def test_write_readme_replaces_only_the_table() -> None:
    text = f"intro\n{TABLE_START}\n| old |\n{TABLE_END}\noutro\n"
    updated = readme_with_table(text)
    assert updated.startswith("intro\n") and updated.endswith(f"{TABLE_END}\noutro\n")
    assert readme_table(updated) == markdown_table()
    assert "| old |" not in updated


def test_a_stale_table_is_detected() -> None:
    text = f"{TABLE_START}\n| `document.gone` | error | | retired |\n{TABLE_END}\n"
    assert readme_table(text) != markdown_table()


def test_missing_markers_are_an_error() -> None:
    with pytest.raises(ValueError):
        readme_table("no markers here")
