"""The ``resync`` consumer: what the ResourceSync reference client (resync 2.0.1,
``Sitemap.parse_xml``) reads, and when it refuses the whole document.

It is lax about what it does not look for and strict about what it does: one exception
(a missing or repeated ``<loc>``, a lastmod it cannot read as a W3C datetime, an
``<rs:md>`` after the first ``<url>``, a bad ``length`` …) and the client reads nothing.
"""

from __future__ import annotations

from lxml import etree

from explorer.core.consumers.value_checks import is_w3c_datetime_for_resync
from explorer.core.consumers.verdict import SM, Verdict
from explorer.core.findings import finding
from explorer.core.model import RS_NS

_RS = "{" + RS_NS + "}"
_CHANGES = ("created", "updated", "deleted")
_LOC, _LASTMOD, _MD, _LN = SM + "loc", SM + "lastmod", _RS + "md", _RS + "ln"


def _is_int(value: str) -> bool:
    """Python's ``int()`` on the text, as the client calls it."""
    try:
        int(value)
    except ValueError:
        return False
    return True


class Resync:
    """Resources read from a ``urlset`` (``url``) or ``sitemapindex`` (``sitemap``)."""

    name = "resync"

    def __init__(self) -> None:
        self.verdict = Verdict()
        self._item = ""
        self._preamble = True
        self._top_md = False

    def _refuse(self, element: etree._Element | None, variant: str) -> None:
        if self.verdict.reads:
            self.verdict.refuse(
                finding(
                    "consumers.resync-refuses",
                    line=element.sourceline if element is not None else None,
                    params={},
                    variant=variant,
                )
            )

    def begin(self, root: etree._Element, size: int) -> None:
        self._item = {SM + "urlset": SM + "url", SM + "sitemapindex": SM + "sitemap"}.get(
            str(root.tag), ""
        )
        if not self._item:
            self._refuse(root, "not-sitemap")

    def child(self, element: etree._Element) -> None:
        if not self.verdict.reads:
            return
        tag = element.tag
        if tag == self._item:
            self._preamble = False
            self._resource(element)
        elif tag == _MD:
            if not self._preamble:
                self._refuse(element, "md-late")
            elif self._top_md:
                self._refuse(element, "md-twice")
            else:
                self._top_md = True
                self._md(element)
        elif tag == _LN:
            if self._preamble:
                self._ln(element)
            else:
                self._refuse(element, "ln-late")

    def _resource(self, item: etree._Element) -> None:
        # one pass over the children, as the client's four findall() calls see them
        locs: list[etree._Element] = []
        lastmods: list[etree._Element] = []
        mds: list[etree._Element] = []
        links: list[etree._Element] = []
        wanted: dict[object, list[etree._Element]] = {
            _LOC: locs,
            _LASTMOD: lastmods,
            _MD: mds,
            _LN: links,
        }
        for child in item:
            found = wanted.get(child.tag)
            if found is not None:
                found.append(child)
        if len(locs) != 1:
            self._refuse(item, "loc-missing" if not locs else "loc-repeated")
            return
        loc = locs[0].text
        if not loc:
            self._refuse(item, "loc-empty")
            return
        if len(lastmods) > 1:
            self._refuse(item, "lastmod-repeated")
            return
        stamp = lastmods[0].text if lastmods else None
        if stamp is not None and not is_w3c_datetime_for_resync(stamp):
            self._refuse(lastmods[0], "bad-datetime")
            return
        if len(mds) > 1:
            self._refuse(item, "md-repeated")
            return
        if mds:
            if not self._md(mds[0]):
                return
            stamp = mds[0].get("datetime")
            if stamp is not None and not is_w3c_datetime_for_resync(stamp):
                self._refuse(mds[0], "bad-datetime")
                return
        for link in links:
            if not self._ln(link):
                return
        self.verdict.take(loc)

    def _md(self, md: etree._Element) -> bool:
        change = md.get("change")
        if change is not None and change not in _CHANGES:
            self._refuse(md, "bad-change")
        length = md.get("length")
        if length is not None and not _is_int(length):
            self._refuse(md, "bad-length")
        return self.verdict.reads

    def _ln(self, link: etree._Element) -> bool:
        if link.get("href") is None:
            self._refuse(link, "ln-no-href")
        elif link.get("rel") is None:
            self._refuse(link, "ln-no-rel")
        elif (length := link.get("length")) is not None and not _is_int(length):
            self._refuse(link, "bad-length")
        elif (pri := link.get("pri")) is not None and (
            not _is_int(pri) or not 1 <= int(pri) <= 999_999
        ):
            self._refuse(link, "bad-pri")
        return self.verdict.reads

    def end(self, root: etree._Element) -> None:
        return None
