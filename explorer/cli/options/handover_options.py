"""Flags for the files handed to others: ``--base-url`` (a Source on disk), ``--report``
(HTML or CSV) and ``--junit``. Only parsing and writing here; the readers and writers are
in ``explorer/net`` and ``explorer/core``, where the window can call them too."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from explorer.cli.arguments import http_url, url_or_path
from explorer.cli.options.language_option import language_of, say
from explorer.core import catalog

if TYPE_CHECKING:  # the writers load when a file is asked for, not to parse the arguments
    from explorer.core.junit import JUnitSuite
    from explorer.net.source.disk_source import DiskSource
    from explorer.net.source.inspection import Inspection


def add_junit_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--junit",
        metavar="FILE",
        help=say("report.help-junit"),
    )


def add_handover_options(parser: argparse.ArgumentParser, *, base_url: bool = False) -> None:
    if base_url:
        parser.add_argument(
            "--base-url",
            type=http_url,
            metavar="URL",
            help=say("disk.help-base-url"),
        )
    parser.add_argument(
        "--report",
        type=report_path,
        action=_Once,
        metavar="FILE",
        help=say("report.help-report"),
    )
    add_junit_option(parser)


class _Once(argparse.Action):
    """An option that takes one file: a second use is refused, naming both, instead of
    the last one silently winning (the other report would never be written)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        earlier = getattr(namespace, self.dest, None)
        if earlier is not None:
            raise argparse.ArgumentError(
                self, say("report.given-twice", first=earlier, second=values)
            )
        setattr(namespace, self.dest, values)


def source_location(text: str) -> str:
    """``inspect``'s argument: an http(s) URL, a path, or a ``file:`` URL of a folder or
    document (read with ``--base-url``)."""
    return text if text.lower().startswith("file:") else url_or_path(text)


def report_path(text: str) -> str:
    """``--report``'s file: its suffix says the format."""
    from explorer.net.reports.export_formats import REPORT_FORMATS

    if REPORT_FORMATS.for_path(text) is None:
        raise argparse.ArgumentTypeError(catalog.text("report.unknown-format", path=text))
    return text


def disk_source_of(args: argparse.Namespace) -> DiskSource | None:
    """The Source on disk the arguments name, or None for an http(s) inspection; raises
    ``DiskSourceError`` with the fix when the folder or base URL cannot be used."""
    from explorer.net.source.disk_source import is_disk_location, open_disk_source

    if args.base_url is None and not is_disk_location(args.url):
        return None
    return open_disk_source(args.url, args.base_url)


def print_not_applicable(inspection: Inspection, out: TextIO, lang: str) -> None:
    """For a Source on disk: which folder was read as which URL, and the checks that need
    an HTTP server (or a URL outside the folder), so they are not taken for passes."""
    if inspection.disk is None:
        return
    disk = inspection.disk
    out.write(
        catalog.text("disk.heading", lang, folder=str(disk.folder), base_url=disk.base_url) + "\n"
    )
    out.write(catalog.text("disk.not-applicable-heading", lang) + "\n")
    for record in inspection.not_applicable:
        count = catalog.text("disk.count", lang, count=record.count) if record.count else ""
        out.write(f"  {record.describe(lang)}{count}\n")


def write_handover_files(args: argparse.Namespace, inspection: Inspection, command: str) -> bool:
    """Write ``--report`` and ``--junit`` if asked; False (after one line on stderr) when a
    file cannot be written. The writers are imported only when asked: the JUnit cases
    bring the hub checks and aiohttp, 0.3 s of CPU at the end of every ``inspect``."""
    lang = language_of(args)
    if args.report:
        from explorer.net.reports.export_formats import REPORT_FORMATS

        data = REPORT_FORMATS.choose(None, args.report).writer(inspection, lang)
        if not write_file(args.report, data, command, lang):
            return False
    if args.junit:
        from explorer.net.reports.junit_cases import inspection_suite

        return write_junit(args, [inspection_suite(inspection, lang)], command)
    return True


def write_junit(args: argparse.Namespace, suites: list[JUnitSuite], command: str) -> bool:
    """``--junit FILE`` for any command; True when not asked or written."""
    if not getattr(args, "junit", None):
        return True
    from explorer.core.junit import junit_xml  # only when asked: 30 ms of every start

    return write_file(args.junit, junit_xml(suites), command, language_of(args))


def write_file(path: str, data: bytes, command: str, lang: str) -> bool:
    try:
        Path(path).write_bytes(data)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        print(
            f"{command}: {catalog.text('report.cannot-write', lang, path=path, reason=reason)}",
            file=sys.stderr,
        )
        return False
    return True
