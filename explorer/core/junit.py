"""JUnit XML, the test-result file CI servers show: a Source's findings as test cases.

One case per document (or per conformance check): a document with error findings (or a
check that FAILed) is a failure whose message is the first error and whose text lists
every error with its line and spec section; warnings and notes go to the case's
``system-out``, so they are seen but do not break the build; what did not run is
``skipped``. Pure: it builds the text, the caller writes it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from xml.etree import ElementTree

from explorer.core import catalog
from explorer.core.findings import Finding, Severity
from explorer.core.words.messages import ENGLISH, render_message, render_severity, render_spec


@dataclass(slots=True)
class JUnitCase:
    """One ``<testcase>``: ``failure`` is (message, text) when it failed, ``skipped`` the
    reason when it did not run, ``output`` its ``system-out``."""

    name: str
    classname: str
    failure: tuple[str, str] | None = None
    skipped: str | None = None
    output: str = ""


@dataclass(slots=True)
class JUnitSuite:
    name: str
    cases: list[JUnitCase] = field(default_factory=list)


def finding_line(item: Finding, lang: str = ENGLISH) -> str:
    """``SEVERITY CODE line N: message (spec)``: one finding in a failure or output text."""
    where = catalog.text("report.line", lang, line=item.line) if item.line is not None else ""
    cited = render_spec(item.spec, lang)
    spec = catalog.text("common.cited", lang, spec=cited) if cited else ""
    return (
        f"{render_severity(item.severity, lang)} {item.code}{where}: "
        f"{render_message(item, lang)}{spec}"
    )


def findings_case(
    name: str,
    classname: str,
    findings: Iterable[Finding],
    lang: str = ENGLISH,
    *,
    unreadable: str | None = None,
) -> JUnitCase:
    """A case for one document: failed when it has error findings or could not be read."""
    items = list(findings)
    errors = [item for item in items if item.severity is Severity.ERROR]
    others = [item for item in items if item.severity is not Severity.ERROR]
    case = JUnitCase(name, classname, output="\n".join(finding_line(i, lang) for i in others))
    lines = [finding_line(item, lang) for item in errors]
    if unreadable is not None:
        lines.insert(0, catalog.text("report.unreadable", lang, reason=unreadable))
    if lines:
        first = (
            lines[0]
            if len(lines) == 1
            else catalog.text("report.junit-errors", lang, count=len(lines), first=lines[0])
        )
        case.failure = (first, "\n".join(lines))
    return case


def junit_xml(suites: Iterable[JUnitSuite]) -> bytes:
    """The whole file, UTF-8, with the counts CI servers read on each suite and the root."""
    root = ElementTree.Element("testsuites")
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for suite in suites:
        counts = {
            "tests": len(suite.cases),
            "failures": sum(case.failure is not None for case in suite.cases),
            "errors": 0,
            "skipped": sum(case.skipped is not None for case in suite.cases),
        }
        attributes = {"name": suite.name, **{k: str(v) for k, v in counts.items()}}
        element = ElementTree.SubElement(root, "testsuite", attributes)
        for key, value in counts.items():
            totals[key] += value
        for case in suite.cases:
            _case(element, case)
    root.attrib.update({k: str(v) for k, v in totals.items()})
    ElementTree.indent(root)
    data: bytes = ElementTree.tostring(root, encoding="utf-8", xml_declaration=True)
    return data


def _case(suite: ElementTree.Element, case: JUnitCase) -> None:
    element = ElementTree.SubElement(suite, "testcase", name=case.name, classname=case.classname)
    if case.failure is not None:
        message, text = case.failure
        failed = ElementTree.SubElement(element, "failure", message=_clean(message))
        failed.text = _clean(text)
    if case.skipped is not None:
        ElementTree.SubElement(element, "skipped", message=_clean(case.skipped))
    if case.output:
        ElementTree.SubElement(element, "system-out").text = _clean(case.output)


def _clean(text: str) -> str:
    """XML 1.0 has no place for most control characters: a hostile document's bytes that
    reached a message are shown as U+FFFD rather than making the file unreadable."""
    return "".join(
        char
        if char in "\t\n\r"
        or (" " <= char <= "\ud7ff")
        or ("\ue000" <= char <= "\ufffd")
        or char >= "\U00010000"
        else "\ufffd"
        for char in text
    )
