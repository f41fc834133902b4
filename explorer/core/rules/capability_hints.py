"""``capability="changelistindex"`` and the like: an index is said by its root, not its
capability. A Change List Index is a ``<sitemapindex>`` with ``capability="changelist"``
(core 1.1 §12.2), a Resource List Index one with ``capability="resourcelist"`` (§10.2);
the same holds for dumps (§11, §13). The list of every allowed value does not tell a
publisher that, so this names the one value to use."""

from __future__ import annotations

from explorer.core.findings import Finding, finding
from explorer.core.rules import capabilities as caps

_SECTIONS = {
    caps.RESOURCELIST: "§10.2",
    caps.CHANGELIST: "§12.2",
    caps.RESOURCEDUMP: "§11",
    caps.CHANGEDUMP: "§13",
}


def index_capability(value: str) -> str | None:
    """``changelist`` for ``changelistindex``, ``ChangeList-Index``, ``changelist_index``."""
    squeezed = value.lower().replace("-", "").replace("_", "").replace(" ", "")
    if not squeezed.endswith("index"):
        return None
    base = squeezed.removesuffix("index")
    return base if base in _SECTIONS else None


def index_capability_finding(
    code: str, value: str, line: int | None, params: dict[str, object]
) -> Finding | None:
    """``code``'s "index" variant when ``value`` names an index kind, else None."""
    base = index_capability(value)
    if base is None:
        return None
    name = caps.display_name(base, is_index=True)
    section = _SECTIONS[base]
    return finding(
        code,
        line=line,
        params={**params, "index_name": name, "base": base, "section": section},
        variant="index",
    )
