"""Codes from planning a harvest: what an incremental harvester would miss, and where a
repository's OAI-PMH view and its ResourceSync view disagree."""

from explorer.core.code_info import CodeInfo
from explorer.core.code_info import Severity as S

CODES: tuple[CodeInfo, ...] = (
    # Incremental safety: a Change List entry new since a stored snapshot, dated before it
    CodeInfo("harvest.backdated-change", S.WARNING, "core 1.1 §12.1"),
    # The windows of a Change List Index's lists (from/until)
    CodeInfo("harvest.window-gap", S.WARNING, "core 1.1 §12.2"),
    CodeInfo("harvest.window-overlap", S.WARNING, "core 1.1 §12.2"),
    # The parity table between the OAI-PMH and the ResourceSync views
    CodeInfo("harvest.only-oai", S.WARNING, None),
    CodeInfo("harvest.only-resourcesync", S.WARNING, None),
    CodeInfo("harvest.datestamp-differs", S.WARNING, None),
    CodeInfo("harvest.deleted-differs", S.WARNING, None),
    CodeInfo("harvest.map-guessed", S.INFO, None),
)
