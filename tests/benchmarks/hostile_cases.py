"""Builders for the hostile inputs of ``bench_hostile_inputs.py``.

Everything is generated, never copied from a spec or a fixture. Bombs are built by
streaming zeros (or spaces) through zlib, so building one never holds the inflated bytes;
the two slow ones (a 3 GiB nested gzip, a 1 GiB deflated ZIP member) are cached on disk
under a name that carries their parameters, because they take seconds to build and are
the same on every run.
"""

from __future__ import annotations

import gzip
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path

KIB, MIB, GIB = 1 << 10, 1 << 20, 1 << 30
NAMESPACES = (
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/"'
)
STAMP = "2026-01-01T00:00:00Z"
PROLOG = '<?xml version="1.0" encoding="UTF-8"?>\n'
_ZEROS = bytes(16 * MIB)
_SPACES = b" " * MIB


def _gzip_of_zeros(size: int) -> Iterator[bytes]:
    """One gzip member whose content is ``size`` zero bytes, yielded as it is compressed."""
    packer = zlib.compressobj(9, zlib.DEFLATED, 31)
    left = size
    while left:
        step = min(left, len(_ZEROS))
        if out := packer.compress(_ZEROS[:step] if step < len(_ZEROS) else _ZEROS):
            yield out
        left -= step
    yield packer.flush()


def nested_gzip_bomb(cache: Path, inflated: int = 3 * GIB) -> bytes:
    """``gzip(gzip(zeros))`` for ``Content-Encoding: gzip, gzip``: about 5 KB on the wire,
    ``inflated`` bytes once both layers are decoded."""
    path = cache / f"gzip-gzip-zeros-{inflated}.bin"
    if not path.exists():
        outer = zlib.compressobj(9, zlib.DEFLATED, 31)
        wire = b"".join(outer.compress(part) for part in _gzip_of_zeros(inflated))
        _write_atomically(path, wire + outer.flush())
    return path.read_bytes()


