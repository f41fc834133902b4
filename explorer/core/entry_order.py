"""Two faults inside one entry that the parser reads past, said with their fix.

``loc_not_first``: the Sitemap schema's ``<url>`` and ``<sitemap>`` give ``<loc>`` first,
and core 1.1 §7 Table 2 lists an entry's children in that order (loc, lastmod, changefreq,
rs:md, rs:ln). Publishers such as Stanford's POD write ``<rs:md>`` and ``<rs:ln>`` first;
lenient readers cope, schema validators and streaming readers that expect ``<loc>`` first
do not, so it is a warning, read anyway.

``md_repeated``: a second ``<rs:md>`` in an entry is ignored (core 1.1 §7 allows one);
when it carries what the first lacks (the change, typically), the fix is to merge them.
"""

from __future__ import annotations

from lxml import etree

from explorer.core.findings import Finding, finding


def element_name(el: etree._Element) -> str:
    """``<rs:md>``, ``<lastmod>``: the element as the document writes it."""
    local = etree.QName(el).localname
    return f"<{el.prefix}:{local}>" if el.prefix else f"<{local}>"


def loc_not_first(
    children: list[etree._Element], loc: etree._Element, entry_line: int | None
) -> Finding | None:
    """A warning when an element (not a comment) comes before the entry's first ``<loc>``."""
    for child in children:
        if child is loc:
            return None
        if isinstance(child.tag, str):
            before = element_name(child)
            parent = child.getparent()
            entry = element_name(parent) if parent is not None else "entry"
            return finding(
                "parse.loc-not-first",
                line=entry_line,
                params={"element": before, "entry": entry, "loc_line": loc.sourceline},
            )
    return None


def md_repeated(second: etree._Element, first: dict[str, str], entry_line: int | None) -> Finding:
    """``parse.entry-md-repeated``, naming the attributes that only the ignored second
    ``<rs:md>`` has, so "merge" is the fix the reader sees."""
    only_second = [name for name, _ in second.items() if name not in first]
    if not only_second:
        return finding(
            "parse.entry-md-repeated",
            line=second.sourceline,
            params={"line": entry_line, "element": "<rs:md>"},
        )
    attributes = " ".join(f'{name}="{second.get(name)}"' for name in only_second)
    return finding(
        "parse.entry-md-repeated",
        line=second.sourceline,
        params={"line": entry_line, "element": "<rs:md>", "attributes": attributes},
        variant="merge",
    )
