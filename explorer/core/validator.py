"""Validation entry point: a parsed document (plus where it was found) in, findings out.

``validate_document`` runs every rule family over a ``Document``; ``check_bytes`` parses
first and turns a parse failure into an error finding, so callers (the CLI, the crawl,
the subscriber) get one list of findings whatever the input was.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field

from explorer.core.findings import CappedFindings, Finding, Severity
from explorer.core.model import Document
from explorer.core.parser import DocumentParseError, parse_document
from explorer.core.rules import (
    document_links,
    document_md,
    duplicates,
    entries,
    notifications,
    order,
    size,
    well_known,
)
from explorer.core.rules.context import ValidationContext

__all__ = ["ValidationContext", "ValidationResult", "check_bytes", "validate_document"]

Rule = Callable[[Document, ValidationContext, list[Finding]], None]

RULES: tuple[Rule, ...] = (
    document_md.check,
    document_links.check,
    entries.check,
    order.check,
    size.check,
    duplicates.check,
    notifications.check,
    well_known.check,
)


@dataclass(slots=True)
class ValidationResult:
    """A parsed document (None when the bytes could not be read) and all its findings."""

    document: Document | None
    findings: list[Finding] = field(default_factory=list)

    @property
    def has_errors(self) -> bool:
        return any(item.severity is Severity.ERROR for item in self.findings)


def _line_key(item: Finding) -> int:
    return item.line if item.line is not None else 0


def validate_document(doc: Document, context: ValidationContext | None = None) -> list[Finding]:
    """All findings for ``doc``: the parser's own (``doc.findings``) and every rule's.

    Findings come back ordered by line (document-level ones first); with a
    ``context.url`` each finding carries that URL. At most ``MAX_FINDINGS_PER_CODE`` of
    one code are listed, then one ``document.findings-capped`` summary.
    """
    ctx = context if context is not None else ValidationContext()
    capped = CappedFindings(doc.findings)
    for rule in RULES:
        rule(doc, ctx, capped)
    capped.extend(capped.summaries("document.findings-capped"))
    capped.sort(key=_line_key)
    if ctx.url is None:
        return capped
    return [
        item if item.url is not None else dataclasses.replace(item, url=ctx.url) for item in capped
    ]


def check_bytes(
    data: bytes, context: ValidationContext | None = None, *, entries_kept: bool = True
) -> ValidationResult:
    """Parse and validate; a document that cannot be parsed gives one error finding.
    ``entries_kept``: as for ``parse_document``."""
    try:
        doc = parse_document(data, entries_kept=entries_kept)
    except DocumentParseError as exc:
        item = exc.finding
        if context is not None and context.url is not None and item.url is None:
            item = dataclasses.replace(item, url=context.url)
        return ValidationResult(None, [item])
    return ValidationResult(doc, validate_document(doc, context))
