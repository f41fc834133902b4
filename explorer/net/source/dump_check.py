"""Dump checks (``inspect --check-dumps``): download each package of a Resource Dump or
Change Dump and compare it with its ``manifest.xml`` (core 1.1 §11, §13).

The package is downloaded into an anonymous temporary file and read member by member,
never extracted: a path that would escape the package (absolute, ``..``, a drive letter —
"zip-slip") is reported, not followed. Downloads are capped (``DEFAULT_DUMP_BYTES``),
packages are checked one at a time, ``manifest.xml`` is refused when its declared or
actual inflated size passes the document limit (core 1.1 §7), and the total uncompressed
size read from one package is capped, so a ZIP bomb stops early.
"""

from __future__ import annotations

import asyncio
import io
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import BinaryIO
from urllib.parse import urljoin

from explorer.core.digests import Digester, digest_mismatches, parse_hash
from explorer.core.findings import CappedFindings, Finding, finding
from explorer.core.model import Document, Entry
from explorer.core.parser import MAX_ENTRIES
from explorer.core.rules import capabilities as caps
from explorer.core.safe_xml import MAX_DOCUMENT_BYTES
from explorer.core.validator import ValidationContext, check_bytes
from explorer.core.words.messages import said
from explorer.net.http.fetcher import Fetcher, FetchError, FetchResult
from explorer.net.http.http_findings import transport_findings
from explorer.net.http.spool import SPOOL_PREFIX
from explorer.net.source.crawl_budget import CrawlBudget
from explorer.net.source.crawl_tree import DocumentNode, NodeState
from explorer.net.source.download import Downloader
from explorer.net.source.zip_members import member_count

DEFAULT_DUMP_BYTES = 256 * 1024 * 1024
MAX_UNPACKED_BYTES = 1024 * 1024 * 1024
MAX_MANIFEST_BYTES = MAX_DOCUMENT_BYTES
"""A manifest is a Sitemap document: the parser's limit applies to it inflated."""
MAX_PACKAGE_MEMBERS = MAX_ENTRIES
"""Members of one package: a manifest lists at most as many entries as the parser reads,
so a package with more cannot be checked whole; counted before ``zipfile`` reads them."""
MAX_DIRECTORY_BYTES = 32 * 1024 * 1024
"""Bytes of the central directory (records with their names, extra fields and comments):
``zipfile`` holds them all, several times over, before any member is read; 100,000
members with ordinary names take about 10 MB."""
MANIFEST_NAME = "manifest.xml"
_CHUNK = 1024 * 1024

_MANIFEST_FOR = {
    caps.RESOURCEDUMP: caps.RESOURCEDUMP_MANIFEST,
    caps.CHANGEDUMP: caps.CHANGEDUMP_MANIFEST,
}


@dataclass(slots=True)
class PackageReport:
    """What one package held: its manifest (None when unreadable) and the findings."""

    url: str
    manifest: Document | None = None
    findings: list[Finding] = field(default_factory=list)


def unsafe_path(name: str) -> bool:
    """Would this member path land outside the package when extracted?"""
    if "\\" in name or name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        return True
    return ".." in name.split("/")


