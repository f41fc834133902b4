"""Turning untrusted bytes into an lxml tree, safely.

Every ResourceSync document comes from someone else's server, so the bytes are hostile
until proven otherwise. Safety does not depend on one mechanism:

- input size is capped before parsing, and gzip is inflated in bounded steps, so a
  zip bomb stops at ``MAX_DOCUMENT_BYTES``;
- a DOCTYPE is refused before lxml sees the bytes (no ResourceSync document needs one),
  and checked again on the parsed tree for encodings the byte scan cannot read;
- the lxml parser never loads a DTD, never substitutes entities, never touches the
  network, and has a resolver that answers every external fetch with nothing (``parse_tree``
  reuses one such parser per thread: small documents arrive by the thousand);
- ``huge_tree`` stays off, so libxml2 keeps its own limits (nesting depth 256, text nodes
  and names of 10 MB), far above anything a Sitemap needs.

``stream_children`` reads a Sitemap incrementally and frees each part of the tree once the
caller has read it: a 50,000-entry list then never holds its whole tree in memory, and
the parser reuses memory that is still in cache. Whenever its answer could differ from
``parse_tree``'s (a syntax error, a DOCTYPE, a root that is not a Sitemap) it stops with
``StreamUnavailable`` and the caller asks ``parse_unstreamable``, whose errors and their
positions are exactly those of a whole-document parse, found without building the tree.

Memory is bounded while reading, not after: a start tag long enough to span a whole stream
chunk has its attributes counted before lxml sees it (``MAX_ATTRIBUTES``), and an entry
that stays open keeps at most ``MAX_ENTRY_CHILDREN`` children (the rest are counted and
freed as they arrive). Only the root's children and their children are ever read, so
deeper elements are freed as soon as they are complete.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, NoReturn, TypedDict, cast

from lxml import etree

from explorer.core import catalog
from explorer.core.document_limits import MAX_DOCUMENT_BYTES as MAX_DOCUMENT_BYTES
from explorer.core.findings import Finding, finding
from explorer.core.inflate import GZIP_MAGIC, InflateError, InflateLimit, inflate
from explorer.core.syntax_hints import syntax_hint
from explorer.core.words.messages import Phrase

if TYPE_CHECKING:
    from lxml.etree import ParserTarget

# Attributes one element may carry: core 1.1 §7 Table 3 defines 17 for rs:md and rs:ln,
# so a few dozen leave room for extensions and stop a start tag of millions.
MAX_ATTRIBUTES = 64
# Child elements kept for one entry (or other child of the root): loc, lastmod, rs:md
# and a few hundred rs:ln fit many times over; the rest are counted, not kept.
MAX_ENTRY_CHILDREN = 1_000
# Elements a whole-tree parse may build for a document the stream could not read: about
# 150 MB of libxml2 nodes at most.
MAX_TREE_ELEMENTS = 1_000_000


_DOCTYPE_UTF8 = b"<!DOCTYPE"
_DOCTYPE_WIDE = tuple(
    "<!DOCTYPE".encode(codec) for codec in ("utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be")
)
_ELEMENT_START = re.compile(rb"<[A-Za-z_:]")
_POSITION_SUFFIX = re.compile(r",? line \d+, column \d+\s*(\(.*\))?\s*$")
# A start tag read by hand: its name, then name="value" pairs (a value holds no "<").
_TAG_NAME = re.compile(rb"<[^\s/>]+")
_ATTRIBUTE = re.compile(rb"\s+[^\s=/>]+\s*=\s*(?:\"[^\"<]*\"|'[^'<]*')")


class DocumentParseError(Exception):
    """The bytes cannot be read as a Sitemap-format document; ``finding`` says why and where."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.message)
        self.finding = finding


class _RefuseExternal(etree.Resolver):
    """Answer every external entity or DTD fetch with an empty string: no file or URL is read."""

    def resolve(self, system_url, public_id, context):  # type: ignore[no-untyped-def]
        return self.resolve_string("", context)


