"""``resourcesync-explorer validate TARGET... [--json]``: validate documents.

A TARGET is a file or an http(s) URL (one plain GET). Output is one line per finding code,
``TARGET:LINE: SEVERITY CODE message (spec section)``, ending in ``[N times, lines ...]``
when the code occurs more than once, then a summary line per target; ``--json`` prints
one object instead, each finding with its ``count`` and every occurrence's ``lines``.
Exit status: 0 no errors, 1 error findings (an unparseable document is an error finding),
2 a target could not be read at all.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from explorer.cli.arguments import (
    InputError,
    fail,
    positive_seconds,
    read_regular_file,
    url_or_path,
)
from explorer.cli.options.handover_options import add_junit_option, write_junit
from explorer.cli.options.language_option import (
    add_language_option,
    cited_and_counted,
    language_of,
    say,
)
from explorer.cli.options.network_options import (
    NetworkOptionsError,
    add_network_options,
    network_access,
    network_wanted,
)
from explorer.core import catalog
from explorer.core.catalog import text
from explorer.core.document_limits import MAX_DOCUMENT_BYTES
from explorer.core.finding_groups import FindingGroup, group_findings
from explorer.core.findings import Finding, Severity, count_by_severity, finding
from explorer.core.words.messages import ENGLISH, render_message, render_severity

# A local file needs none of the network stack (loaded in _fetch), and the validator (lxml)
# loads once a target was read: a refused invocation, or a target that cannot be read,
# never imports it.
if TYPE_CHECKING:
    from explorer.net.http.network_access import NetworkAccess

EXIT_OK, EXIT_FINDINGS, EXIT_UNUSABLE = 0, 1, 2
DEFAULT_TIMEOUT = 30.0
"""Seconds one URL may take, connect to last byte, redirects included."""
# Read a little past the parser's limit so that it can report the document as too large.
READ_LIMIT = MAX_DOCUMENT_BYTES + 1


class Unreadable(Exception):
    """The target could not be read at all: no such file, connection refused, HTTP error."""


class Refused(Unreadable):
    """The URL answered 401 or 403: unreadable, with a finding that says how to get in."""

    def __init__(self, refusal: Finding) -> None:
        super().__init__(refusal.message)
        self.finding = refusal


class TooLarge(Exception):
    """The URL's body, decoded, is larger than a document may be: a finding, not a crash."""


@dataclass(slots=True)
class TargetReport:
    target: str
    root: str | None = None
    capability: str | None = None
    entries: int = 0
    findings: list[Finding] = field(default_factory=list)
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "target": self.target,
            "root": self.root,
            "capability": self.capability,
            "entries": self.entries,
            "findings": [_group_json(group) for group in group_findings(self.findings)],
        }
        if self.error is not None:
            data["error"] = self.error
        return data


def _group_json(group: FindingGroup) -> dict[str, Any]:
    item = group.first
    return {
        "severity": str(item.severity),
        "code": item.code,
        "line": item.line,
        "message": item.message,
        "spec": item.spec,
        "count": group.count,
        "lines": group.lines,
    }


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "targets",
        nargs="+",
        type=url_or_path,
        metavar="TARGET",
        help=say("cli.validate.target"),
    )
    parser.add_argument("--json", action="store_true", help=say("cli.validate.json"))
    parser.add_argument(
        "--timeout",
        type=positive_seconds,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=say("cli.validate.timeout", default=DEFAULT_TIMEOUT),
    )
    add_network_options(parser)
    add_language_option(parser)
    add_junit_option(parser)


def is_url(target: str) -> bool:
    return target.lower().startswith(("http://", "https://"))


def read_target(
    target: str, timeout: float = DEFAULT_TIMEOUT, access: NetworkAccess | None = None
) -> bytes:
    """The bytes of a file or of a URL's decoded response body; raises ``Unreadable``, or
    ``TooLarge`` for a URL whose body decodes past the document limit."""
    if not is_url(target):
        try:
            return read_regular_file(target, READ_LIMIT)
        except InputError as exc:
            raise Unreadable(exc.reason) from exc
    import asyncio

    return asyncio.run(_fetch(target, timeout, access))


async def _fetch(url: str, timeout: float, access: NetworkAccess | None) -> bytes:
    """One GET (redirects followed, no retries) through the bounded Fetcher: the body is
    decoded within ``READ_LIMIT`` and the whole exchange ends within ``timeout``."""
    import asyncio

    import httpx

    from explorer.core.auth import auth_finding
    from explorer.net.http.fetcher import Fetcher, FetchError, Timeouts

    limits = Timeouts(connect=min(timeout, 10.0), read=timeout, total=timeout)
    async with Fetcher(timeout=limits, retries=0, max_bytes=READ_LIMIT, access=access) as fetcher:
        try:
            async with asyncio.timeout(timeout):
                result = await fetcher.fetch(url, use_cache=False)
        except TimeoutError:
            raise Unreadable(say("cli.validate.no-answer", seconds=timeout)) from None
    if result.error is FetchError.TOO_LARGE:
        raise TooLarge(result.detail)
    if result.error is FetchError.TIMEOUT:
        raise Unreadable(say("cli.validate.no-answer", seconds=timeout))
    if result.error is not None:
        raise Unreadable(result.describe_error())
    assert result.status is not None
    if result.status in (401, 403):
        www_authenticate = result.headers.get_list("www-authenticate")
        raise Refused(
            auth_finding(
                url, result.status, www_authenticate, credentials_sent=result.credentials_sent
            )
        )
    if result.status >= 400:
        raise Unreadable(f"HTTP {result.status} {httpx.codes.get_reason_phrase(result.status)}")
    return result.body


