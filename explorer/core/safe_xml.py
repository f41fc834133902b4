"""Turning untrusted bytes into an lxml tree, safely.

Every ResourceSync document comes from someone else's server, so the bytes are hostile
until proven otherwise. Safety does not depend on one mechanism:

- input size is capped before parsing, and gzip is inflated in bounded steps, so a
  zip bomb stops at ``MAX_DOCUMENT_BYTES``;
- a DOCTYPE is refused before lxml sees the bytes (no ResourceSync document needs one),
  and checked again on the parsed tree for encodings the byte scan cannot read;
- the lxml parser never loads a DTD, never substitutes entities, never touches the
  network, and has a resolver that answers every external fetch with nothing;
- ``huge_tree`` stays off, so libxml2 keeps its own limits (nesting depth 256, text nodes
  and names of 10 MB), far above anything a Sitemap needs.
"""

from __future__ import annotations

import re
import zlib
from typing import NoReturn

from lxml import etree

from explorer.core.findings import Finding, finding

# The spec's limit is 50 MB per document (core 1.1 §7); a little headroom lets the validator
# report an over-limit document as a size finding instead of refusing to read it.
MAX_DOCUMENT_BYTES = 64 * 1024 * 1024

GZIP_MAGIC = b"\x1f\x8b"
_INFLATE_STEP = 1024 * 1024

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


def _make_parser() -> etree.XMLParser:
    parser = etree.XMLParser(
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
    parser.resolvers.add(_RefuseExternal())
    return parser


def fail(code: str, message: str, line: int | None = None, column: int | None = None) -> NoReturn:
    """Raise a DocumentParseError carrying a registered finding."""
    raise DocumentParseError(finding(code, message, line=line, column=column))


def inflate_if_gzip(data: bytes) -> bytes:
    """Decompress gzip input (recognised by its magic bytes) without exceeding the size cap."""
    if not data.startswith(GZIP_MAGIC):
        return data
    out: list[bytes] = []
    total = 0
    pending = data
    while pending:
        inflater = zlib.decompressobj(wbits=31)
        chunk_input = pending
        try:
            while True:
                piece = inflater.decompress(chunk_input, _INFLATE_STEP)
                total += len(piece)
                if total > MAX_DOCUMENT_BYTES:
                    fail(
                        "parse.too-large",
                        f"gzip input inflates to more than {MAX_DOCUMENT_BYTES:,} bytes; "
                        "refusing to read further",
                    )
                out.append(piece)
                chunk_input = inflater.unconsumed_tail
                if inflater.eof or not (chunk_input or piece):
                    break
        except zlib.error as exc:
            fail("parse.gzip", f"gzip input is corrupt: {exc}")
        if not inflater.eof:
            fail("parse.gzip", "gzip input is truncated")
        pending = inflater.unused_data
        if pending and not pending.startswith(GZIP_MAGIC):
            # Trailing garbage (often zero padding) after the last member: ignore it like gzip(1).
            break
    return b"".join(out)


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


def load_root(data: bytes) -> tuple[etree._Element, int]:
    """Parse untrusted bytes into the root element; returns it with the (inflated) byte size."""
    if len(data) > MAX_DOCUMENT_BYTES:
        fail(
            "parse.too-large",
            f"document is {len(data):,} bytes; the parser reads at most {MAX_DOCUMENT_BYTES:,}",
        )
    data = inflate_if_gzip(data)
    _refuse_doctype_in_prolog(data)
    try:
        root = etree.fromstring(data, _make_parser())
    except etree.XMLSyntaxError as exc:
        line, column = exc.position if exc.position else (None, None)
        message = _POSITION_SUFFIX.sub("", exc.msg or str(exc)).strip() or "not well-formed XML"
        fail(_syntax_code(message), f"XML is not well-formed: {message}", line=line, column=column)
    except (etree.LxmlError, ValueError, LookupError) as exc:
        fail("parse.malformed", f"XML cannot be read: {exc}")
    docinfo = root.getroottree().docinfo
    if docinfo.internalDTD is not None or docinfo.doctype:
        _refuse_dtd(line=None)
    return root, len(data)
