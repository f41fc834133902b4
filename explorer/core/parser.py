"""Reading ResourceSync documents: bytes in, a ``Document`` (or one ``DocumentParseError``) out.

Every document type is the same Sitemap shape (core 1.1 §7, Table 2): a ``urlset`` or
``sitemapindex`` root holding one ``rs:md``, ``rs:ln`` links and ``url``/``sitemap``
entries. That covers Source Descriptions, Capability Lists, Resource/Change Lists and
their indexes, dumps and manifests, archives, change and framework notification payloads
and plain Sitemaps; what kind of document it is lives in ``doc.capability``.

The parser records what only it can see (namespaces as written, repeated or misplaced
elements, pre-1.0 syntax) in ``doc.findings``; rules on values belong to the validator.
Speed matters (a 50,000-entry list must read in a few times a bare lxml parse), so the
document is read while lxml parses it (``safe_xml.stream_children``: each part of the tree
is read while in cache, then freed), in one pass over the root's children with tag lookups
in a per-document dictionary. Small documents (change notifications arrive at 1,000+/s)
skip all that: parsed whole, they read in about half the time.

Every count the document controls has a budget, checked as the model is built: entries,
rs:ln per entry and per document, attributes per element, child elements per entry,
namespaces and distinct element names. Past one, that part is counted but not read, and
a ``parse.*`` finding says so; findings of one code are capped (``CappedFindings``). The
budgets sit well above core 1.1 §7's 50,000 entries, so an over-limit document is still
read and reported by the size rule.
"""

from __future__ import annotations

import gc
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from itertools import chain
from typing import cast

from lxml import etree

from explorer.core.bulk_entries import MIN_BULK, BulkEntries
from explorer.core.entry_order import loc_not_first, md_repeated
from explorer.core.findings import CappedFindings, finding
from explorer.core.legacy import ELEMENT_TO_MD, LegacyTally, fixity_to_hash, read_v09_forms
from explorer.core.model import (
    RS_NS,
    SITEMAP_NS,
    SITEMAPINDEX,
    URLSET,
    Document,
    Entry,
    Link,
    MdLayout,
    md_layout,
)
from explorer.core.safe_xml import (
    MAX_ATTRIBUTES,
    MAX_DOCUMENT_BYTES,
    MAX_ENTRY_CHILDREN,
    STREAM_CHUNK,
    DocumentParseError,
    EntryCount,
    StreamUnavailable,
    fail,
    parse_tree,
    parse_unstreamable,
    prepare,
    stream_children,
)
from explorer.core.tags import Kind, Vocabulary, kind_in, split_tag, vocabulary_of

__all__ = ["MAX_DOCUMENT_BYTES", "DocumentParseError", "parse_document", "parse_document_streamed"]

EntrySink = Callable[[Document, list[Entry]], None]
"""Takes the entries of a document as they are read, a batch at a time (the document so
far: its root, so ``is_index``, is known before the first batch)."""

_VOCABULARY_CODES = {
    Vocabulary.RS: "parse.rs-namespace",
    Vocabulary.SITEMAP: "parse.sitemap-namespace",
}
_RS_TYPO = re.compile(r"<rs[._\-]?(md|ln)>", re.IGNORECASE)


def _meant_rs_element(name: str) -> str | None:
    """``<rs:md>`` for ``<rs.md>`` (and ``<rs_md>``, ``<rsmd>``, ``<rs-ln>``): the colon
    typed as another character makes an element in the Sitemap namespace whose name merely
    starts with "rs", so the rs:md or rs:ln it was meant to be is never read."""
    found = _RS_TYPO.fullmatch(name)
    return f"<rs:{found.group(1).lower()}>" if found else None


_EXPECTED_URI = {Vocabulary.RS: RS_NS, Vocabulary.SITEMAP: SITEMAP_NS}
_ENTRY_FOR_ROOT = {Kind.URLSET: Kind.URL, Kind.SITEMAPINDEX: Kind.SITEMAP}
_ROOT_NAMES = {Kind.URLSET: URLSET, Kind.SITEMAPINDEX: SITEMAPINDEX}
_ENTRY_NAMES = {Kind.URL: "url", Kind.SITEMAP: "sitemap"}

