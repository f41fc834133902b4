"""Resource spot checks (``inspect --check-resources N``): do the listed resources match
their metadata?

From each Resource List or Change List a sample of N entries (spread evenly over the
list, so the start, the middle and the end are all seen) is requested: HEAD for status,
type, length and Last-Modified; GET as well when the entry has a hash, whose digest is
computed on the bytes. Deleted entries of a Change List are expected to be gone
(core 1.1 §12.1). Findings are added to the list's node, with the resource's URL.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from email.utils import parsedate_to_datetime
from typing import Any
from urllib.parse import urljoin

from explorer.core.digests import Digester, digest_mismatches, parse_hash
from explorer.core.findings import Finding, finding
from explorer.core.model import Entry
from explorer.core.rules import capabilities as caps
from explorer.core.rules.datetimes import parse_w3c_datetime
from explorer.net.http.fetcher import Fetcher, FetchResult
from explorer.net.source.crawl_budget import CrawlBudget
from explorer.net.source.crawl_tree import DocumentNode, NodeState

RESOURCE_BODY_CAP = 64 * 1024 * 1024
CHECKED_CAPABILITIES = frozenset({caps.RESOURCELIST, caps.CHANGELIST})
MANIFEST_CAPABILITIES = frozenset({caps.RESOURCEDUMP_MANIFEST, caps.CHANGEDUMP_MANIFEST})
CLOCK_SKEW = 1.0
"""Seconds of tolerance when comparing Last-Modified (whole seconds) with lastmod."""


def sample_entries(entries: list[Entry], count: int) -> list[Entry]:
    """``count`` entries spread evenly over the list (all of them when it is shorter)."""
    if count <= 0:
        return []  # before the copy below: a crawl that checks none drops millions of entries
    usable = [entry for entry in entries if entry.loc]
    if len(usable) <= count:
        return usable
    if count == 1:
        return [usable[0]]
    step = (len(usable) - 1) / (count - 1)
    return [usable[round(i * step)] for i in range(count)]


def keep_sampled_entries(
    node: DocumentNode, count: int, capabilities: frozenset[str] = CHECKED_CAPABILITIES
) -> None:
    """Keep only the entries ``check_resources`` would sample from a loaded list of one of
    ``capabilities``: a run that reports findings, unlike the GUI, has no use for the rest,
    and dropping them keeps a crawl of many large lists from holding them all
    (``node.entries`` still counts every entry)."""
    document = node.document
    if document is None or document.is_index or document.capability not in capabilities:
        return
    if node.entry_count is None:
        node.entry_count = len(document.entries)
    document.entries = sample_entries(document.entries, count)


async def check_resources(
    fetcher: Fetcher, node: DocumentNode, count: int, budget: CrawlBudget | None = None
) -> list[Finding]:
    """Spot-check ``count`` entries of a loaded list node; findings are also added to it.

    With the crawl's ``budget`` every request is one of its requests and each body is held
    in its memory while its digest is computed, so the checks of many lists share the
    crawl's limits; resources past them stay unchecked (the crawl's limit finding says so).
    """
    document = node.document
    if node.state is not NodeState.LOADED or document is None or document.is_index:
        return []
    if document.capability not in CHECKED_CAPABILITIES:
        return []
    chosen = sample_entries(document.entries, count)
    groups = await asyncio.gather(
        *(
            check_entry(fetcher, entry, urljoin(node.final_url, entry.loc or ""), budget)
            for entry in chosen
        )
    )
    found = [item for group in groups for item in group]
    node.findings.extend(found)
    return found


@asynccontextmanager
async def _fetching(
    fetcher: Fetcher, budget: CrawlBudget | None, url: str, **options: Any
) -> AsyncIterator[FetchResult | None]:
    """One request, through ``budget`` when there is one (None once it is spent)."""
    if budget is None:
        yield await fetcher.fetch(url, **options)
        return
    async with budget.fetch(fetcher, url, **options) as result:
        yield result


async def check_entry(
    fetcher: Fetcher, entry: Entry, url: str, budget: CrawlBudget | None = None
) -> list[Finding]:
    """Compare one resource with its entry's metadata."""
    if entry.change == "deleted":
        async with _fetching(fetcher, budget, url, method="HEAD") as head:
            if head is None or not head.ok:
                return []
            return [
                finding(
                    "http.resource-deleted-present",
                    line=entry.line,
                    url=url,
                    params={"url": url, "status": head.status},
                )
            ]
    expected_hashes = parse_hash(entry.hash)
    async with _fetching(fetcher, budget, url, method="HEAD") as head:
        if head is None:
            return []
        if not (head.status in (405, 501) or (head.ok and expected_hashes)):
            return _compared(entry, head, url, expected_hashes)
    options = {"max_bytes": RESOURCE_BODY_CAP, "use_cache": False}
    async with _fetching(fetcher, budget, url, **options) as got:
        return [] if got is None else _compared(entry, got, url, expected_hashes)


def _compared(
    entry: Entry, response: FetchResult, url: str, expected_hashes: dict[str, str]
) -> list[Finding]:
    if response.status != 200 or response.error is not None:
        return [
            finding(
                "http.resource-status",
                line=entry.line,
                url=url,
                params={"method": response.method, "url": url, "reason": response.problem()},
            )
        ]
    found: list[Finding] = []
    found.extend(_length(entry, response, url))
    found.extend(_type(entry, response, url))
    found.extend(_lastmod(entry, response, url))
    if expected_hashes and response.method == "GET" and not response.truncated:
        digester = Digester(tuple(expected_hashes))
        digester.update(response.body)
        problems = digest_mismatches(expected_hashes, digester.hexdigests())
        if problems:
            found.append(
                finding(
                    "http.resource-hash",
                    line=entry.line,
                    url=url,
                    params={"url": url, "problems": problems},
                )
            )
    return found


def _length(entry: Entry, response: FetchResult, url: str) -> list[Finding]:
    listed = entry.length
    if listed is None or not listed.strip().isdigit():
        return []
    if response.method == "GET":
        actual: int | None = len(response.body)
    elif response.headers.get("content-encoding", "identity").lower() == "identity":
        actual = response.content_length
    else:
        actual = None
    if actual is None or actual == int(listed):
        return []
    return [
        finding(
            "http.resource-length",
            line=entry.line,
            url=url,
            params={"url": url, "actual": actual, "listed": listed},
        )
    ]


def _type(entry: Entry, response: FetchResult, url: str) -> list[Finding]:
    listed = entry.type
    if not listed:
        return []
    actual = response.content_type
    if actual is None or actual == listed.split(";", 1)[0].strip().lower():
        return []
    return [
        finding(
            "http.resource-type",
            line=entry.line,
            url=url,
            params={"url": url, "actual": actual, "listed": listed},
        )
    ]


def _lastmod(entry: Entry, response: FetchResult, url: str) -> list[Finding]:
    listed = entry.lastmod or entry.datetime
    header = response.last_modified
    if not header:
        return []
    try:
        served = parsedate_to_datetime(header).timestamp()
    except (TypeError, ValueError):
        return [
            finding(
                "http.resource-last-modified-invalid",
                line=entry.line,
                url=url,
                params={"url": url, "header": header[:100], "listed": listed},
                variant="" if listed else "unlisted",
            )
        ]
    if not listed:
        return []
    when = parse_w3c_datetime(listed)
    if when is None or served <= when + CLOCK_SKEW:
        return []
    return [
        finding(
            "http.resource-lastmod",
            line=entry.line,
            url=url,
            params={"url": url, "header": header, "listed": listed},
        )
    ]