# Bytes fed to the incremental parser at a time: small enough that the tree built from one
# chunk is still in cache when it is read and freed, large enough that the per-chunk cost
# vanishes. A document no larger than one chunk gains nothing from streaming.
STREAM_CHUNK = 64 * 1024
# Every root the parser accepts is named urlset or sitemapindex, whatever its namespace.
_ROOT_TAGS = ("{*}urlset", "{*}sitemapindex")


class StreamUnavailable(Exception):
    """``stream_children`` cannot answer exactly as ``parse_tree`` would: parse the whole tree."""


class _ParserOptions(TypedDict):
    """The hardening every parser here shares, typed so lxml's keyword arguments are checked."""

    resolve_entities: bool
    no_network: bool
    load_dtd: bool
    dtd_validation: bool
    huge_tree: bool
    remove_comments: bool
    remove_pis: bool
    collect_ids: bool
    remove_blank_text: bool


def _parser_options() -> _ParserOptions:
    return _ParserOptions(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
        collect_ids=False,
        # Whitespace between elements carries nothing in a Sitemap; dropping it makes the
        # tree about 15% faster to build and to walk.
        remove_blank_text=True,
    )


def _make_parser() -> etree.XMLParser:
    parser = etree.XMLParser(**_parser_options())
    parser.resolvers.add(_RefuseExternal())
    return parser


_per_thread = threading.local()


def _thread_parser() -> etree.XMLParser:
    """This thread's hardened parser, built once: a new parser, its resolver and the libxml2
    context it sets up on first use cost about a quarter of reading a small notification.
    Reuse keeps every safety setting (options and resolver are fixed at construction; lxml
    clears the context and error log around every parse). One per thread, because a parser
    parses one document at a time (lxml locks it while parsing)."""
    parser = getattr(_per_thread, "parser", None)
    if parser is None:
        parser = _per_thread.parser = _make_parser()
    return parser


def fail(
    code: str,
    message: str | None = None,
    line: int | None = None,
    column: int | None = None,
    *,
    params: Mapping[str, object] | None = None,
    variant: str = "",
) -> NoReturn:
    """Raise a DocumentParseError carrying a registered finding, its message the code's
    shape over ``params`` (and ``variant``), as ``finding`` makes it."""
    raise DocumentParseError(
        finding(code, message, line=line, column=column, params=params, variant=variant)
    )


def inflate_if_gzip(data: bytes) -> bytes:
    """Decompress gzip input (recognised by its magic bytes) without exceeding the size cap;
    any number of members costs linear time (see ``explorer.core.inflate``)."""
    if not data.startswith(GZIP_MAGIC):
        return data
    try:
        return inflate(data, ["gzip"], MAX_DOCUMENT_BYTES)
    except InflateLimit as exc:
        fail("parse.too-large", params={"detail": _reason(exc)}, variant="gzip")
    except InflateError as exc:
        fail("parse.gzip", params={"detail": _reason(exc)})


def _reason(exc: InflateError) -> Phrase:
    """Why gzip input could not be read, as a finding's detail: its English in the JSON,
    its catalog line in the reader's language."""
    return Phrase(str(exc), exc.key, exc.params)


def _refuse_doctype_in_prolog(data: bytes) -> None:
    """Refuse a DOCTYPE before the first element start tag (it can only be in the prolog),
    scanning only the prolog so a 50 MB document costs nothing extra."""
    root_start = _ELEMENT_START.search(data)
    at = data.find(_DOCTYPE_UTF8, 0, root_start.start() if root_start else len(data))
    if at >= 0:
        _refuse_dtd(line=data.count(b"\n", 0, at) + 1)
    if b"\x00" in data[:4] and any(marker in data for marker in _DOCTYPE_WIDE):
        _refuse_dtd(line=None)


def _refuse_dtd(line: int | None) -> NoReturn:
    fail(
        "parse.dtd-refused",
        line=line,
        params={},
    )


_XMLNS_PREFIX = re.compile(r"redefinition of the xmlns prefix")
"""How libxml2 words a declaration of the reserved ``xmlns`` prefix."""
_XMLNS_DECLARATION = re.compile(rb"""xmlns:xmlns\s*=\s*(?:"[^"<]{0,2000}"|'[^'<]{0,2000}')""")