# Budgets (see the module docstring); twice the spec's 50,000 entries, and links and
# attributes enough for every entry to carry several.
MAX_ENTRIES = 100_000
MAX_LINKS_PER_ENTRY = 500
MAX_LINKS = 200_000
MAX_NAMESPACES = 64
# rs:md and rs:ln attributes kept per document (at most about 100 MB of Python strings):
# ten for each of 50,000 entries. Past it, the entries that follow are counted, not read.
MAX_DOCUMENT_ATTRIBUTES = 500_000
MAX_UNKNOWN_NAMES = 100
# Distinct tags remembered in the per-document kind cache; others are classified each time.
MAX_CACHED_TAGS = 1_000

# Plain module globals: identity tests against them are several times faster than
# ``Kind.X`` attribute lookups, and the entry loop runs once per child element.
_LOC, _LASTMOD, _CHANGEFREQ, _PRIORITY = Kind.LOC, Kind.LASTMOD, Kind.CHANGEFREQ, Kind.PRIORITY
_RS_MD, _RS_LN, _XHTML_LINK, _IGNORED = Kind.RS_MD, Kind.RS_LN, Kind.XHTML_LINK, Kind.IGNORED

# rs:md/rs:ln attribute names defined by core 1.1 §7 Table 3 (and the link relations in §14):
# an attribute set within these needs no check for namespace prefixes.
_PLAIN_MD_KEYS = frozenset(
    {"at", "capability", "change", "completed", "datetime", "encoding", "from", "hash"}
    | {"length", "path", "type", "until", "href", "hreflang", "modified", "pri", "rel"}
)


def _tag_of(el: etree._Element) -> str:
    """The tag of an element already classified by name: only elements with str tags get a
    kind (comments and processing instructions are dropped by the parser)."""
    return cast(str, el.tag)


def _is_rs(uri: str) -> bool:
    """Is this attribute namespace the ResourceSync one (or a near-miss of it)?"""
    return vocabulary_of(uri, "", None)[0] is Vocabulary.RS


def parse_document(data: bytes, *, entries_kept: bool = True) -> Document:
    """Parse any Sitemap-format ResourceSync document (plain or gzip bytes).

    Raises only ``DocumentParseError`` (with ``.finding``) when the bytes cannot be read
    as a document: too large, not well-formed, a DOCTYPE, or a root that is not a Sitemap.
    ``entries_kept=False``: the caller drops the entries soon after (a streamed crawl), so
    they are not moved to the GC's oldest generation, which pays only for entries kept.
    """
    return _parse(data, None, promote=entries_kept)


def parse_document_streamed(data: bytes, sink: EntrySink) -> Document:
    """``parse_document``, but the entries go to ``sink`` as each batch is read and the
    document keeps none: a reader that wants a few fields of every entry of many large
    lists (the watchdog's Change Lists) then holds one batch, not 100,000 ``Entry``
    objects per list. The entries, their budget and every finding are those of
    ``parse_document``; an exception ``sink`` raises ends the parse."""
    return _parse(data, sink)


def _parse(data: bytes, sink: EntrySink | None, *, promote: bool = True) -> Document:
    data = prepare(data)
    if len(data) <= STREAM_CHUNK:
        # One stream chunk holds it all, so streaming frees nothing early, and a few hundred
        # objects are no work for the cyclic GC: the incremental parser, the GC pause and the
        # per-batch collection would cost about as much as the whole read.
        root = parse_tree(data)
        return _Reader(root, len(data), sink=sink).read((root,), promote=False)
    with _cyclic_gc_paused(), _incremental_parse:
        try:
            return _read_stream(data, sink, promote=promote and sink is None)
        except StreamUnavailable:
            pass
    # Whatever stopped the incremental parse, the answer of a whole-tree parse, found
    # within budget: the syntax error with its position, the DOCTYPE refusal, a root that
    # is not a Sitemap, or a document after all.
    root = parse_unstreamable(data)
    with _cyclic_gc_paused():
        return _Reader(root, len(data), sink=sink).read((root,), promote=promote and sink is None)


def _read_stream(data: bytes, sink: EntrySink | None, *, promote: bool) -> Document:
    """Read the document while it is parsed, a batch of the root's children at a time."""
    dropped: dict[etree._Element, int] = {}
    unread = EntryCount()
    batches = stream_children(data, dropped, unread)
    root, first = next(batches)
    rest = (children for _root, children in batches)
    reader = _Reader(root, len(data), dropped, unread, sink=sink)
    return reader.read(chain((first,), rest), promote=promote)


