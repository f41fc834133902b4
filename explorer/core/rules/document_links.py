"""Document-level rs:ln links (core 1.1 §6.2 navigation, §7 attributes, §8-§13).

``check_link_attributes`` is shared with the entry pass: every rs:ln, at document or
entry level, needs href and rel, a pri in 1..999999 when given, values of the §7 Table 3
attributes that mean what they say, and a namespace prefix on any other attribute.
"""

from __future__ import annotations

from explorer.core.findings import Finding, finding
from explorer.core.model import Document, Link
from explorer.core.rules import capabilities as caps
from explorer.core.rules.context import ValidationContext
from explorer.core.rules.datetimes import datetime_hint, is_w3c_datetime
from explorer.core.rules.phrases import link_place, on_link, place
from explorer.core.rules.values import (
    check_hash,
    is_length,
    is_media_type,
    is_uri_reference,
    length_invalid,
    type_invalid,
)
from explorer.core.rules.well_known import capability_list_at_well_known
from explorer.core.words.messages import Phrase

MAX_PRI = 999_999

# core 1.1 §7 Table 3: the rs:ln attributes ResourceSync defines (and the schema's profile);
# any other needs a namespace of its own, written with a prefix.
LINK_ATTRIBUTES = frozenset(
    {"encoding", "hash", "href", "length", "modified", "path", "pri", "profile", "rel", "type"}
)
_PLAIN_LINK = frozenset({"href", "rel"})

# Where core 1.1 states the document's up link is mandatory, for messages.
_UP_SECTION = {
    caps.CAPABILITYLIST: "§9",
    caps.RESOURCELIST: "§10.1",
    caps.RESOURCEDUMP: "§11.1",
    caps.RESOURCEDUMP_MANIFEST: "§11.2",
    caps.CHANGELIST: "§12.1",
    caps.CHANGEDUMP: "§13.1",
    caps.CHANGEDUMP_MANIFEST: "§13.2",
}

_INDEX_UP_SECTION = {caps.RESOURCELIST: "§10.2", caps.CHANGELIST: "§12.2"}


def check_link_attributes(
    link: Link, out: list[Finding], where: Phrase, names_checked: bool = True
) -> None:
    """href and rel are mandatory on every rs:ln; pri is an integer in 1..999999; the other
    §7 attributes are judged as on rs:md. ``where`` is the link's place (``phrases.place``:
    "in this entry"). ``names_checked=False`` for the 2012 alpha's xhtml:link, whose
    attribute names followed XHTML, not §7."""
    href = link.href
    if href and not is_uri_reference(href):
        out.append(
            finding(
                "document.link-href-invalid",
                line=link.line,
                params={"href": href[:200], "link": link_place(link.rel, where)},
            )
        )
    elif not href:
        out.append(
            finding(
                "document.link-href-missing",
                line=link.line,
                params={"link": link_place(link.rel, where)},
            )
        )
    if not link.rel:
        out.append(
            finding(
                "document.link-rel-missing",
                line=link.line,
                params={"link": link_place(link.rel, where)},
            )
        )
    attributes = link.attributes
    if _PLAIN_LINK.issuperset(attributes):
        return
    pri = attributes.get("pri")
    if pri is not None and not (pri.isascii() and pri.isdigit() and 1 <= int(pri) <= MAX_PRI):
        out.append(
            finding(
                "document.link-pri-invalid",
                line=link.line,
                params={"pri": pri, "link": link_place(link.rel, where)},
            )
        )
    _check_link_values(link, out, where)
    if names_checked:
        _check_link_names(link, out, where)


def _check_link_values(link: Link, out: list[Finding], link_where: Phrase) -> None:
    """core 1.1 §7: length, modified, hash, type and path mean on rs:ln what they mean
    on rs:md, so they are judged the same way and reported with the same codes."""
    attributes, line = link.attributes, link.line

    def where() -> Phrase:  # said only for a finding: most links have none
        return on_link(link_place(link.rel, link_where))

    value = attributes.get("length")
    if value is not None and not is_length(value):
        out.append(length_invalid(value, line, where()))
    value = attributes.get("modified")
    if value is not None and not is_w3c_datetime(value):
        out.append(
            finding(
                "document.datetime-invalid",
                line=line,
                params={
                    "attribute": "modified",
                    "value": value,
                    "where": where(),
                    "explanation": datetime_hint(value),
                },
                variant="where",
            )
        )
    value = attributes.get("hash")
    if value is not None:
        check_hash(value, line, out, where)
    value = attributes.get("type")
    if value is not None and not is_media_type(value):
        out.append(type_invalid(value, line, where()))
    value = attributes.get("path")
    if value is not None and not value.startswith("/"):
        out.append(
            finding(
                "document.path-not-absolute",
                line=line,
                params={"value": value, "where": where()},
                variant="where",
            )
        )