def manifest_bomb_package(cache: Path, inflated: int = GIB) -> Path:
    """A ZIP dump package whose ``manifest.xml`` (a Resource Dump Manifest padded with
    spaces, deflated at level 9) inflates to ``inflated`` bytes; the package is about 1 MB."""
    path = cache / f"manifest-bomb-{inflated}.zip"
    if path.exists():
        return path
    head = (
        f'{PROLOG}<urlset {NAMESPACES}>\n<rs:md capability="resourcedump-manifest" at="{STAMP}"/>\n'
    ).encode()
    tail = b"\n</urlset>\n"
    partial = path.with_suffix(".partial")
    with (
        zipfile.ZipFile(partial, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as package,
        package.open("manifest.xml", "w") as member,
    ):
        member.write(head)
        left = inflated - len(head) - len(tail)
        while left > 0:
            step = min(left, len(_SPACES))
            member.write(_SPACES[:step])
            left -= step
        member.write(tail)
    partial.replace(path)
    return path


def empty_gzip_members(total: int = 4 * MIB) -> bytes:
    """As many empty gzip members as fit in ``total`` bytes, back to back (RFC 1952 allows
    a file of several members; a decoder that copies the rest after each one is quadratic)."""
    member = gzip.compress(b"", mtime=0)
    return member * (total // len(member))


def _write_atomically(path: Path, data: bytes) -> None:
    partial = path.with_suffix(".partial")
    partial.write_bytes(data)
    partial.replace(path)


# --- documents ---------------------------------------------------------------------------


def url_entry(loc: str, md: str = "", links: tuple[tuple[str, str], ...] = ()) -> str:
    parts = [f"<url><loc>{loc}</loc>"]
    if md:
        parts.append(f"<rs:md {md}/>")
    parts += [f'<rs:ln rel="{rel}" href="{href}"/>' for rel, href in links]
    parts.append("</url>")
    return "".join(parts)


def document(
    capability: str,
    entries: list[str],
    links: tuple[tuple[str, str], ...] = (),
    root: str = "urlset",
    times: str = f'at="{STAMP}"',
) -> bytes:
    """A small ResourceSync document: the root, its ``rs:ln`` links, ``rs:md``, the entries."""
    heads = "".join(f'<rs:ln rel="{rel}" href="{href}"/>\n' for rel, href in links)
    body = "\n".join(entries)
    return (
        f"{PROLOG}<{root} {NAMESPACES}>\n{heads}"
        f'<rs:md capability="{capability}" {times}/>\n{body}\n</{root}>\n'
    ).encode()


def sitemap_entry(loc: str) -> str:
    return f"<sitemap><loc>{loc}</loc></sitemap>"


def many_attributes_document(count: int = 2_500_000) -> bytes:
    """Well-formed: the document-level ``rs:md`` carries ``count`` distinct attributes."""
    head = f'{PROLOG}<urlset {NAMESPACES}>\n<rs:md capability="resourcelist" at="{STAMP}" '
    attributes = b" ".join(b'a%d=""' % i for i in range(count))
    return b"".join([head.encode(), attributes, b"/>\n</urlset>\n"])


def empty_urls_document(count: int = 10_000_000) -> bytes:
    """Well-formed: ``count`` empty ``<url/>`` elements (6 bytes each)."""
    head = f'{PROLOG}<urlset {NAMESPACES}>\n<rs:md capability="resourcelist" at="{STAMP}"/>\n'
    return b"".join([head.encode(), b"<url/>" * count, b"\n</urlset>\n"])


def many_links_document(count: int = 2_000_000) -> bytes:
    """Well-formed: one entry with ``count`` ``rs:ln`` links."""
    head = (
        f'{PROLOG}<urlset {NAMESPACES}>\n<rs:md capability="resourcelist" at="{STAMP}"/>\n'
        "<url><loc>http://example.org/one</loc>"
    )
    link = b'<rs:ln rel="alternate" href="a"/>'
    return b"".join([head.encode(), link * count, b"</url>\n</urlset>\n"])


def padded_description(size: int) -> tuple[int, Iterator[bytes]]:
    """A Source Description padded with whitespace to ``size`` bytes: (length, chunks)."""
    head = f'{PROLOG}<urlset {NAMESPACES}>\n<rs:md capability="description"/>\n'.encode()
    tail = b"\n</urlset>\n"

    def chunks() -> Iterator[bytes]:
        yield head
        left = size - len(head) - len(tail)
        while left > 0:
            step = min(left, len(_SPACES))
            yield _SPACES[:step]
            left -= step
        yield tail

    return size, chunks()


def large_resource_list(base: str, component: int, size: int, index_url: str, up: str) -> bytes:
    """A Resource List of about ``size`` bytes of distinct entries (a component of an index)."""
    head = document("resourcelist", [], links=(("up", up), ("index", index_url)))
    head = head[: head.rindex(b"</urlset>")]
    rows: list[bytes] = []
    total = len(head)
    number = 0
    while total < size:
        row = (
            f"<url><loc>{base}/r/{component}/{number}</loc><lastmod>{STAMP}</lastmod></url>\n"
        ).encode()
        rows.append(row)
        total += len(row)
        number += 1
    return b"".join([head, *rows, b"</urlset>\n"])


def html_page(hrefs: list[str]) -> bytes:
    """An HTML page whose head links to ``hrefs`` with ``rel="resourcesync"``."""
    links = "\n".join(f'<link rel="resourcesync" href="{href}">' for href in hrefs)
    return (
        f"<!DOCTYPE html>\n<html><head><title>links</title>\n{links}\n</head>"
        "<body><p>A page.</p></body></html>\n"
    ).encode()


def change_notification(loc: str) -> bytes:
    """A one-entry change notification payload, as a hub would deliver it."""
    return document(
        "change-notification",
        [url_entry(loc, f'change="updated" datetime="{STAMP}"')],
        times=f'from="{STAMP}" until="{STAMP}"',
    )
