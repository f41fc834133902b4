"""One finished inspection, as the report, JUnit and JSON writers take it: the crawl's
result, when it started, and for a Source on disk the folder and what could not apply."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from explorer.core.findings import Finding
from explorer.net.source.crawl_tree import CrawlResult
from explorer.net.source.disk_source import DiskSource, NotApplicable, disk_json


@dataclass(slots=True)
class Inspection:
    result: CrawlResult
    started: datetime
    disk: DiskSource | None = None
    not_applicable: list[NotApplicable] = field(default_factory=list)
    resource_sample: int = 0
    """``--check-resources N``: how many resources of each list were checked (0: none)."""
    dumps_checked: bool = False

    def to_json(self) -> dict[str, Any]:
        """The ``inspect --json`` object: the crawl's, plus ``disk`` and ``not_applicable``
        for a Source on disk (an HTTP inspection's object is unchanged)."""
        data = self.result.to_json()
        if self.disk is not None:
            data.update(disk_json(self.disk, self.not_applicable))
        return data


@dataclass(frozen=True, slots=True)
class Located:
    """A finding and where it was reported: the document (None for Source-wide findings)
    and the channel's topic when it is about a notification channel."""

    finding: Finding
    document: str | None
    channel: str | None = None


def located_findings(result: CrawlResult) -> list[Located]:
    """Every finding of ``result`` in ``all_findings`` order, with its place."""
    found = [Located(item, None) for item in result.findings]
    for node in result.nodes():
        found.extend(Located(item, node.url) for item in node.findings)
        for channel in node.channels:
            found.extend(Located(item, node.url, channel.topic) for item in channel.findings)
    return found
