"""``resourcesync-explorer validate TARGET... [--json]``: validate documents (issue 2 §5).

A TARGET is a file or an http(s) URL (one plain GET). Output is one line per finding,
``TARGET:LINE: SEVERITY CODE message (spec section)``, then a summary line per target;
``--json`` prints one object instead. Exit status: 0 no errors, 1 error findings (an
unparseable document is an error finding), 2 a target could not be read at all.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from explorer import __version__
from explorer.core.findings import Finding, Severity, count_by_severity
from explorer.core.parser import MAX_DOCUMENT_BYTES
from explorer.core.validator import ValidationContext, check_bytes

EXIT_OK, EXIT_FINDINGS, EXIT_UNUSABLE = 0, 1, 2
TIMEOUT = httpx.Timeout(30.0, connect=10.0)
# Read a little past the parser's limit so that it can report the document as too large.
READ_LIMIT = MAX_DOCUMENT_BYTES + 1


class Unreadable(Exception):
    """The target could not be read at all: no such file, connection refused, HTTP error."""


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
            "findings": [_finding_json(item) for item in self.findings],
        }
        if self.error is not None:
            data["error"] = self.error
        return data


def _finding_json(item: Finding) -> dict[str, Any]:
    return {
        "severity": str(item.severity),
        "code": item.code,
        "line": item.line,
        "message": item.message,
        "spec": item.spec,
    }


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "targets", nargs="+", metavar="TARGET", help="a document file or an http(s) URL"
    )
    parser.add_argument(
        "--json", action="store_true", help="print one JSON object instead of text lines"
    )


def is_url(target: str) -> bool:
    return target.lower().startswith(("http://", "https://"))


def read_target(target: str, client: httpx.Client | None = None) -> bytes:
    """The bytes of a file or of a URL's response body; raises ``Unreadable``."""
    if not is_url(target):
        try:
            with Path(target).open("rb") as handle:
                return handle.read(READ_LIMIT)
        except OSError as exc:
            raise Unreadable(exc.strerror or str(exc)) from exc
    own = client is None
    client = client or _client()
    try:
        with client.stream("GET", target) as response:
            if response.status_code >= 400:
                raise Unreadable(f"HTTP {response.status_code} {response.reason_phrase}".strip())
            body = bytearray()
            for chunk in response.iter_bytes():
                body += chunk
                if len(body) >= READ_LIMIT:
                    break
            return bytes(body[:READ_LIMIT])
    except httpx.HTTPError as exc:
        raise Unreadable(
            f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
        ) from exc
    finally:
        if own:
            client.close()


def _client() -> httpx.Client:
    return httpx.Client(
        timeout=TIMEOUT,
        follow_redirects=True,
        headers={"User-Agent": f"ResourceSync-Explorer/{__version__}"},
    )


def validate_target(target: str, client: httpx.Client | None = None) -> TargetReport:
    report = TargetReport(target)
    try:
        data = read_target(target, client)
    except Unreadable as exc:
        report.error = str(exc)
        return report
    context = ValidationContext(url=target if is_url(target) else None)
    result = check_bytes(data, context)
    report.findings = result.findings
    if result.document is not None:
        report.root = result.document.root
        report.capability = result.document.capability
        report.entries = len(result.document.entries)
    return report


def format_finding(target: str, item: Finding) -> str:
    where = f"{target}:{item.line}:" if item.line is not None else f"{target}:"
    spec = f" ({item.spec})" if item.spec else ""
    return f"{where} {item.severity} {item.code} {item.message}{spec}"


def format_summary(report: TargetReport) -> str:
    if report.error is not None:
        return f"{report.target}: cannot read: {report.error}"
    counts = count_by_severity(report.findings)
    what = report.capability or "no capability"
    shape = f"{what} ({report.root})" if report.root else "not parsed"
    tally = ", ".join(
        f"{counts[severity]} {_PLURAL[severity] if counts[severity] != 1 else severity}"
        for severity in (Severity.ERROR, Severity.WARNING, Severity.INFO)
    )
    return f"{report.target}: {shape}, {report.entries} entries: {tally}"


_PLURAL = {Severity.ERROR: "errors", Severity.WARNING: "warnings", Severity.INFO: "info"}


def exit_code(reports: list[TargetReport]) -> int:
    if any(report.error is not None for report in reports):
        return EXIT_UNUSABLE
    if any(item.severity is Severity.ERROR for report in reports for item in report.findings):
        return EXIT_FINDINGS
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    targets: list[str] = args.targets
    with _client() if any(is_url(t) for t in targets) else _NoClient() as client:
        reports = []
        for target in targets:
            report = validate_target(target, client)
            reports.append(report)
            if not args.json:
                for item in report.findings:
                    print(format_finding(target, item))
                stream = sys.stderr if report.error is not None else sys.stdout
                print(format_summary(report), file=stream)
    if args.json:
        print(json.dumps({"targets": [report.to_json() for report in reports]}, indent=2))
    return exit_code(reports)


class _NoClient:
    """Stands in for the HTTP client when every target is a file."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None
