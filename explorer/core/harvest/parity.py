"""One resource seen through OAI-PMH and through ResourceSync: do the views agree?

The OAI side is a record's header (datestamp, deleted or not); the ResourceSync side is
the resource's latest state: its Resource List entry, replaced by any later Change List
entry (core 1.1 §12.1), a ``deleted`` change removing it. Four disagreements are named:

- ``only_oai``: a live record with no resource (a deleted record with none is both views
  agreeing that it is gone);
- ``only_resourcesync``: a live resource with no record;
- ``datestamp_differs``: both live, the OAI datestamp (the record's last change,
  OAI-PMH 2.0 §2.7.1) not the moment of ``lastmod``;
- ``deleted_differs``: deleted in one view only, or in both at different moments.

Datestamps are compared at the coarser of the two granularities: a day-granular endpoint
(``YYYY-MM-DD``) agrees with any ``lastmod`` on that UTC day; otherwise to the second.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from explorer.core.rules.datetimes import parse_w3c_datetime

ONLY_OAI = "only_oai"
ONLY_RESOURCESYNC = "only_resourcesync"
DATESTAMP_DIFFERS = "datestamp_differs"
DELETED_DIFFERS = "deleted_differs"
KINDS = (ONLY_OAI, ONLY_RESOURCESYNC, DATESTAMP_DIFFERS, DELETED_DIFFERS)
"""The parity table's sections, in the order the JSON and the text give them."""

CODES = {
    ONLY_OAI: "harvest.only-oai",
    ONLY_RESOURCESYNC: "harvest.only-resourcesync",
    DATESTAMP_DIFFERS: "harvest.datestamp-differs",
    DELETED_DIFFERS: "harvest.deleted-differs",
}
"""The finding code of each section."""

_DAY = 86_400


@dataclass(frozen=True, slots=True)
class OaiSide:
    datestamp: str
    deleted: bool


@dataclass(frozen=True, slots=True)
class ResourceSyncSide:
    """``stamp``: ``lastmod`` of a live resource, the change's datetime of a deleted one."""

    stamp: str | None
    deleted: bool


def judge(oai: OaiSide | None, resourcesync: ResourceSyncSide | None) -> str | None:
    """The section this resource belongs in, or None when the views agree (or cannot be
    compared: a live resource without ``lastmod``)."""
    if oai is None:
        if resourcesync is None or resourcesync.deleted:
            return None
        return ONLY_RESOURCESYNC
    if resourcesync is None:
        return None if oai.deleted else ONLY_OAI
    if oai.deleted != resourcesync.deleted:
        return DELETED_DIFFERS
    if resourcesync.stamp is None or same_moment(oai.datestamp, resourcesync.stamp):
        return None
    return DELETED_DIFFERS if oai.deleted else DATESTAMP_DIFFERS


def same_moment(datestamp: str, stamp: str) -> bool:
    """Whether an OAI datestamp and a W3C datetime name the same moment at the
    datestamp's granularity; an unreadable one never does."""
    oai = parse_w3c_datetime(datestamp)
    other = parse_w3c_datetime(stamp)
    if oai is None or other is None:
        return False
    if len(datestamp.strip()) == len("YYYY-MM-DD"):
        return math.floor(oai / _DAY) == math.floor(other / _DAY)
    return math.floor(oai) == math.floor(other)