_incremental_parse = threading.Lock()
"""One incremental parse at a time. libxml2 parses without the GIL, but lxml takes it back
for every start tag to collect the parser's events; two such parses in two threads hand the
GIL to each other at nearly every element (measured on six 30 MB lists: 68,000 waits and
2.2 s of system time, against 1,300 and 0.8 s one at a time, and less wall time). Whole-tree
parses of small documents hold no such callback and still run beside it."""

_gc_lock = threading.Lock()
_gc_pausers = 0
_gc_was_enabled = False


@contextmanager
def _cyclic_gc_paused() -> Iterator[None]:
    """Building 50,000 entries allocates ~100,000 tracked objects; with the cyclic GC running
    it re-scans them over and over (a fifth of the walk's time), though they hold no cycles.
    Threads may parse concurrently (docs/architecture.md, "Rules of the event loop"): the first to
    enter pauses the GC, the last to
    leave restores whatever state the first one found."""
    global _gc_pausers, _gc_was_enabled
    with _gc_lock:
        if _gc_pausers == 0:
            _gc_was_enabled = gc.isenabled()
            gc.disable()
        _gc_pausers += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_pausers -= 1
            if _gc_pausers == 0 and _gc_was_enabled:
                gc.enable()


def _promote_young_objects() -> None:
    """Entries live as long as their document, so each batch is moved to the oldest GC
    generation right after it is built, while it is still in cache: one cheap scan per
    object, instead of a young- and a middle-generation scan of the whole (cold) document
    once the GC runs again. Skipped when the caller had switched the GC off."""
    if _gc_was_enabled:
        gc.collect(1)