def check_package(
    data: bytes | BinaryIO,
    url: str,
    manifest_capability: str | None = None,
    max_unpacked: int = MAX_UNPACKED_BYTES,
    max_manifest: int = MAX_MANIFEST_BYTES,
) -> PackageReport:
    """Check a ZIP package (its bytes, or a seekable file holding them) against its
    top-level ``manifest.xml``; no network I/O."""
    report = PackageReport(url)
    file = io.BytesIO(data) if isinstance(data, bytes) else data
    directory = member_count(file, MAX_PACKAGE_MEMBERS, MAX_DIRECTORY_BYTES)
    if directory is not None and directory.count > MAX_PACKAGE_MEMBERS:
        report.findings.append(_too_many_members(url))
        return report
    if directory is not None and directory.size > MAX_DIRECTORY_BYTES:
        report.findings.append(
            finding(
                "http.dump-directory-too-large",
                url=url,
                params={"url": url, "limit": MAX_DIRECTORY_BYTES},
            )
        )
        return report
    try:
        archive = zipfile.ZipFile(file)
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        report.findings.append(
            finding("http.dump-not-zip", url=url, params={"url": url, "reason": exc})
        )
        return report
    with archive:
        members = {info.filename: info for info in archive.infolist() if not info.is_dir()}
        for name in members:
            if unsafe_path(name):
                report.findings.append(
                    finding(
                        "http.dump-path-escape",
                        url=url,
                        params={"url": url, "name": name},
                    )
                )
        if MANIFEST_NAME not in members:
            report.findings.append(
                finding(
                    "http.dump-no-manifest",
                    url=url,
                    params={"url": url},
                )
            )
            return report
        budget = _Budget(max_unpacked)
        manifest_info = members[MANIFEST_NAME]
        if manifest_info.file_size > max_manifest:
            report.findings.append(_manifest_too_large(url, manifest_info.file_size))
            return report
        try:
            manifest_bytes = _read_member(archive, manifest_info, budget, max_manifest)
        except _MemberTooLarge:
            report.findings.append(_manifest_too_large(url, max_manifest, "over"))
            return report
        if manifest_bytes is None:
            report.findings.append(
                finding(
                    "http.dump-manifest-invalid",
                    url=url,
                    params={"url": url},
                )
            )
            return report
        context = ValidationContext(
            declared_capability=manifest_capability, url=f"{url}#{MANIFEST_NAME}"
        )
        checked = check_bytes(manifest_bytes, context)
        if checked.document is None:
            report.findings.append(
                finding(
                    "http.dump-manifest-invalid",
                    url=url,
                    params={
                        "url": url,
                        "reason": (
                            checked.findings[0]
                            if checked.findings
                            else said("http.dump-manifest-invalid-unknown")
                        ),
                    },
                    variant="unparsed",
                )
            )
            return report
        report.manifest = checked.document
        report.findings.extend(checked.findings)
        listed = _check_entries(archive, members, checked.document, url, budget, report)
        for name in members:
            if name != MANIFEST_NAME and name not in listed and not unsafe_path(name):
                report.findings.append(
                    finding(
                        "http.dump-unlisted-file",
                        url=url,
                        params={"url": url, "name": name},
                    )
                )
    return report


def _check_entries(
    archive: zipfile.ZipFile,
    members: dict[str, zipfile.ZipInfo],
    manifest: Document,
    url: str,
    budget: _Budget,
    report: PackageReport,
) -> set[str]:
    listed: set[str] = set()
    for entry in manifest.entries:
        path = entry.path
        if not path:
            continue  # the validator reports a manifest entry without path
        name = path[1:] if path.startswith("/") else path
        if unsafe_path(name) or name == "":
            report.findings.append(
                finding(
                    "http.dump-path-escape",
                    line=entry.line,
                    url=url,
                    params={"url": url, "name": path},
                    variant="manifest",
                )
            )
            continue
        listed.add(name)
        info = members.get(name)
        if info is None:
            report.findings.append(
                finding(
                    "http.dump-missing-file",
                    line=entry.line,
                    url=url,
                    params={"url": url, "path": path, "loc": entry.loc},
                )
            )
            continue
        report.findings.extend(_compare(archive, info, entry, url, budget))
    return listed


def _compare(
    archive: zipfile.ZipFile, info: zipfile.ZipInfo, entry: Entry, url: str, budget: _Budget
) -> list[Finding]:
    found: list[Finding] = []
    length = entry.length
    if length is not None and length.strip().isdigit() and int(length) != info.file_size:
        found.append(
            finding(
                "http.dump-length",
                line=entry.line,
                url=url,
                params={
                    "url": url,
                    "name": info.filename,
                    "size": info.file_size,
                    "listed": length,
                },
            )
        )
    expected = parse_hash(entry.hash)
    if not expected:
        return found
    digester = Digester(tuple(expected))
    if not _stream_member(archive, info, budget, digester.update):
        return found
    problems = digest_mismatches(expected, digester.hexdigests())
    if problems:
        found.append(
            finding(
                "http.dump-hash",
                line=entry.line,
                url=url,
                params={"url": url, "name": info.filename, "problems": problems},
            )
        )
    return found


def _too_many_members(url: str) -> Finding:
    return finding(
        "http.dump-too-many-members",
        url=url,
        params={"url": url, "limit": MAX_PACKAGE_MEMBERS},
    )


def _manifest_too_large(url: str, size: int, variant: str = "") -> Finding:
    """``manifest.xml`` inflates to ``size`` bytes (variant ``over``: to more than that)."""
    return finding(
        "http.dump-member-too-large",
        url=url,
        params={"url": url, "size": size},
        variant=variant,
    )


class _Budget:
    """Uncompressed bytes still allowed for one package."""

    def __init__(self, remaining: int) -> None:
        self.remaining = remaining


def _stream_member(
    archive: zipfile.ZipFile, info: zipfile.ZipInfo, budget: _Budget, sink: Callable[[bytes], None]
) -> bool:
    try:
        with archive.open(info) as stream:
            while chunk := stream.read(_CHUNK):
                budget.remaining -= len(chunk)
                if budget.remaining < 0:
                    return False
                sink(chunk)
    except (zipfile.BadZipFile, OSError, NotImplementedError, RuntimeError, EOFError):
        return False
    return True


