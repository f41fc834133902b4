"""Conventions of the repository that no other test holds."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Built from parts so this file does not match itself.
FOREIGN_CITATION = "GUI" + "DE §"


def test_code_and_tests_give_reasons_not_citations_of_a_document_outside_the_repository() -> None:
    """A comment that cites a section of a guide the repository does not hold cannot be
    followed by the next engineer: the reason itself, or a section of CONTRIBUTING.md or
    docs/, stands there instead."""
    citing = [
        f"{path.relative_to(ROOT)}:{number}"
        for folder in ("explorer", "tests", "docs")
        for path in sorted((ROOT / folder).rglob("*"))
        if path.suffix in {".py", ".md", ".toml"}
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if FOREIGN_CITATION in line
    ]
    assert citing == []