class _Reader:
    """One pass over one tree; holds the per-document tag cache and the findings so far.

    One class although it is over 500 lines: the budgets, the tag cache and the capped
    findings are one per-document state that every element method reads and spends.
    Split by job, that state would be shared between objects, and the per-entry hot path
    (the speed the module docstring asks for) would pay a hop for each lookup.
    """

    def __init__(
        self,
        root: etree._Element,
        size: int,
        dropped: dict[etree._Element, int] | None = None,
        unread: EntryCount | None = None,
        sink: EntrySink | None = None,
    ) -> None:
        self.root = root
        self.sink = sink
        self.handed_over = 0  # entries already given to ``sink``
        self.first_line: int | None = None  # the line of the first of them
        self.size = size
        self.dropped = dropped if dropped is not None else {}
        self.unread = unread if unread is not None else EntryCount()
        self.kinds: dict[object, Kind] = {}
        self.findings = CappedFindings()
        self.wrong_uris: set[str | None] = set()
        self.namespaces: set[str | None] = set()
        self.namespaces_over = 0
        self.namespace_over_line: int | None = None
        self.links_left = MAX_LINKS
        self.attributes_left = MAX_DOCUMENT_ATTRIBUTES
        self.attributes_out_line: int | None = None
        self.entry_limit = MAX_ENTRIES
        self.links_over = 0
        self.links_over_line: int | None = None
        self.unread_line: int | None = None
        self.unknown_over = 0
        self.unknown_over_line: int | None = None
        self.sitemap_alias: str | None = None
        self.legacy = LegacyTally()
        self.unknown: dict[tuple[str, str], list[int | None]] = {}
        """(element, where: "root" or "entry") -> [times seen, first line]"""
        self.misplaced_entries: list[int | None] = []
        self.md_seen = False
        # rs:md attribute-name sequences seen with only plain names (see _PLAIN_MD_KEYS),
        # each with its shared layout: such an rs:md is kept as the layout and its values.
        self.plain_layouts: dict[tuple[str, ...], MdLayout] = {}
        # The last plain rs:md's attribute names (as lxml lists them) and layout: entries
        # of a list mostly repeat one layout, and comparing the names with the last ones
        # costs less than hashing them (fresh strings each time) into ``plain_layouts``.
        self.last_md_names: list[str] | None = None
        self.last_layout: MdLayout | None = None
        self.bulk = BulkEntries(self.kinds, self.layout_of)

    # -- tags ---------------------------------------------------------------------------

    def classify(self, el: etree._Element) -> Kind:
        """The kind of a tag not in the cache; caches it while the cache is within budget."""
        tag = el.tag
        if not isinstance(tag, str):
            return self.remember(tag, Kind.IGNORED)
        uri, local = split_tag(tag)
        if uri not in self.namespaces:
            if len(self.namespaces) >= MAX_NAMESPACES:
                self.namespaces_over += 1
                if self.namespace_over_line is None:
                    self.namespace_over_line = el.sourceline
                return Kind.IGNORED
            self.namespaces.add(uri)
        if uri is not None and uri == self.sitemap_alias:
            vocabulary, exact = Vocabulary.SITEMAP, True
        else:
            vocabulary, exact = vocabulary_of(uri, local, el.prefix)
        if not exact and uri not in self.wrong_uris:
            self.wrong_uris.add(uri)
            self.report_namespace(vocabulary, uri, local, el.sourceline, el)
        return self.remember(tag, kind_in(vocabulary, local))

    def remember(self, tag: object, kind: Kind) -> Kind:
        if len(self.kinds) < MAX_CACHED_TAGS:
            self.kinds[tag] = kind
        return kind

    def report_namespace(
        self,
        vocabulary: Vocabulary,
        uri: str | None,
        local: str,
        line: int | None,
        el: etree._Element,
    ) -> None:
        """A wrong namespace URI is fixed where it is declared, not where an element uses
        it: the finding names the declaration as written (``xmlns:rs="..."``) and sits on
        its line; the element it was first seen on is named beside it."""
        params: dict[str, object] = {
            "element": f"{el.prefix}:{local}" if el.prefix else local,
            "expected": _EXPECTED_URI[vocabulary],
            "found": uri,
        }
        if uri is None:
            self.findings.append(
                finding(_VOCABULARY_CODES[vocabulary], line=line, params=params, variant="none")
            )
            return
        declaring = el
        parent = el.getparent()
        while parent is not None and parent.nsmap.get(el.prefix) == uri:
            declaring, parent = parent, parent.getparent()
        attribute = f"xmlns:{el.prefix}" if el.prefix else "xmlns"
        params.update(
            declaration=f'{attribute}="{uri}"',
            fixed=f'{attribute}="{_EXPECTED_URI[vocabulary]}"',
            element_line=line,
        )
        self.findings.append(
            finding(_VOCABULARY_CODES[vocabulary], line=declaring.sourceline, params=params)
        )

    def kind_of(self, el: etree._Element) -> Kind:
        kind = self.kinds.get(el.tag)
        return self.classify(el) if kind is None else kind

    # -- document -----------------------------------------------------------------------

    def read(self, batches: Iterable[Iterable[etree._Element]], promote: bool = True) -> Document:
        """Read the document from the root's children, given in document order in batches.
        ``promote=False`` (only outside ``_cyclic_gc_paused``) skips ``_promote_young_objects``."""
        root = self.root
        root_kind = self.root_kind()
        doc = Document(
            root=_ROOT_NAMES[root_kind],
            line=root.sourceline,
            namespaces=self.root_namespaces(),
            size=self.size,
        )
        self.read_root_attributes(doc)
        entry_kind = _ENTRY_FOR_ROOT[root_kind]
        for children in batches:
            self.read_children(doc, children, entry_kind)
            if self.dropped:
                self.dropped.clear()  # it only ever holds children of the batch just read
            if self.sink is not None and doc.entries:
                self.hand_over(doc)
            if promote:
                _promote_young_objects()
        self.finish(doc, root_kind, entry_kind)
        return doc

    def hand_over(self, doc: Document) -> None:
        """Give the batch's entries to the sink; the entry budget still counts them."""
        entries, doc.entries = doc.entries, []
        if not self.handed_over:
            self.first_line = entries[0].line
        self.entry_limit -= len(entries)
        self.handed_over += len(entries)
        assert self.sink is not None
        self.sink(doc, entries)

    def first_entry_line(self, entries: list[Entry]) -> int | None:
        """The first entry's line, whether it is still here or handed to the sink."""
        return self.first_line if self.handed_over else entries[0].line

    def read_children(
        self, doc: Document, children: Iterable[etree._Element], entry_kind: Kind
    ) -> None:
        if (
            type(children) is list
            and len(children) >= MIN_BULK
            and not self.dropped
            and len(doc.entries) + len(children) <= self.entry_limit
            and self.read_in_bulk(doc, children, entry_kind)
        ):
            return
        other_entry = Kind.SITEMAP if entry_kind is Kind.URL else Kind.URL
        kinds = self.kinds
        entries = doc.entries
        read_entry = self.read_entry
        for child in children:
            kind = kinds.get(child.tag)
            if kind is None:
                kind = self.classify(child)
            if kind is entry_kind:
                if len(entries) < self.entry_limit:
                    entries.append(read_entry(child))
                else:
                    self.skip_entry(doc, child)
            elif kind is Kind.RS_MD:
                line = child.sourceline
                if self.md_seen:
                    self.findings.append(
                        finding(
                            "parse.md-repeated",
                            line=line,
                            params={"first": doc.md_line},
                        )
                    )
                    continue
                self.md_seen = True
                if entries or self.handed_over:
                    self.findings.append(
                        finding(
                            "parse.md-after-entries",
                            line=line,
                            params={"first": self.first_entry_line(entries)},
                        )
                    )
                doc.md.update(self.checked_attributes(dict(child.items()), child))
                doc.md_line = line
            elif kind is Kind.RS_LN:
                if entries or self.handed_over:
                    self.findings.append(
                        finding(
                            "parse.ln-after-entries",
                            line=child.sourceline,
                            params={},
                        )
                    )
                if self.take_link(child):
                    doc.links.append(self.read_link(child))
            elif kind is other_entry:
                self.misplaced_entries.append(child.sourceline)
                if len(entries) < self.entry_limit:
                    entries.append(read_entry(child))
                else:
                    self.skip_entry(doc, child)
            elif kind is Kind.XHTML_LINK:
                if self.take_link(child):
                    doc.links.append(self.read_legacy_link(child))
            elif kind is Kind.XHTML_META:
                self.read_legacy_meta(child)
            elif kind is not Kind.IGNORED:
                self.note_unknown(child, "root")

    def root_kind(self) -> Kind:
        root = self.root
        kind = self.kind_of(root)
        if kind in _ROOT_NAMES:
            return kind
        uri, local = split_tag(root.tag) if isinstance(root.tag, str) else (None, str(root.tag))
        if local in ("urlset", "sitemapindex") and uri is not None:
            # A root with the right name in an unrelated namespace: read it as a Sitemap.
            self.sitemap_alias = uri
            self.kinds.clear()
            self.wrong_uris.add(uri)
            self.report_namespace(Vocabulary.SITEMAP, uri, local, root.sourceline, root)
            return self.kind_of(root)
        fail(
            "parse.not-sitemap",
            line=root.sourceline,
            params={"element": local},
        )

    def read_root_attributes(self, doc: Document) -> None:
        """The only root attribute with meaning is the 2012 ``rs:type="changeset"``."""
        for key, value in self.root.attrib.items():
            uri, local = split_tag(key)
            if uri is None or local != "type":
                continue
            if _is_rs(uri) and value.strip() == "changeset":
                self.legacy.note("parse.legacy-changeset", self.root.sourceline)
                doc.md.setdefault("capability", "changelist")

    def skip_entry(self, doc: Document, el: etree._Element) -> None:
        """Count an entry past the budget; from the next batch on, the stream counts them."""
        doc.unread_entries += 1
        if self.unread_line is None:
            self.unread_line = el.sourceline
            self.unread.tag = _tag_of(el)
        self.dropped.pop(el, None)

    def take_link(self, el: etree._Element) -> bool:
        """Whether the document's link budget has room for one more rs:ln."""
        if self.links_left > 0:
            self.links_left -= 1
            return True
        self.links_over += 1
        if self.links_over_line is None:
            self.links_over_line = el.sourceline
        return False

    def root_namespaces(self) -> dict[str | None, str]:
        nsmap = self.root.nsmap
        if len(nsmap) <= MAX_NAMESPACES:
            return dict(nsmap)
        self.findings.append(
            finding(
                "parse.too-many-namespaces",
                line=self.root.sourceline,
                params={"count": len(nsmap), "limit": MAX_NAMESPACES},
            )
        )
        return dict(list(nsmap.items())[:MAX_NAMESPACES])

    def report_budgets(self, doc: Document) -> None:
        """One finding per document-wide budget that was passed."""
        if self.attributes_out_line is not None:
            self.findings.append(
                finding(
                    "parse.too-many-attributes",
                    line=self.attributes_out_line,
                    params={"limit": MAX_DOCUMENT_ATTRIBUTES},
                    variant="document",
                )
            )
        if doc.unread_entries:
            self.findings.append(
                finding(
                    "parse.too-many-entries",
                    line=self.unread_line,
                    params={
                        "total": self.handed_over + len(doc.entries) + doc.unread_entries,
                        "read": self.handed_over + len(doc.entries),
                        "limit": MAX_ENTRIES,
                        "unread": doc.unread_entries,
                    },
                )
            )
        if self.links_over:
            self.findings.append(
                finding(
                    "parse.too-many-links",
                    line=self.links_over_line,
                    params={"limit": MAX_LINKS, "count": self.links_over},
                    variant="document",
                )
            )
        if self.namespaces_over:
            self.findings.append(
                finding(
                    "parse.too-many-namespaces",
                    line=self.namespace_over_line,
                    params={"limit": MAX_NAMESPACES, "count": self.namespaces_over},
                    variant="elements",
                )
            )
        if self.unknown_over:
            self.findings.append(
                finding(
                    "parse.unknown-element",
                    line=self.unknown_over_line,
                    params={"count": self.unknown_over, "limit": MAX_UNKNOWN_NAMES},
                    variant="summary",
                )
            )

    def finish(self, doc: Document, root_kind: Kind, entry_kind: Kind) -> None:
        doc.unread_entries += self.unread.count
        self.report_budgets(doc)
        if self.misplaced_entries:
            count = len(self.misplaced_entries)
            wrong = _ENTRY_NAMES[Kind.SITEMAP if entry_kind is Kind.URL else Kind.URL]
            self.findings.append(
                finding(
                    "parse.entry-element",
                    line=self.misplaced_entries[0],
                    params={
                        "count": count,
                        "wrong": wrong,
                        "root": _ROOT_NAMES[root_kind],
                        "expected": _ENTRY_NAMES[entry_kind],
                    },
                )
            )
        for (name, where), (seen, line) in self.unknown.items():
            meant = _meant_rs_element(name)
            self.findings.append(
                finding(
                    "parse.unknown-element",
                    line=line,
                    params={"element": name, "count": seen, "meant": meant or ""},
                    variant=("typo" if meant else where) + ("" if seen != 1 else "-once"),
                )
            )
        read_v09_forms(doc, self.legacy)
        if self.legacy:
            doc.legacy = True
            self.findings.extend(self.legacy.findings())
        doc.findings.extend(self.findings)
        doc.findings.extend(self.findings.summaries("parse.findings-capped"))

    def note_unknown(self, el: etree._Element, where: str) -> None:
        """Count an element with no meaning ``where`` ("root" or "entry": the variant of
        its finding's message)."""
        local = split_tag(_tag_of(el))[1]
        prefix = "rs:" if self.kinds.get(el.tag) is Kind.RS_OTHER else ""
        name = (f"<{prefix}{local}>", where)
        seen = self.unknown.get(name)
        if seen is None:
            if len(self.unknown) >= MAX_UNKNOWN_NAMES:
                self.unknown_over += 1
                if self.unknown_over_line is None:
                    self.unknown_over_line = el.sourceline
                return
            self.unknown[name] = [1, el.sourceline]
        else:
            seen[0] = (seen[0] or 0) + 1

    # -- parts --------------------------------------------------------------------------

    def checked_attributes(self, attributes: dict[str, str], el: etree._Element) -> dict[str, str]:
        """Attributes of rs:md/rs:ln; only names outside the usual set need a closer look."""
        if len(attributes) > MAX_ATTRIBUTES:
            attributes = self.first_attributes(attributes, el)
        for key in attributes:
            if key[0] == "{":
                return self.unprefix(attributes, el.sourceline)
        return attributes

    def first_attributes(self, attributes: dict[str, str], el: etree._Element) -> dict[str, str]:
        local = split_tag(_tag_of(el))[1]
        self.findings.append(
            finding(
                "parse.too-many-attributes",
                line=el.sourceline,
                params={"element": local, "count": len(attributes), "limit": MAX_ATTRIBUTES},
            )
        )
        return dict(list(attributes.items())[:MAX_ATTRIBUTES])

    def unprefix(self, md: dict[str, str], line: int | None) -> dict[str, str]:
        """core 1.1 §7: rs:md/rs:ln attributes carry no prefix. ``rs:capability`` is read as
        ``capability`` (flagged); attributes in other namespaces are extensions, kept as is."""
        result: dict[str, str] = {}
        for key, value in md.items():
            uri, local = split_tag(key)
            if uri is not None and _is_rs(uri):
                self.findings.append(
                    finding(
                        "parse.attribute-prefixed",
                        line=line,
                        params={"attribute": local},
                    )
                )
                result.setdefault(local, value)
            else:
                result[key] = value
        return result

    def read_link(self, el: etree._Element) -> Link:
        attributes = self.checked_attributes(dict(el.items()), el)
        self.attributes_left -= len(attributes)
        return Link(attributes.get("rel"), attributes.get("href"), attributes, el.sourceline)

    def read_legacy_link(self, el: etree._Element) -> Link:
        """An xhtml:link (2012 §3.1.7): its rs:protocol/rs:pubsubnode attributes were prefixed
        by design then, so they are kept as written and not flagged."""
        self.legacy.note("parse.legacy-xhtml-link", el.sourceline)
        attributes = dict(el.items())
        if len(attributes) > MAX_ATTRIBUTES:
            attributes = self.first_attributes(attributes, el)
        self.attributes_left -= len(attributes)
        return Link(attributes.get("rel"), attributes.get("href"), attributes, el.sourceline)

    def read_legacy_meta(self, el: etree._Element) -> None:
        if (el.get("name") or "").strip().lower() == "dcterms.modified":
            self.legacy.note("parse.legacy-xhtml-meta", el.sourceline)

    def read_in_bulk(self, doc: Document, children: list[etree._Element], entry_kind: Kind) -> bool:
        """Read a stream batch (the root's first children, then at most the entry still
        open) whole when ``BulkEntries`` proves it plain; False: read it entry by entry."""
        read = self.bulk.read(self.root, children, entry_kind)
        if read is None:
            return False
        entries, attributes = read
        if self.attributes_left < attributes:  # the entry that crosses it is found one by one
            return False
        self.attributes_left -= attributes
        doc.entries.extend(entries)
        return True

    def read_entry(self, el: etree._Element) -> Entry:
        """The hot loop: one call per entry, so module-level kind constants and no proxies
        beyond the children themselves (``items()`` rather than ``attrib``)."""
        line = el.sourceline
        loc = lastmod = changefreq = None
        md: dict[str, str] | None = None
        layout: MdLayout | None = None  # an rs:md of plain names: its shared layout
        values: Sequence[str] = ()  # and its values, as Entry keeps them
        links: list[Link] = []
        legacy: dict[str, str] | None = None
        kinds = self.kinds
        children = el[:]  # slicing builds the child list in C: faster than iterating
        if len(children) > MAX_ENTRY_CHILDREN or self.dropped:
            children = self.entry_children_within_budget(el, children)
        links_over = 0
        for child in children:
            kind = kinds.get(child.tag)
            if kind is None:
                kind = self.classify(child)
            if kind is _LOC:
                if loc is None:
                    loc = (child.text or "").strip()
                    if child is not children[0]:
                        misplaced = loc_not_first(children, child, line)
                        if misplaced is not None:
                            self.findings.append(misplaced)
                else:
                    self.repeated(child, "parse.loc-repeated", "<loc>", line)
            elif kind is _LASTMOD:
                if lastmod is None:
                    lastmod = (child.text or "").strip()
                    if child.keys():
                        legacy = self.read_lastmod_type(child, lastmod, legacy)
                else:
                    self.repeated(child, "parse.lastmod-repeated", "<lastmod>", line)
            elif kind is _RS_MD:
                if md is None and layout is None:
                    names = child.keys()
                    if names == self.last_md_names:
                        layout = self.last_layout
                    else:
                        layout = self.layout_of(names)
                    if layout is not None:
                        values = child.values()
                    else:
                        md = self.checked_attributes(dict(child.items()), child)
                else:
                    first = md if md is not None else dict(zip(layout or (), values, strict=True))
                    self.findings.append(md_repeated(child, first, line))
            elif kind is _RS_LN or kind is _XHTML_LINK:
                if len(links) >= MAX_LINKS_PER_ENTRY:
                    links_over += 1
                elif self.take_link(child):
                    read = self.read_link if kind is _RS_LN else self.read_legacy_link
                    links.append(read(child))
            elif kind is _CHANGEFREQ:
                changefreq = (child.text or "").strip()
            elif kind is not _PRIORITY and kind is not _IGNORED:
                legacy = self.read_entry_other(child, kind, legacy)
        if legacy:
            if layout is not None:
                md, layout = dict(zip(layout, values, strict=True)), None
            if md is None:
                md = legacy
            else:
                for key, value in legacy.items():
                    md.setdefault(key, value)
        size = len(md) if md is not None else len(values)
        self.attributes_left -= size
        # rs:ln attributes were charged as read: an entry of links alone passes it too
        if self.attributes_left < 0 and self.attributes_out_line is None:
            self.attributes_out_line = line
            self.entry_limit = 0  # this entry is read; the ones after it are not
        if links_over:
            self.findings.append(
                finding(
                    "parse.too-many-links",
                    line=line,
                    params={
                        "count": MAX_LINKS_PER_ENTRY + links_over,
                        "limit": MAX_LINKS_PER_ENTRY,
                    },
                )
            )
        return Entry(loc, lastmod, changefreq, md, links, line, layout, values)

    def layout_of(self, names: list[str]) -> MdLayout | None:
        """``plain_layout`` through the document's cache; remembered as the last layout."""
        key = tuple(names)
        layout = self.plain_layouts.get(key) or self.plain_layout(key)
        if layout is not None:
            self.last_md_names, self.last_layout = names, layout
        return layout

    def plain_layout(self, names: tuple[str, ...]) -> MdLayout | None:
        """The shared layout for an rs:md whose attributes all have plain names (no check
        needed), remembered for the document; None for one that needs a closer look."""
        if len(names) > MAX_ATTRIBUTES or not _PLAIN_MD_KEYS.issuperset(names):
            return None
        layout = md_layout(names)
        if len(self.plain_layouts) < MAX_CACHED_TAGS:
            self.plain_layouts[names] = layout
        return layout

    def entry_children_within_budget(
        self, el: etree._Element, children: list[etree._Element]
    ) -> list[etree._Element]:
        """The first ``MAX_ENTRY_CHILDREN`` children, counting those the stream already
        dropped, so the answer is the same wherever the chunks fell."""
        over = self.dropped.pop(el, 0) + max(0, len(children) - MAX_ENTRY_CHILDREN)
        if over:
            self.findings.append(
                finding(
                    "parse.entry-too-large",
                    line=el.sourceline,
                    params={"count": MAX_ENTRY_CHILDREN + over, "limit": MAX_ENTRY_CHILDREN},
                )
            )
        return children[:MAX_ENTRY_CHILDREN]

    def repeated(self, el: etree._Element, code: str, name: str, entry_line: int | None) -> None:
        self.findings.append(
            finding(
                code,
                line=el.sourceline,
                params={"line": entry_line, "element": name},
            )
        )

    def read_lastmod_type(
        self, el: etree._Element, lastmod: str, legacy: dict[str, str] | None
    ) -> dict[str, str] | None:
        for key, value in el.attrib.items():
            uri, local = split_tag(key)
            if (
                uri is not None
                and local == "type"
                and vocabulary_of(uri, local, None)[0] is Vocabulary.RS
            ):
                self.legacy.note("parse.legacy-lastmod-type", el.sourceline)
                legacy = legacy if legacy is not None else {}
                legacy["change"] = value.strip()
                legacy["datetime"] = lastmod
        return legacy

    def read_entry_other(
        self, el: etree._Element, kind: Kind, legacy: dict[str, str] | None
    ) -> dict[str, str] | None:
        """Entry children other than loc/lastmod/rs:md/rs:ln: legacy forms or unknown ones."""
        line = el.sourceline
        if kind is Kind.EXPIRES:
            self.legacy.note("parse.legacy-expires", line)
            legacy = legacy if legacy is not None else {}
            legacy["change"] = "deleted"
            legacy["datetime"] = (el.text or "").strip()
        elif kind is Kind.RS_FIXITY:
            self.legacy.note("parse.legacy-fixity", line)
            legacy = legacy if legacy is not None else {}
            digest = fixity_to_hash(el.get("type"), el.text or "")
            previous = legacy.get("hash")
            legacy["hash"] = f"{previous} {digest}" if previous else digest
        elif kind in ELEMENT_TO_MD:
            code, key = ELEMENT_TO_MD[kind]
            self.legacy.note(code, line)
            legacy = legacy if legacy is not None else {}
            legacy[key] = (el.text or "").strip()
        elif kind is not Kind.XHTML_META:
            self.note_unknown(el, "entry")
        return legacy
