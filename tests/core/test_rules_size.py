"""Sitemap limits: 50,000 entries and 50 MB per document (core 1.1 §7)."""

from __future__ import annotations

from explorer.core.model import Document, Entry
from explorer.core.rules import size
from explorer.core.rules.context import ValidationContext


def run(doc: Document) -> list[str]:
    out: list = []
    size.check(doc, ValidationContext(), out)
    return [item.code for item in out]


def with_entries(count: int, byte_size: int = 1000) -> Document:
    entry = Entry("http://example.com/r", line=3)
    return Document(
        "urlset", md={"capability": "resourcelist"}, entries=[entry] * count, size=byte_size, line=2
    )


def test_within_limits() -> None:
    assert run(with_entries(45_000, 45 * 1024 * 1024)) == []


def test_close_to_the_limits_warns() -> None:
    assert run(with_entries(45_001, 46 * 1024 * 1024)) == [
        "document.near-entry-limit",
        "document.near-size-limit",
    ]


def test_over_the_limits() -> None:
    found = run(with_entries(50_001, 50 * 1024 * 1024 + 1))
    assert found == ["document.too-many-entries", "document.too-large"]


def test_exactly_at_the_limits_is_allowed() -> None:
    assert "document.too-many-entries" not in run(with_entries(50_000, 50 * 1024 * 1024))
    assert "document.too-large" not in run(with_entries(50_000, 50 * 1024 * 1024))