def _read_member(
    archive: zipfile.ZipFile, info: zipfile.ZipInfo, budget: _Budget, cap: int
) -> bytes | None:
    """The member's inflated bytes, counted while read (the header's size is not trusted);
    None when it cannot be read. Raises ``_MemberTooLarge`` past ``cap``."""
    buffer = bytearray()

    def keep(chunk: bytes) -> None:
        if len(buffer) + len(chunk) > cap:
            raise _MemberTooLarge
        buffer.extend(chunk)

    return bytes(buffer) if _stream_member(archive, info, budget, keep) else None


class _MemberTooLarge(Exception):
    """Raised from inside ``_stream_member`` to stop reading at a member's cap."""


async def check_dumps(
    fetcher: Fetcher,
    node: DocumentNode,
    max_bytes: int = DEFAULT_DUMP_BYTES,
    budget: CrawlBudget | None = None,
) -> list[Finding]:
    """Download and check every package of a loaded dump node; findings go on the node.

    With the crawl's ``budget``, each package is one of its requests and its bytes come
    out of its byte limit (a package is cut at what is left), so checking dumps cannot
    read more than the crawl was allowed to."""
    document = node.document
    if node.state is not NodeState.LOADED or document is None or document.is_index:
        return []
    manifest_capability = _MANIFEST_FOR.get(document.capability or "")
    if manifest_capability is None:
        return []
    found = CappedFindings()  # per code, as in a document: a package may list millions
    async with Downloader(
        fetcher.timeouts, fetcher.max_redirects, access=fetcher.access, transport=fetcher.transport
    ) as downloader:
        for entry in document.entries:  # one at a time: each may inflate a manifest
            if not entry.loc:
                continue
            cap = max_bytes
            if budget is not None:
                cap = min(cap, budget.room_for_download())
                if cap <= 0 or not budget.take_document():
                    found.append(budget.limit_finding(node.final_url))
                    break
            checked, size = await _check_one(downloader, node, entry, manifest_capability, cap)
            if budget is not None:
                budget.charge(size)
                if cap < max_bytes and any(f.code == "http.dump-too-large" for f in checked):
                    # too large for what the crawl had left, not for the package limit
                    budget.spend_bytes()
                    found.append(budget.limit_finding(node.final_url))
                    break
            found.extend(checked)
    capped = [*found, *found.summaries("document.findings-capped")]
    node.findings.extend(capped)
    return capped


async def _check_one(
    downloader: Downloader,
    node: DocumentNode,
    entry: Entry,
    manifest_capability: str,
    max_bytes: int,
) -> tuple[list[Finding], int]:
    """The package's findings and the bytes downloaded for it."""
    url = urljoin(node.final_url, entry.loc or "")
    with tempfile.TemporaryFile(prefix=SPOOL_PREFIX) as file:
        result = await downloader.download(url, file, max_bytes=max_bytes)
        size = file.tell()
        if result.error is not None or not result.ok:
            return _download_findings(result, url, max_bytes, entry), size
        found: list[Finding] = []
        listed = entry.length
        if listed is not None and listed.strip().isdigit() and int(listed) != size:
            found.append(
                finding(
                    "http.dump-package-length",
                    line=entry.line,
                    url=url,
                    params={"url": url, "size": size, "listed": listed},
                )
            )
        report = await asyncio.to_thread(check_package, file, url, manifest_capability)
    found.extend(report.findings)
    if report.manifest is not None:
        found.extend(_compare_contents_link(node, entry, report.manifest, url))
    return found, size


def _download_findings(
    result: FetchResult, url: str, max_bytes: int, entry: Entry
) -> list[Finding]:
    if result.error is FetchError.TOO_LARGE:
        return [
            finding(
                "http.dump-too-large",
                line=entry.line,
                url=url,
                params={"url": url, "limit": max_bytes},
            )
        ]
    return transport_findings(result)


def _compare_contents_link(
    node: DocumentNode, entry: Entry, packaged: Document, url: str
) -> list[Finding]:
    """The manifest linked with rel="contents" must match the one inside (core 1.1 §11.1)."""
    found: list[Finding] = []
    for link in entry.links_with("contents"):
        target = urljoin(node.final_url, link.href or "")
        linked = next((c for c in node.children if c.url == target and c.document), None)
        if linked is None or linked.document is None:
            continue
        if _manifest_key(linked.document) != _manifest_key(packaged):
            found.append(
                finding(
                    "http.dump-contents-differ",
                    line=link.line,
                    url=url,
                    params={"url": url, "target": target},
                )
            )
    return found


def _manifest_key(document: Document) -> list[tuple[str | None, str | None, str | None]]:
    return sorted((e.loc, e.path, e.hash) for e in document.entries)