def _syntax_code(message: str) -> str:
    lowered = message.lower()
    if "excessive depth" in lowered:
        return "parse.too-deep"
    if "amplification" in lowered or ("entity" in lowered and "loop" in lowered):
        return "parse.dtd-refused"
    if "resource limit" in lowered or "huge" in lowered or "too long" in lowered:
        return "parse.resource-limit"
    return "parse.malformed"


def prepare(data: bytes) -> bytes:
    """The checks before any parsing: size cap, gzip inflation, DOCTYPE in the prolog."""
    if len(data) > MAX_DOCUMENT_BYTES:
        fail(
            "parse.too-large",
            params={"size": len(data), "limit": MAX_DOCUMENT_BYTES},
        )
    data = inflate_if_gzip(data)
    _refuse_doctype_in_prolog(data)
    return data


def _has_doctype(root: etree._Element) -> bool:
    docinfo = root.getroottree().docinfo
    return docinfo.internalDTD is not None or bool(docinfo.doctype)


def _fail_syntax(exc: etree.XMLSyntaxError, data: bytes) -> NoReturn:
    line, column = exc.position if exc.position else (None, None)
    message = _POSITION_SUFFIX.sub("", exc.msg or str(exc)).strip()
    message = message or catalog.text("reading.not-well-formed", catalog.ENGLISH)
    code = _syntax_code(message)
    if code == "parse.malformed" and _XMLNS_PREFIX.search(message):
        _fail_xmlns_prefix(data, line, column)
    hint = syntax_hint(data, line, message) if code == "parse.malformed" else None
    if hint is not None:
        fail(
            code,
            catalog.text("hint.malformed", catalog.ENGLISH, detail=message, hint=hint.english),
            line=line,
            column=column,
            params={"detail": message, **hint.params},
            variant=hint.variant,
        )
    fail(
        code,
        line=line,
        column=column,
        params={"detail": message},
        variant="syntax" if code == "parse.dtd-refused" else "",
    )


def _fail_xmlns_prefix(data: bytes, line: int | None, column: int | None) -> NoReturn:
    """``xmlns:xmlns="..."``: libxml2 calls it a redefinition of the xmlns prefix, which
    reads like an XML syntax rule; the rule is Namespaces in XML §3 (the xmlns prefix is
    bound by definition and must not be declared), and the fix is deleting that attribute,
    so the finding names the attribute as the document writes it."""
    found = _XMLNS_DECLARATION.search(data)
    attribute = found.group(0).decode("utf-8", "replace") if found else "xmlns:xmlns"
    fail("parse.xmlns-prefix-declared", line=line, column=column, params={"attribute": attribute})


def parse_tree(data: bytes) -> etree._Element:
    """Parse bytes that went through ``prepare`` into the root element of a whole tree."""
    try:
        root = etree.fromstring(data, _thread_parser())
    except etree.XMLSyntaxError as exc:
        _fail_syntax(exc, data)
    except (etree.LxmlError, ValueError, LookupError) as exc:
        fail(
            "parse.malformed",
            params={"detail": str(exc)},
            variant="unreadable",
        )
    if _has_doctype(root):
        _refuse_dtd(line=None)
    return root


class _NoTree:
    """A parser target that keeps nothing: lxml then builds no tree and calls no Python per
    element, so a whole-document parse costs the parse alone. Only a DOCTYPE is noted."""

    def __init__(self) -> None:
        self.doctype_seen = False

    def doctype(self, name: str | None, public_id: str | None, system_url: str | None) -> None:
        self.doctype_seen = True

    def close(self) -> None:
        return None


def check_well_formed(data: bytes) -> None:
    """Raise exactly the error a whole-tree parse of ``data`` would raise (syntax, limits,
    DOCTYPE), in the memory of the parse alone: no tree is built."""
    target = _NoTree()
    # lxml's stubs want every target method; lxml itself calls only those the target has.
    parser = etree.XMLParser(target=cast("ParserTarget[None]", target), **_parser_options())
    parser.resolvers.add(_RefuseExternal())
    try:
        etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        _fail_syntax(exc, data)
    except (etree.LxmlError, ValueError, LookupError) as exc:
        fail(
            "parse.malformed",
            params={"detail": str(exc)},
            variant="unreadable",
        )
    if target.doctype_seen:
        _refuse_dtd(line=None)


