"""What a plan is asked for, in the command's words and the window's alike."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from explorer.core.audit_rules import Mapping
from explorer.core.harvest.oai_map import IdentifierMap
from explorer.core.plan.profiles import RESYNC_SYNC, Profile

if TYPE_CHECKING:  # the command imports this module to parse its arguments: no network yet
    from explorer.net.source.crawl_budget import CrawlLimits

DEFAULT_METADATA_PREFIX = "oai_dc"


@dataclass(slots=True)
class PlanOptions:
    """What a plan is asked for; the names are the command's options' (``--from`` is
    ``since``, ``--dest``/``--map`` are ``mappings``). ``plan_reading`` is the run's
    working files, set while a plan is made (``checks.open_reading``)."""

    profile: Profile = field(default_factory=lambda: Profile(RESYNC_SYNC))
    delay: float = 0.0
    since: float | None = None
    mappings: list[Mapping] | None = None
    """The local copy (``--map`` prefixes in order, then ``--dest`` for the host root)."""
    store: Path | None = None
    oai: str | None = None
    oai_map: IdentifierMap | None = None
    metadata_prefix: str = DEFAULT_METADATA_PREFIX
    max_documents: int | None = None
    """At most this many documents read (None: the crawl's own limit)."""
    plan_reading: object = None
    """A ``checks.Reading`` while a plan is made (its own type: that module reads this one)."""

    def limits(self) -> CrawlLimits:
        """The crawl's limits with ``max_documents``."""
        from explorer.net.source.crawl_budget import CrawlLimits

        if self.max_documents is None:
            return CrawlLimits()
        return CrawlLimits(max_documents=self.max_documents)
