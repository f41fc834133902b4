"""The ``sitemaps-schema`` consumer: ``xmllint --schema`` with the sitemaps.org XSDs
(``schemas/``), predicted in one linear pass.

libxml2's schema validation slows sharply as errors pile up, and every ``rs:md`` / ``rs:ln``
of a ResourceSync document is one, so the explorer checks the two small schemas itself,
reporting the elements libxml2 names: an element in another namespace where the schemas'
strict ``xsd:any namespace="##other"`` wildcard allows one is an error of its own (no
global declaration for it), and the first element a content model does not expect ends the
checking of that parent's remaining children, as libxml2 does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from lxml import etree

from explorer.core.consumers.value_checks import (
    collapse,
    is_xsd_date_or_datetime_text,
    xsd_decimal,
)
from explorer.core.consumers.verdict import MAX_PLANS, SM, Plans, Verdict, local_name
from explorer.core.findings import english_message, finding
from explorer.core.model import SITEMAP_NS

if TYPE_CHECKING:
    from explorer.core.plain_batch import Batch

_XSI = "http://www.w3.org/2001/XMLSchema-instance"
_CHANGEFREQ = frozenset(("always", "hourly", "daily", "weekly", "monthly", "yearly", "never"))
# The children of <url> (sitemap.xsd's tUrl) and <sitemap> (siteindex.xsd's tSitemap), in
# their sequence; loc is required, the others optional, then the wildcard.
_SEQUENCES = {"url": ("loc", "lastmod", "changefreq", "priority"), "sitemap": ("loc", "lastmod")}
_POSITIONS = {name: {local: n for n, local in enumerate(seq)} for name, seq in _SEQUENCES.items()}
_WS = " \t\r\n"
_LOC = SM + "loc"
_ROOTS = {"urlset": "url", "sitemapindex": "sitemap"}


_Check = Callable[["SitemapsSchema", etree._Element, str], None]
_ItemPlan = tuple[tuple[tuple[_Check | None, str], ...], bool, int]


def _item_plan(sequence: dict[str, int], tags: tuple[object, ...]) -> _ItemPlan:
    """What the schema makes of an item's children of these tags, worked out once per shape:
    per child a step (the check of its value when it is in the sequence, looked up here
    once; else the error variant: ``undeclared`` in the wildcard, ``unexpected`` out of
    place, "" for nothing, as a comment or a child after an unexpected one), whether
    ``loc`` is missing, and the index of the first ``loc`` (-1: none), the item's URL.

    The sequence is loc, lastmod, changefreq, priority for url and loc, lastmod for sitemap,
    then the wildcard; the first child out of place ends the item, as it does in libxml2
    (text after it is still named: every child's tail is checked)."""
    steps: list[tuple[_Check | None, str]] = []
    position = -1
    in_wildcard = False
    ended = False
    for tag in tags:
        namespace, local = local_name(tag)
        if ended or (not namespace and not local):
            steps.append((None, ""))
            continue
        place = sequence.get(local, -1) if namespace == SITEMAP_NS else -1
        if not in_wildcard and place > position and (position >= 0 or place == 0):
            position = place
            steps.append((_VALUE_CHECKS[local], ""))
        elif namespace not in (SITEMAP_NS, "") and position >= 0:
            in_wildcard = True
            steps.append((None, "undeclared"))
        else:
            steps.append((None, "unexpected"))
            ended = True
    loc = tags.index(_LOC) if _LOC in tags else -1
    return tuple(steps), position < 0 and not ended, loc


class SitemapsSchema:
    """Valid or not against sitemap.xsd (root ``urlset``) or siteindex.xsd (any other root),
    with a finding per element xmllint names."""

    name = "sitemaps-schema"

    def __init__(self) -> None:
        self.verdict = Verdict()
        self._item: str | None = None
        self._items_seen = False
        self._aborted = False
        self._plans: Plans[tuple[object, ...], _ItemPlan] = Plans()
        # English messages by (element, variant) for errors without other values: a list
        # has a thousand of the same one (an rs:md per entry), said the same each time
        self._messages: dict[tuple[str, str], str] = {}

    def _error(self, element: etree._Element, variant: str, **params: object) -> None:
        self.verdict.reads = False
        if self.verdict.full:  # counted, not made: a list can have 50,000 of them
            self.verdict.problems_total += 1
            return
        _ns, local = local_name(element.tag)
        values = {"element": local, **params}
        message = self._messages.get((local, variant)) if not params else None
        if message is None:
            message = english_message("consumers.schema-invalid", variant, values)
            if not params and len(self._messages) < MAX_PLANS:
                self._messages[(local, variant)] = message
        self.verdict.complain(
            finding(
                "consumers.schema-invalid",
                message,
                line=element.sourceline,
                params=values,
                variant=variant,
            )
        )

    def begin(self, root: etree._Element, size: int) -> None:
        namespace, local = local_name(root.tag)
        if namespace != SITEMAP_NS or local not in _ROOTS:
            self._error(root, "root")
            self._aborted = True
            return
        self._item = SM + _ROOTS[local]
        self._attributes(root)
        if root.text is not None and root.text.strip(_WS):
            self._error(root, "text")

    def _attributes(self, element: etree._Element) -> None:
        for name in element.attrib:
            if not name.startswith("{" + _XSI + "}"):
                self._error(element, "attribute", attribute=local_name(name)[1])

    def child(
        self, element: etree._Element, parts: list[etree._Element], tags: tuple[object, ...]
    ) -> None:
        if self._aborted or self._item is None:
            return
        tail = element.tail
        if tail is not None and tail.strip(_WS):
            self._error(element.getparent(), "text")  # type: ignore[arg-type]
        tag = element.tag
        if tag == self._item:
            self._items_seen = True
            plan = self._plans.get(tags)
            if plan is None:
                plan = self._plans.keep(tags, _item_plan(_POSITIONS[local_name(tag)[1]], tags))
            self._check_item(element, parts, plan)
            loc = plan[2]
            self.verdict.take((parts[loc].text or "") if loc >= 0 else "")
        elif local_name(tag)[0] not in (SITEMAP_NS, "") and not self._items_seen:
            self._error(element, "undeclared")
        else:
            self._error(element, "unexpected")
            self._aborted = True

    def bulk(self, batch: Batch) -> bool:
        """Plain entries (``batch``) have no attributes, stray text or grandchildren: what
        is left is each step of the shape's plan, checked over the batch's values at once.
        An ``rs:md`` in the wildcard is an error per entry: the first ones are made with
        their lines, from the children alone, the rest counted."""
        if self._aborted or self._item is None:
            return True
        if batch.tag != self._item or self.verdict.url_list is not None:
            return False
        plan = self._plans.get(batch.tags)
        if plan is None:
            sequence = _POSITIONS[local_name(batch.tag)[1]]
            plan = self._plans.keep(batch.tags, _item_plan(sequence, batch.tags))
        steps, missing, _loc = plan
        if missing:
            return False
        undeclared = []
        for index, (check, variant) in enumerate(steps):
            if check is not None:
                if not _BULK_CHECKS[check](batch.texts(index)):
                    return False
            elif variant == "undeclared":
                undeclared.append(index)
            elif variant:
                return False
        self._items_seen = True
        if undeclared:
            self._undeclared(batch, undeclared)
        self.verdict.urls += len(batch)
        return True

    def _undeclared(self, batch: Batch, indexes: list[int]) -> None:
        """The batch's only errors, one per child in the wildcard (an ``rs:md`` per entry),
        in the order the entries make them: while problems are still kept, each with its
        line, for as many entries as that takes; the rest counted."""
        verdict = self.verdict
        verdict.reads = False
        total = len(indexes) * len(batch)
        if not verdict.full:
            columns = [batch.children(index) for index in indexes]
            made = 0
            for row in zip(*columns, strict=True):
                for child in row:
                    self._error(child, "undeclared")
                made += len(row)
                if verdict.full:
                    break
            total -= made
        verdict.problems_total += total

    def _check_item(
        self, item: etree._Element, parts: list[etree._Element], plan: _ItemPlan
    ) -> None:
        """The item's text, then each child's tail and its step of the item's plan."""
        if item.attrib:
            self._attributes(item)
        text = item.text
        if text is not None and text.strip(_WS):
            self._error(item, "text")
        steps, missing, _loc = plan
        for child, (check, variant) in zip(parts, steps, strict=True):
            tail = child.tail
            if tail is not None and tail.strip(_WS):
                self._error(item, "text")
            if check is not None:
                if child.attrib:
                    self._attributes(child)
                if len(child):
                    # libxml2 says so, then checks the text before the first child
                    self._error(child, "not-simple")
                check(self, child, child.text or "")
            elif variant:
                self._error(child, variant)
        if missing:
            self._error(item, "missing", expected="loc")

    def _check_loc(self, element: etree._Element, raw: str) -> None:
        value = collapse(raw)
        if len(value) < 12:
            self._error(element, "too-short", length=len(value), limit=12)
        elif len(value) > 2048:
            self._error(element, "too-long", length=len(value), limit=2048)

    def _check_lastmod(self, element: etree._Element, raw: str) -> None:
        if not is_xsd_date_or_datetime_text(raw):
            self._error(element, "not-datetime", value=collapse(raw)[:100])

    def _check_changefreq(self, element: etree._Element, raw: str) -> None:
        if raw not in _CHANGEFREQ:
            self._error(element, "not-changefreq", value=raw[:100])

    def _check_priority(self, element: etree._Element, raw: str) -> None:
        value = collapse(raw)
        number = xsd_decimal(value)
        if number is None or not 0 <= number <= 1:
            self._error(element, "not-priority", value=value[:100])

    def end(self, root: etree._Element) -> None:
        if self._item is not None and not self._aborted and not self._items_seen:
            self._error(root, "missing", expected=local_name(self._item)[1])


_VALUE_CHECKS: dict[str, _Check] = {
    "loc": SitemapsSchema._check_loc,
    "lastmod": SitemapsSchema._check_lastmod,
    "changefreq": SitemapsSchema._check_changefreq,
    "priority": SitemapsSchema._check_priority,
}
"""The check of each simple value of the sequence, by local name."""


def _collapsed(texts: list[str]) -> bool:
    """Whether XML Schema's collapse leaves every text as it is: tested on the texts joined
    by NUL (which no XML text holds), a few scans in C instead of a search per text."""
    joined = "\x00" + "\x00".join(texts) + "\x00"
    return not any(mark in joined for mark in ("\t", "\r", "\n", "  ", "\x00 ", " \x00"))


def _locs_fit(texts: list[str]) -> bool:
    """Every ``loc`` 12 to 2,048 characters long once collapsed (here: already collapsed)."""
    return _collapsed(texts) and min(map(len, texts)) >= 12 and max(map(len, texts)) <= 2048


def _lastmods_fit(texts: list[str]) -> bool:
    return all(map(is_xsd_date_or_datetime_text, set(texts)))


def _changefreqs_fit(texts: list[str]) -> bool:
    return set(texts) <= _CHANGEFREQ


def _priority_fits(raw: str) -> bool:
    number = xsd_decimal(collapse(raw))
    return number is not None and 0 <= number <= 1


def _priorities_fit(texts: list[str]) -> bool:
    return all(map(_priority_fits, set(texts)))


_BULK_CHECKS: dict[_Check, Callable[[list[str]], bool]] = {
    SitemapsSchema._check_loc: _locs_fit,
    SitemapsSchema._check_lastmod: _lastmods_fit,
    SitemapsSchema._check_changefreq: _changefreqs_fit,
    SitemapsSchema._check_priority: _priorities_fit,
}
"""Each value check of ``_VALUE_CHECKS`` over a batch's texts: True when it finds nothing."""