def _line_at(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def check_start_tag(data: bytes, at: int) -> None:
    """Refuse the start tag at ``data[at]`` ("<") if it has more than ``MAX_ATTRIBUTES``
    attributes; stops counting at the first one past the limit, so the cost stays small
    however long the tag is. Anything that does not read as attributes ends the count: the
    parser reports it."""
    name = _TAG_NAME.match(data, at)
    if name is None:
        return
    position, count = name.end(), 0
    match = _ATTRIBUTE.match
    while (attribute := match(data, position)) is not None:
        count += 1
        if count > MAX_ATTRIBUTES:
            fail(
                "parse.too-many-attributes",
                line=_line_at(data, at),
                params={
                    "element": name.group()[1:].decode("utf-8", "replace")[:100],
                    "limit": MAX_ATTRIBUTES,
                },
                variant="refused",
            )
        position = attribute.end()


def check_long_tags(data: bytes) -> None:
    """``check_start_tag`` on every stretch without "<" that covers a whole stream chunk:
    shorter start tags cost little memory whatever they hold."""
    last_open = -1
    checked = -1
    for start in range(0, len(data), STREAM_CHUNK):
        last_open, checked = _check_chunk_tag(data, start, last_open, checked)


def _check_chunk_tag(data: bytes, start: int, last_open: int, checked: int) -> tuple[int, int]:
    """Before ``data[start:start + STREAM_CHUNK]`` is parsed: if it holds no "<", the tag
    or text opened at ``last_open`` spans it, so count that tag's attributes (once).
    Returns the new ``(last_open, checked)``."""
    end = start + STREAM_CHUNK
    opened = data.rfind(b"<", start, end)
    if opened >= 0:
        return opened, checked
    if last_open >= 0 and checked != last_open:
        check_start_tag(data, last_open)
    return last_open, last_open


def _is_sitemap_root(root: etree._Element) -> bool:
    tag = root.tag
    return isinstance(tag, str) and tag.rpartition("}")[2] in ("urlset", "sitemapindex")


def _first_element(data: bytes) -> etree._Element:
    """The root element of a well-formed document, from the first chunks only."""
    parser = etree.XMLPullParser(events=("start",), **_parser_options())
    parser.resolvers.add(_RefuseExternal())
    for start in range(0, len(data), STREAM_CHUNK):
        parser.feed(data[start : start + STREAM_CHUNK])
        for _event, element in parser.read_events():
            return element
    return parser.close()


def parse_unstreamable(data: bytes) -> etree._Element:
    """The answer of ``parse_tree`` for bytes (through ``prepare``) that ``stream_children``
    could not read, within budget: the same error, or a root that is not a Sitemap (only its
    start is parsed), or the whole tree of a Sitemap the incremental parser refused, which is
    built only when its tags and element count fit the budgets."""
    check_well_formed(data)
    root = _first_element(data)
    if not _is_sitemap_root(root):
        return root
    check_long_tags(data)
    elements = data.count(b"<")
    if elements > MAX_TREE_ELEMENTS:
        fail(
            "parse.resource-limit",
            params={"count": elements, "limit": MAX_TREE_ELEMENTS},
            variant="whole",
        )
    return parse_tree(data)


def load_root(data: bytes) -> tuple[etree._Element, int]:
    """Parse untrusted bytes into the root element; returns it with the (inflated) byte size."""
    data = prepare(data)
    return parse_tree(data), len(data)


class EntryCount:
    """Set ``tag`` when no more of the root's children are wanted: the stream then frees
    them unread, counting in ``count`` those with that tag. The count runs in libxml2 (an
    XPath name test), with no Python object per element, so the rest of a document of
    millions of entries costs little more than its parse."""

    __slots__ = ("_xpath", "count", "tag")

    def __init__(self) -> None:
        self.tag: str | None = None
        self.count = 0
        self._xpath: etree.XPath | None = None

    def add_children(self, root: etree._Element, open_last: bool) -> None:
        """Count the root's children with ``tag``, all but the last if it is still open."""
        if self._xpath is None:
            uri, _brace, local = (self.tag or "").rpartition("}")
            self._xpath = (
                etree.XPath(f"count(e:{local})", namespaces={"e": uri[1:]})
                if uri
                else etree.XPath(f"count({local})")
            )
        count = int(self._xpath(root))
        if open_last and count and root[-1].tag == self.tag:
            count -= 1
        self.count += count


class _OpenChild:
    """The root's last child while it is still open across chunks: how many of its children
    were already looked at, and how many were dropped past ``MAX_ENTRY_CHILDREN``."""

    __slots__ = ("dropped", "element", "seen")

    def __init__(self, element: etree._Element) -> None:
        self.element = element
        self.seen = 0
        self.dropped = 0

    def trim(self) -> None:
        """Free what the reader will never read: children of complete children, every
        complete element below the open child, and children past the budget."""
        element = self.element
        count = len(element)
        if count > 1:
            for child in element[self.seen : count - 1]:
                if len(child):
                    del child[:]
            if count - 1 > MAX_ENTRY_CHILDREN:
                del element[MAX_ENTRY_CHILDREN : count - 1]
                self.dropped += count - 1 - MAX_ENTRY_CHILDREN
                count = MAX_ENTRY_CHILDREN + 1
            self.seen = count - 1
        if count:
            below = element[-1]
            while (nested := len(below)) > 0:
                if nested > 1:
                    del below[: nested - 1]
                below = below[-1]


def stream_children(
    data: bytes,
    dropped: dict[etree._Element, int] | None = None,
    unread: EntryCount | None = None,
) -> Iterator[tuple[etree._Element, list[etree._Element]]]:
    """Parse bytes that went through ``prepare`` incrementally, yielding ``(root, children)``
    batches: the root's children in document order, each batch complete. A batch is removed
    from the tree (and freed) when the caller asks for the next one, so the caller must not
    keep the elements. Raises ``StreamUnavailable`` instead of any parse error, and for a
    DOCTYPE or a root other than urlset/sitemapindex; ``DocumentParseError`` for a start
    tag over ``MAX_ATTRIBUTES``. A child of the root that had children past
    ``MAX_ENTRY_CHILDREN`` is in ``dropped`` (if given) with their number. Once
    ``unread.tag`` is set, children are counted and freed instead of yielded."""
    parser = etree.XMLPullParser(events=("start",), tag=_ROOT_TAGS, **_parser_options())
    parser.resolvers.add(_RefuseExternal())
    root: etree._Element | None = None
    open_child: _OpenChild | None = None
    last_open = checked = -1
    try:
        for start in range(0, len(data), STREAM_CHUNK):
            last_open, checked = _check_chunk_tag(data, start, last_open, checked)
            parser.feed(data[start : start + STREAM_CHUNK])
            for _event, element in parser.read_events():
                if root is None:
                    if element.getparent() is not None or _has_doctype(element):
                        raise StreamUnavailable
                    root = element
            if root is None:
                continue
            # Only the last child can still be open: everything before it is complete.
            done = len(root) - 1
            if done >= 0:
                last = root[-1]
                if open_child is None or open_child.element is not last:
                    _note_dropped(open_child, dropped)
                    open_child = _OpenChild(last)
                open_child.trim()
            if done > 0 and unread is not None and unread.tag is not None:
                unread.add_children(root, open_last=True)
                del root[:done]
            elif done > 0:
                batch = root[:done]
                yield root, batch
                batch.clear()  # drop the proxies first, so that deleting frees the nodes
                del root[:done]
        last = parser.close()
    except (etree.LxmlError, ValueError, LookupError) as exc:
        raise StreamUnavailable from exc
    if root is None or last is not root:
        raise StreamUnavailable
    _note_dropped(open_child, dropped)
    if unread is not None and unread.tag is not None:
        unread.add_children(root, open_last=False)
        del root[:]
    yield root, root[:]


def _note_dropped(open_child: _OpenChild | None, dropped: dict[etree._Element, int] | None) -> None:
    if open_child is not None and open_child.dropped and dropped is not None:
        dropped[open_child.element] = open_child.dropped
