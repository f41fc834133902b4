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
``StreamUnavailable`` and the caller parses the whole tree instead, so errors and their
positions are exactly those of a whole-document parse.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from typing import NoReturn

from lxml import etree

from explorer.core.findings import Finding, finding
from explorer.core.inflate import GZIP_MAGIC, InflateError, InflateLimit, inflate

# The spec's limit is 50 MB per document (core 1.1 §7); a little headroom lets the validator
# report an over-limit document as a size finding instead of refusing to read it.
MAX_DOCUMENT_BYTES = 64 * 1024 * 1024


_DOCTYPE_UTF8 = b"<!DOCTYPE"
_DOCTYPE_WIDE = tuple(
    "<!DOCTYPE".encode(codec) for codec in ("utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be")
)
_ELEMENT_START = re.compile(rb"<[A-Za-z_:]")
_POSITION_SUFFIX = re.compile(r",? line \d+, column \d+\s*(\(.*\))?\s*$")


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


def _parser_options() -> dict[str, object]:
    return dict(
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


def fail(code: str, message: str, line: int | None = None, column: int | None = None) -> NoReturn:
    """Raise a DocumentParseError carrying a registered finding."""
    raise DocumentParseError(finding(code, message, line=line, column=column))


def inflate_if_gzip(data: bytes) -> bytes:
    """Decompress gzip input (recognised by its magic bytes) without exceeding the size cap;
    any number of members costs linear time (see ``explorer.core.inflate``)."""
    if not data.startswith(GZIP_MAGIC):
        return data
    try:
        return inflate(data, ["gzip"], MAX_DOCUMENT_BYTES)
    except InflateLimit as exc:
        fail("parse.too-large", f"gzip input: {exc}; refusing to read further")
    except InflateError as exc:
        fail("parse.gzip", f"gzip input cannot be read: {exc}")


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
        "document has a DOCTYPE declaration; DTDs and entities are refused for safety "
        "(ResourceSync documents never need one)",
        line=line,
    )


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
            f"document is {len(data):,} bytes; the parser reads at most {MAX_DOCUMENT_BYTES:,}",
        )
    data = inflate_if_gzip(data)
    _refuse_doctype_in_prolog(data)
    return data


def _has_doctype(root: etree._Element) -> bool:
    docinfo = root.getroottree().docinfo
    return docinfo.internalDTD is not None or bool(docinfo.doctype)


def parse_tree(data: bytes) -> etree._Element:
    """Parse bytes that went through ``prepare`` into the root element of a whole tree."""
    try:
        root = etree.fromstring(data, _thread_parser())
    except etree.XMLSyntaxError as exc:
        line, column = exc.position if exc.position else (None, None)
        message = _POSITION_SUFFIX.sub("", exc.msg or str(exc)).strip() or "not well-formed XML"
        fail(_syntax_code(message), f"XML is not well-formed: {message}", line=line, column=column)
    except (etree.LxmlError, ValueError, LookupError) as exc:
        fail("parse.malformed", f"XML cannot be read: {exc}")
    if _has_doctype(root):
        _refuse_dtd(line=None)
    return root


def load_root(data: bytes) -> tuple[etree._Element, int]:
    """Parse untrusted bytes into the root element; returns it with the (inflated) byte size."""
    data = prepare(data)
    return parse_tree(data), len(data)


def stream_children(data: bytes) -> Iterator[tuple[etree._Element, list[etree._Element]]]:
    """Parse bytes that went through ``prepare`` incrementally, yielding ``(root, children)``
    batches: the root's children in document order, each batch complete. A batch is removed
    from the tree (and freed) when the caller asks for the next one, so the caller must not
    keep the elements. Raises ``StreamUnavailable`` instead of any parse error, and for a
    DOCTYPE or a root other than urlset/sitemapindex."""
    parser = etree.XMLPullParser(events=("start",), tag=_ROOT_TAGS, **_parser_options())
    parser.resolvers.add(_RefuseExternal())
    root: etree._Element | None = None
    try:
        for start in range(0, len(data), STREAM_CHUNK):
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
            if done > 0:
                batch = root[:done]
                yield root, batch
                batch.clear()  # drop the proxies first, so that deleting frees the nodes
                del root[:done]
        last = parser.close()
    except (etree.LxmlError, ValueError, LookupError) as exc:
        raise StreamUnavailable from exc
    if root is None or last is not root:
        raise StreamUnavailable
    yield root, root[:]
