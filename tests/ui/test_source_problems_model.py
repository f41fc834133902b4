"""The Source-wide Problems model without widgets: every finding of the Source, errors
first then in document order and by line; filters by severity, code and document or
channel; next and previous wrap round."""

from __future__ import annotations

from PySide6.QtCore import Qt

from explorer.core.findings import Finding, Severity
from explorer.net.source.inspection import Located
from explorer.ui.problems.source_problems_model import (
    COLUMNS,
    SOURCE_WIDE,
    SourceProblemsModel,
)
from explorer.ui.shared.columns import column_index

CAPS = "https://example.org/rs/capabilitylist.xml"
CHANGES = "https://example.org/rs/changelist.xml"
TOPIC = "https://example.org/rs/notify/changelist"


def problem(
    code: str,
    severity: Severity,
    document: str | None,
    line: int | None = None,
    channel: str | None = None,
) -> Located:
    return Located(Finding(severity, code, f"{code} here", line=line), document, channel)


PROBLEMS = [
    problem("discovery.no-well-known", Severity.INFO, None),
    problem("sitemap.lastmod-invalid", Severity.WARNING, CAPS, 7),
    problem("sitemap.loc-missing", Severity.ERROR, CHANGES, 30),
    problem("sitemap.loc-missing", Severity.ERROR, CHANGES, 12),
    problem("rs.md-capability", Severity.ERROR, CAPS, 3),
    problem("http.topic-status", Severity.WARNING, CAPS, None, TOPIC),
]


def codes(model: SourceProblemsModel) -> list[str]:
    return [model.problem(row).finding.code for row in range(model.rowCount())]


def test_rows_are_errors_first_then_in_document_order_and_by_line(qapp) -> None:
    model = SourceProblemsModel()
    model.set_problems(PROBLEMS)
    rows = [model.problem(row) for row in range(model.rowCount())]
    assert [(p.finding.code, p.finding.line) for p in rows] == [
        ("rs.md-capability", 3),
        ("sitemap.loc-missing", 12),
        ("sitemap.loc-missing", 30),
        ("sitemap.lastmod-invalid", 7),
        ("http.topic-status", None),
        ("discovery.no-well-known", None),
    ]
    document = column_index(COLUMNS, "document")
    line = column_index(COLUMNS, "line")
    assert model.data(model.index(0, document)) == CAPS
    assert model.data(model.index(0, line)) == "3"
    assert model.data(model.index(4, document)) == TOPIC  # a channel's finding: its topic
    assert model.data(model.index(5, document)) == "(the Source)"
    assert model.data(model.index(0, 0), Qt.ItemDataRole.UserRole) is rows[0]
    assert model.total == 6
    assert model.counts() == {Severity.ERROR: 3, Severity.WARNING: 2, Severity.INFO: 1}


def test_filters_by_severity_code_and_place(qapp) -> None:
    model = SourceProblemsModel()
    model.set_problems(PROBLEMS)
    model.set_filter([Severity.WARNING, Severity.INFO])
    assert codes(model) == [
        "sitemap.lastmod-invalid",
        "http.topic-status",
        "discovery.no-well-known",
    ]
    model.set_filter(None, code="sitemap.loc-missing")
    assert codes(model) == ["sitemap.loc-missing", "sitemap.loc-missing"]
    model.set_filter(None, place=CAPS)
    assert codes(model) == ["rs.md-capability", "sitemap.lastmod-invalid"]
    model.set_filter(None, place=TOPIC)
    assert codes(model) == ["http.topic-status"]
    model.set_filter(None, place=SOURCE_WIDE)
    assert codes(model) == ["discovery.no-well-known"]
    model.set_filter([Severity.ERROR], code="sitemap.lastmod-invalid")
    assert model.rowCount() == 0 and model.total == 6
    model.set_filter([Severity.ERROR])
    model.set_problems(PROBLEMS[:2])  # new findings keep the filter
    assert codes(model) == []
    assert model.total == 2


def test_filter_choices_list_every_code_and_place_with_counts(qapp) -> None:
    model = SourceProblemsModel()
    model.set_problems(PROBLEMS)
    model.set_filter([Severity.INFO])  # the choices do not depend on the filter
    assert model.codes() == [
        ("discovery.no-well-known", 1),
        ("http.topic-status", 1),
        ("rs.md-capability", 1),
        ("sitemap.lastmod-invalid", 1),
        ("sitemap.loc-missing", 2),
    ]
    assert model.places() == [(SOURCE_WIDE, 1), (CAPS, 2), (CHANGES, 2), (TOPIC, 1)]


def test_next_and_previous_wrap_round(qapp) -> None:
    model = SourceProblemsModel()
    assert model.step(None, True) is None
    model.set_problems(PROBLEMS)
    assert model.step(None, True) == 0
    assert model.step(None, False) == 5
    assert model.step(0, True) == 1
    assert model.step(5, True) == 0
    assert model.step(0, False) == 5
    assert model.row_of(model.problem(3)) == 3
    assert model.row_of(PROBLEMS[0]) == 5
    model.set_filter([Severity.ERROR])
    assert model.row_of(PROBLEMS[0]) is None
