"""Write a ``Document`` back out as ResourceSync core 1.1 XML.

The demo Source builds its documents from the model and the hub workbench uses
the same writer for its templates, so one function decides element order and
namespaces: ``rs:ln`` before ``rs:md`` at the top (as in the core 1.1 examples,
§7), then each entry's ``loc``, ``lastmod``, ``changefreq``, ``rs:md`` and ``rs:ln``.
Attribute order is the order of the model's dicts, so output is stable.
"""

from __future__ import annotations

from lxml import etree

from explorer.core.model import RS_NS, SITEMAP_NS, SITEMAPINDEX, URLSET, Document, Entry, Link

_NSMAP = {None: SITEMAP_NS, "rs": RS_NS}
_ROOTS = (URLSET, SITEMAPINDEX)


def _sm(name: str) -> str:
    return f"{{{SITEMAP_NS}}}{name}"


def _rs(name: str) -> str:
    return f"{{{RS_NS}}}{name}"


def _add_link(parent: etree._Element, link: Link) -> None:
    element = etree.SubElement(parent, _rs("ln"))
    if link.rel is not None:
        element.set("rel", link.rel)
    if link.href is not None:
        element.set("href", link.href)
    for name, value in link.attributes.items():
        if name not in ("rel", "href"):
            element.set(name, value)


def _add_md(parent: etree._Element, md: dict[str, str]) -> None:
    element = etree.SubElement(parent, _rs("md"))
    for name, value in md.items():
        element.set(name, value)


def _add_entry(root: etree._Element, child: str, entry: Entry) -> None:
    element = etree.SubElement(root, _sm(child))
    if entry.loc is not None:
        etree.SubElement(element, _sm("loc")).text = entry.loc
    if entry.lastmod is not None:
        etree.SubElement(element, _sm("lastmod")).text = entry.lastmod
    if entry.changefreq is not None:
        etree.SubElement(element, _sm("changefreq")).text = entry.changefreq
    if entry.md:
        _add_md(element, entry.md)
    for link in entry.links:
        _add_link(element, link)


def serialize_document(doc: Document) -> bytes:
    """UTF-8 XML with declaration, indented, for a ``urlset`` or ``sitemapindex`` Document.

    A document-level ``rs:md`` is always written (core 1.1 §7 makes it mandatory);
    entries go into ``<url>`` or ``<sitemap>`` according to the root.
    """
    if doc.root not in _ROOTS:
        raise ValueError(f"cannot serialize a document with root {doc.root!r}")
    root = etree.Element(_sm(doc.root), nsmap=_NSMAP)
    for link in doc.links:
        _add_link(root, link)
    _add_md(root, doc.md)
    child = "sitemap" if doc.root == SITEMAPINDEX else "url"
    for entry in doc.entries:
        _add_entry(root, child, entry)
    etree.indent(root, space="  ")
    body = etree.tostring(root, xml_declaration=False, encoding="UTF-8")
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + body + b"\n"
