"""The OAI-PMH view and the ResourceSync view of one repository, read and compared.

``compare_views`` walks the ListRecords and crawls the Source, each side into the same
``ParityWork`` file, then joins them. A caller that crawls the Source anyway (``plan``)
passes ``ParityWork.add_document`` to its own streamed crawl and calls
``walk_list_records`` and ``finish`` itself instead, so the Source is read once.
"""

from __future__ import annotations

from dataclasses import dataclass

from explorer.core.harvest.oai_map import IdentifierMap
from explorer.net.http.fetcher import Fetcher
from explorer.net.oai.parity_work import ParityTable, ParityWork
from explorer.net.oai.walk import DEFAULT_PREFIX, OaiWalk, walk_list_records
from explorer.net.source.crawl_budget import CrawlLimits
from explorer.net.source.streamed_crawl import crawl_streamed


@dataclass(frozen=True, slots=True)
class ViewComparison:
    walk: OaiWalk
    table: ParityTable


async def compare_views(
    fetcher: Fetcher,
    source_url: str,
    oai_url: str,
    *,
    metadata_prefix: str = DEFAULT_PREFIX,
    mapping: IdentifierMap | None = None,
    limits: CrawlLimits | None = None,
) -> ViewComparison:
    """Walk the endpoint, crawl the Source, and give the walk's cost with the parity
    table (``OaiWalkError`` when the endpoint cannot be walked)."""
    with ParityWork(mapping) as work:
        walk = await walk_list_records(
            fetcher, oai_url, work.add_records, metadata_prefix=metadata_prefix
        )
        await crawl_streamed(source_url, fetcher, work.add_document, limits)
        return ViewComparison(walk, work.finish())