@contextmanager
def cyclic_gc_off() -> Iterator[None]:
    """One target read and checked with the cyclic garbage collector off. A document's
    entries hold no reference cycles and are freed by their reference counts when its
    report is made, so any collection while they live only walks them: the parser's
    promotion after each batch of entries, then one full collection of them all, about
    40 ms of CPU for a 50,000-entry list (``gc.callbacks``, 151 collections and one
    full one). The parser skips its promotions when it finds the collector off
    (``explorer.core.parser``); cycles a target does leave (a URL's connection) are
    collected once the collector is back on."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def validate_target(
    target: str, timeout: float = DEFAULT_TIMEOUT, access: NetworkAccess | None = None
) -> TargetReport:
    report = TargetReport(target)
    try:
        data = read_target(target, timeout, access)
    except Unreadable as exc:
        report.error = str(exc)
        if isinstance(exc, Refused):
            report.findings = [exc.finding]
        return report
    except TooLarge as exc:
        report.findings = [
            finding(
                "http.too-large",
                f"{target}: {exc}",
                url=target,
                params={"url": target, "reason": str(exc)},
            )
        ]
        return report
    from explorer.core.validator import ValidationContext, check_bytes

    context = ValidationContext(url=target if is_url(target) else None)
    result = check_bytes(data, context)
    report.findings = result.findings
    if result.document is not None:
        report.root = result.document.root
        report.capability = result.document.capability
        report.entries = len(result.document.entries)
    return report


def format_finding(target: str, group: FindingGroup, lang: str = ENGLISH) -> str:
    """One line per code: the first occurrence, and how many more and where."""
    item = group.first
    where = f"{target}:{item.line}:" if item.line is not None else f"{target}:"
    severity = render_severity(item.severity, lang)
    tail = cited_and_counted(group, lang)
    return f"{where} {severity} {item.code} {render_message(item, lang)}{tail}"


def format_summary(report: TargetReport, lang: str = ENGLISH) -> str:
    if report.error is not None:
        # refused (401/403): its finding, just printed, says why in the reader's language
        key = "cli.validate.refused" if report.findings else "cli.validate.unreadable"
        return text(key, lang, target=report.target, reason=report.error)
    counts = count_by_severity(report.findings)
    if report.root:
        what = report.capability or text("cli.validate.no-capability", lang)
        shape = text("cli.validate.shape", lang, what=what, root=report.root)
    else:
        shape = text("cli.validate.not-parsed", lang)
    tally = text("common.list-separator", lang).join(
        text(f"cli.validate.{severity}-{'one' if count == 1 else 'many'}", lang, count=count)
        for severity, count in counts.items()
    )
    entries = catalog.counted("counts.entry", report.entries, lang)
    return text(
        "cli.validate.summary",
        lang,
        target=report.target,
        shape=shape,
        entries=entries,
        tally=tally,
    )


def exit_code(reports: list[TargetReport]) -> int:
    if any(report.error is not None for report in reports):
        return EXIT_UNUSABLE
    if any(item.severity is Severity.ERROR for report in reports for item in report.findings):
        return EXIT_FINDINGS
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    targets: list[str] = args.targets
    try:
        access = (
            network_access(args, targets, "validate") if network_wanted(args, targets) else None
        )
    except NetworkOptionsError as exc:
        return fail("validate", str(exc))
    reports = []
    for target in targets:
        with cyclic_gc_off():
            report = validate_target(target, args.timeout, access)
        reports.append(report)
        if not args.json:
            for group in group_findings(report.findings):
                print(format_finding(target, group, language_of(args)))
            stream = sys.stderr if report.error is not None else sys.stdout
            print(format_summary(report, language_of(args)), file=stream)
    if args.json:
        print(json.dumps({"targets": [report.to_json() for report in reports]}, indent=2))
    if args.junit and not _write_junit(args, reports):
        return EXIT_UNUSABLE
    return exit_code(reports)


def _write_junit(args: argparse.Namespace, reports: list[TargetReport]) -> bool:
    """``--junit FILE``: one case per target. Its writer is imported only here, so a run
    without it starts as fast as a script does."""
    from explorer.core.junit import JUnitSuite, findings_case

    cases = [
        findings_case(r.target, "validate", r.findings, language_of(args), unreadable=r.error)
        for r in reports
    ]
    return write_junit(args, [JUnitSuite("validate", cases)], "validate")