def _check_link_names(link: Link, out: list[Finding], where: Phrase) -> None:
    unknown = [name for name in link.attributes if name[0] != "{" and name not in LINK_ATTRIBUTES]
    if unknown:
        names = ", ".join(f'"{name}"' for name in unknown[:5])
        out.append(
            finding(
                "document.attribute-unnamespaced",
                line=link.line,
                params={"names": names, "link": link_place(link.rel, where)},
            )
        )


def check(doc: Document, context: ValidationContext, out: list[Finding]) -> None:
    if doc.legacy and doc.md_line is None:
        # A pre-1.0 document: its links are xhtml:link elements the parser already flagged
        # as legacy, with the 1.1 rs:ln form named; 1.1 link rules would only repeat that.
        return
    for link in doc.links:
        check_link_attributes(link, out, place("on-document"), not doc.legacy)
    capability = doc.capability
    if capability is None or not caps.is_known(capability):
        return
    name = caps.display_name(capability, doc.is_index)
    ups = doc.links_with("up")
    if capability == caps.DESCRIPTION:
        if ups:
            out.append(
                finding(
                    "document.up-unexpected",
                    line=ups[0].line,
                    params={},
                )
            )
    elif not ups:
        if caps.up_required(capability) and not capability_list_at_well_known(doc, context):
            target = caps.display_name(caps.expected_up_capability(capability))
            section = (
                _INDEX_UP_SECTION.get(capability, "§6.2")
                if doc.is_index
                else (_UP_SECTION.get(capability, "§6.2"))
            )
            out.append(
                finding(
                    "document.up-missing",
                    line=doc.md_line if doc.md_line is not None else doc.line,
                    params={"name": name, "target_name": target, "section": section},
                )
            )
    else:
        if len(ups) > 1:
            out.append(
                finding(
                    "document.up-repeated",
                    line=ups[1].line,
                    params={
                        "count": len(ups),
                        "target_name": caps.display_name(caps.expected_up_capability(capability)),
                    },
                )
            )
        _check_up_target(doc, context, ups[0], out)
    _check_index_link(doc, context, out)
    if capability in (caps.DESCRIPTION, caps.CAPABILITYLIST) and not doc.links_with("describedby"):
        described = "description" if capability == caps.DESCRIPTION else ""
        out.append(
            finding(
                "document.describedby-missing",
                line=doc.md_line if doc.md_line is not None else doc.line,
                params={"name": name},
                variant=described,
            )
        )


def _check_up_target(
    doc: Document, context: ValidationContext, up: Link, out: list[Finding]
) -> None:
    parent = context.parent
    if parent is None or context.parent_url is None or up.href is None:
        return
    if parent.is_index:
        # A component's up is its index's up: both point at the Capability List.
        expected = parent.link_href("up")
        variant = "index"
    elif parent.capability == caps.expected_up_capability(doc.capability):
        expected = context.parent_url
        variant = ""
    else:
        return
    if expected is not None and up.href != expected:
        out.append(
            finding(
                "document.up-not-parent",
                line=up.line,
                params={
                    "href": up.href,
                    "expected": expected,
                    "parent_name": caps.display_name(parent.capability),
                },
                variant=variant,
            )
        )


def _check_index_link(doc: Document, context: ValidationContext, out: list[Finding]) -> None:
    index_links = doc.links_with("index")
    capability = doc.capability
    if index_links and (doc.is_index or not caps.can_be_index(capability)):
        out.append(
            finding(
                "document.index-link-unexpected",
                line=index_links[0].line,
                params={"name": caps.display_name(capability)},
                variant="index" if doc.is_index else "",
            )
        )
        return
    parent = context.parent
    if parent is None or not parent.is_index or doc.is_index:
        return
    if not index_links:
        out.append(
            finding(
                "document.index-link-missing",
                line=doc.md_line if doc.md_line is not None else doc.line,
                params={
                    "name": caps.display_name(capability),
                    "parent_url": context.parent_url or "...",
                },
            )
        )
    elif context.parent_url is not None and index_links[0].href != context.parent_url:
        out.append(
            finding(
                "document.index-link-not-parent",
                line=index_links[0].line,
                params={"href": index_links[0].href, "parent_url": context.parent_url},
            )
        )
