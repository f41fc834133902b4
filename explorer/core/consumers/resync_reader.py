"""The ``resync`` consumer: what the ResourceSync reference client (resync 2.0.1,
``Sitemap.parse_xml``) reads, and when it refuses the whole document.

It is lax about what it does not look for and strict about what it does: one exception
(a missing or repeated ``<loc>``, a lastmod it cannot read as a W3C datetime, an
``<rs:md>`` after the first ``<url>``, a bad ``length`` …) and the client reads nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lxml import etree

from explorer.core.consumers.value_checks import is_w3c_datetime_for_resync
from explorer.core.consumers.verdict import SM, Plans, Verdict
from explorer.core.findings import finding
from explorer.core.model import RS_NS

if TYPE_CHECKING:
    from explorer.core.plain_batch import Batch

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


_Plan = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
_CHANGE_SET = frozenset(_CHANGES)


def _stamps_read(stamps: list[str]) -> bool:
    """Whether the client reads every one of these datetimes (each distinct one checked)."""
    return all(map(is_w3c_datetime_for_resync, set(stamps)))


def _resource_plan(tags: tuple[object, ...]) -> _Plan:
    """For an item of this shape, the indexes of its ``loc``, ``lastmod``, ``rs:md`` and
    ``rs:ln`` children: what the client's four ``findall()`` calls find."""
    return (
        tuple(n for n, tag in enumerate(tags) if tag == _LOC),
        tuple(n for n, tag in enumerate(tags) if tag == _LASTMOD),
        tuple(n for n, tag in enumerate(tags) if tag == _MD),
        tuple(n for n, tag in enumerate(tags) if tag == _LN),
    )


class Resync:
    """Resources read from a ``urlset`` (``url``) or ``sitemapindex`` (``sitemap``)."""

    name = "resync"

    def __init__(self) -> None:
        self.verdict = Verdict()
        self._item = ""
        self._preamble = True
        self._top_md = False
        self._plans: Plans[tuple[object, ...], _Plan] = Plans()

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

    def child(
        self, element: etree._Element, parts: list[etree._Element], tags: tuple[object, ...]
    ) -> None:
        if not self.verdict.reads:
            return
        tag = element.tag
        if tag == self._item:
            self._preamble = False
            plan = self._plans.get(tags)
            if plan is None:
                plan = self._plans.keep(tags, _resource_plan(tags))
            self._resource(element, parts, plan)
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

    def bulk(self, batch: Batch) -> bool:
        """Taken whole when no entry of the batch would make the client refuse: one ``loc``
        (a plain entry's has text), at most one ``lastmod`` and one ``rs:md``, no ``rs:ln``
        (read per entry), and every datetime, ``change`` and ``length`` of the batch one
        the client reads (``length``: decimal digits, which ``int()`` reads)."""
        if not self.verdict.reads:
            return True
        if batch.tag != self._item or self.verdict.url_list is not None:
            return False
        plan = self._plans.get(batch.tags)
        if plan is None:
            plan = self._plans.keep(batch.tags, _resource_plan(batch.tags))
        locs, lastmods, mds, links = plan
        if len(locs) != 1 or len(lastmods) > 1 or len(mds) > 1 or links:
            return False
        if lastmods and not _stamps_read(batch.texts(lastmods[0])):
            return False
        if mds:
            md = mds[0]
            if not set(batch.attributes(md, "change")) <= _CHANGE_SET:
                return False
            if not all(map(str.isdecimal, batch.attributes(md, "length"))):
                return False
            if not _stamps_read(batch.attributes(md, "datetime")):
                return False
        self._preamble = False
        self.verdict.urls += len(batch)
        return True

    def _resource(self, item: etree._Element, parts: list[etree._Element], plan: _Plan) -> None:
        locs, lastmods, mds, links = plan
        if len(locs) != 1:
            self._refuse(item, "loc-missing" if not locs else "loc-repeated")
            return
        loc = parts[locs[0]].text
        if not loc:
            self._refuse(item, "loc-empty")
            return
        if len(lastmods) > 1:
            self._refuse(item, "lastmod-repeated")
            return
        if lastmods:
            lastmod = parts[lastmods[0]]
            stamp = lastmod.text
            if stamp is not None and not is_w3c_datetime_for_resync(stamp):
                self._refuse(lastmod, "bad-datetime")
                return
        if len(mds) > 1:
            self._refuse(item, "md-repeated")
            return
        if mds:
            md = parts[mds[0]]
            if not self._md(md):
                return
            stamp = md.get("datetime")
            if stamp is not None and not is_w3c_datetime_for_resync(stamp):
                self._refuse(md, "bad-datetime")
                return
        for n in links:
            if not self._ln(parts[n]):
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
