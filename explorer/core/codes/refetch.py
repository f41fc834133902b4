"""Codes of the refetch family: what in a Source's lists makes a harvester fetch resources
again (``plan``), each with the resources it concerns."""

from explorer.core.code_info import CodeInfo
from explorer.core.code_info import Severity as S

CODES: tuple[CodeInfo, ...] = (
    # A copy can only be compared by length and lastmod
    CodeInfo("refetch.no-hash", S.INFO, "core 1.1 §7.3"),
    CodeInfo("refetch.no-length", S.INFO, "core 1.1 §7.3"),
    # pod4lib/aggregator#335: resync-sync refetches deletes it cannot match
    CodeInfo("refetch.deleted-no-hash", S.WARNING, "core 1.1 §12.1"),
    CodeInfo("refetch.change-lists-repeat", S.INFO, "core 1.1 §12.1"),
    CodeInfo("refetch.resource-list-repeats", S.ERROR, "core 1.1 §10.1"),
    CodeInfo("refetch.undated-change", S.ERROR, "core 1.1 §12.1"),
)
