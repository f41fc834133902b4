"""JUnit cases for ``inspect`` (one per document, one for the Source-wide findings, one
skipped per check not applicable on disk) and ``hub-check`` (one per check)."""

from __future__ import annotations

from collections.abc import Iterable

from explorer.core import catalog
from explorer.core.junit import JUnitCase, JUnitSuite, finding_line, findings_case
from explorer.core.words.messages import ENGLISH
from explorer.net.conformance import CheckResult, Outcome
from explorer.net.source.inspection import Inspection


def inspection_suite(inspection: Inspection, lang: str = ENGLISH) -> JUnitSuite:
    result = inspection.result
    suite = JUnitSuite(f"inspect {result.source_url or result.start_url}")
    suite.cases.append(
        findings_case(catalog.text("report.junit-source", lang), "inspect", result.findings, lang)
    )
    for node in result.documents():
        capability = node.capability or "document"
        findings = [*node.findings, *(f for channel in node.channels for f in channel.findings)]
        suite.cases.append(findings_case(node.url, f"inspect.{capability}", findings, lang))
    for record in inspection.not_applicable:
        suite.cases.append(
            JUnitCase(record.code, "inspect.not-applicable", skipped=record.describe(lang))
        )
    return suite


def conformance_suite(hub: str, results: Iterable[CheckResult], lang: str = ENGLISH) -> JUnitSuite:
    """FAIL is a failure, WARN passes with its findings in the output, NOT RUN is skipped."""
    suite = JUnitSuite(f"hub-check {hub}")
    for result in results:
        summary = result.summary_in(lang)
        details = "\n".join(finding_line(item, lang) for item in result.findings)
        case = JUnitCase(f"{result.check}: {result.title_in(lang)}", "hub-check")
        if result.outcome is Outcome.FAIL:
            case.failure = (catalog.text("report.junit-fail", lang, summary=summary), details)
        elif result.outcome is Outcome.NOT_RUN:
            case.skipped = summary  # it says "not run: …" itself, as <skipped> does
        elif result.outcome is Outcome.WARN:
            case.output = catalog.text("report.junit-warn", lang, summary=summary) + (
                "\n" + details if details else ""
            )
        suite.cases.append(case)
    return suite
