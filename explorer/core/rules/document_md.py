"""The document-level rs:md: presence, place, capability and time attributes.

core 1.1 §7 (rs:md is mandatory, capability values, W3C Datetime), §6.1 (how
documents nest, indexes), Appendix A Table 4 (at/from per document type), and the
notification specs' §3 (change notifications need from and until).
"""

from __future__ import annotations

from explorer.core.findings import Finding, finding
from explorer.core.model import Document
from explorer.core.rules import capabilities as caps
from explorer.core.rules.capability_hints import index_capability_finding
from explorer.core.rules.context import ValidationContext
from explorer.core.rules.time_attributes import check_time_attributes


def check(doc: Document, context: ValidationContext, out: list[Finding]) -> None:
    line = doc.md_line if doc.md_line is not None else doc.line
    name = caps.display_name(doc.capability, doc.is_index)
    if doc.md_line is None and (doc.legacy or not doc.md):
        if doc.legacy:
            out.append(
                finding(
                    "document.legacy-md-missing",
                    "This is a pre-1.0 (2012 draft) document: ResourceSync 1.1 says what a "
                    'document is with <rs:md capability="..."/> (plus at, or from for change '
                    "documents) as the first child of the root; add it when moving to 1.1.",
                    line=doc.line,
                    params={},
                )
            )
        elif (
            context.declared_capability is None
            and context.parent is None
            and not doc.links
            and _capability_from_entries(doc) is None
        ):
            out.append(
                finding(
                    "document.plain-sitemap",
                    "This is a plain Sitemap: it has no rs:md, so ResourceSync clients cannot tell "
                    "what it is. To publish it as a Resource List add "
                    '<rs:md capability="resourcelist" at="..."/> as the first child of the root.',
                    line=doc.line,
                    params={},
                )
            )
        else:
            out.append(
                finding(
                    "document.md-missing",
                    "The document has no <rs:md> element; add one as the first child of "
                    f"<{doc.root}> with the capability attribute"
                    + _guessed(_capability_from_entries(doc)),
                    line=doc.line,
                    params={"root": doc.root},
                )
            )
            _check_declared(doc, context, out)
        return
    capability = doc.capability
    if capability is None:
        out.append(
            finding(
                "document.capability-missing",
                "The document <rs:md> has no capability attribute; add e.g. "
                'capability="resourcelist" to say what this document is.',
                line=line,
                params={},
            )
        )
    elif not caps.is_known(capability):
        hinted = index_capability_finding(
            "document.capability-unknown", capability, line, {"capability": capability}
        )
        out.append(
            hinted
            or finding(
                "document.capability-unknown",
                f'capability="{capability}" is not a ResourceSync capability; use one of '
                f"{', '.join(sorted(caps.KNOWN_CAPABILITIES))}.",
                line=line,
                params={
                    "capability": capability,
                    "known": ", ".join(sorted(caps.KNOWN_CAPABILITIES)),
                },
            )
        )
    _check_declared(doc, context, out)
    _check_root(doc, capability, name, out)
    _check_times(doc, capability, name, line, out)


# Entry attributes that only ResourceSync documents of one kind carry (core 1.1 §7 Table 3,
# §8-§13): a document whose entries use them is that kind of document, missing its rs:md.
_ENTRY_MARKS = (
    ("change", "changelist", 'from="..."'),
    ("capability", "capabilitylist", ""),
    ("path", "resourcedump-manifest", 'at="..."'),
)


def _capability_from_entries(doc: Document) -> tuple[str, str, str] | None:
    """(attribute, capability, time attribute) for the first ResourceSync-only entry
    attribute found, or None when the entries could be a plain Sitemap's."""
    for entry in doc.entries:
        md = entry.md
        if md:
            for attribute, capability, time in _ENTRY_MARKS:
                if attribute in md:
                    if md[attribute] == caps.CAPABILITYLIST:  # entries of a Source Description
                        capability = caps.DESCRIPTION
                    return attribute, capability, time
    return None


def _guessed(guess: tuple[str, str, str] | None) -> str:
    if guess is None:
        return "."
    attribute, capability, time = guess
    return (
        f"; core 1.1 §7 makes it mandatory in every ResourceSync document, and the entries "
        f"carry ResourceSync {attribute} attributes, so this is one: for a "
        f"{caps.display_name(capability)} add "
        f'<rs:md capability="{capability}"{" " + time if time else ""}/>.'
    )


def _check_declared(doc: Document, context: ValidationContext, out: list[Finding]) -> None:
    declared = context.declared_capability
    parent = context.parent
    if declared is None and parent is not None and parent.is_index:
        declared = parent.capability
    if declared is not None and doc.capability is not None and declared != doc.capability:
        via = (
            "the index it is listed in"
            if parent is not None and parent.is_index
            else ("its parent document")
        )
        out.append(
            finding(
                "document.capability-mismatch",
                f'The document says capability="{doc.capability}" but {via} declared '
                f'"{declared}"; one of the two is wrong.',
                line=doc.md_line if doc.md_line is not None else doc.line,
                params={"capability": doc.capability, "declared": declared},
            )
        )
    if parent is not None and parent.is_index and doc.is_index:
        out.append(
            finding(
                "document.nested-index",
                "This <sitemapindex> is listed in another index; Sitemap indexes may only list "
                "<urlset> documents, so list its components in the parent index directly.",
                line=doc.line,
                params={},
            )
        )


def _check_root(doc: Document, capability: str | None, name: str, out: list[Finding]) -> None:
    if not doc.is_index or capability is None or not caps.is_known(capability):
        return
    if capability in caps.NOTIFICATIONS:
        out.append(
            finding(
                "document.notification-index",
                f"A {name} payload must be a <urlset>, never a <sitemapindex>; split a large "
                "batch into several <urlset> notifications (change-notification 1.0.1 §3, "
                "framework-notification 1.0.1 §3).",
                line=doc.line,
                params={"name": name},
            )
        )
    elif capability == caps.CAPABILITYLIST:
        out.append(
            finding(
                "document.index-discouraged",
                "A Capability List should not be a <sitemapindex>: a single <urlset> always "
                "suffices for the few capabilities there are.",
                line=doc.line,
                params={},
            )
        )
    elif not caps.can_be_index(capability):
        out.append(
            finding(
                "document.index-not-allowed",
                f"A {caps.display_name(capability)} cannot be a <sitemapindex>; publish it as a "
                "<urlset>.",
                line=doc.line,
                params={"name": caps.display_name(capability)},
            )
        )


def _check_times(
    doc: Document, capability: str | None, name: str, line: int | None, out: list[Finding]
) -> None:
    md = doc.md
    check_time_attributes(md, "on the document <rs:md>", line, out)
    if capability == caps.CHANGE_NOTIFICATION:
        missing = [a for a in ("from", "until") if a not in md]
        if missing:
            out.append(
                finding(
                    "document.notification-interval-missing",
                    "A change notification must carry both from and until; "
                    f"{' and '.join(missing)} missing. Consecutive notifications cover "
                    "consecutive intervals, so Destinations use them to detect gaps.",
                    line=line,
                    params={"missing": "/".join(missing)},
                )
            )
    if capability in caps.SNAPSHOT_DOCUMENTS:
        required, unused = "at", ("from", "until")
    elif capability in caps.INTERVAL_DOCUMENTS:
        required, unused = "from", ("at", "completed")
    elif capability in caps.NOTIFICATIONS:
        required, unused = None, ("at", "completed")
    else:
        return
    if required is not None and required not in md:
        meaning = (
            "the datetime the snapshot started"
            if required == "at"
            else "the start of the period the changes cover"
        )
        out.append(
            finding(
                "document.time-missing",
                f'A {name} must have {required}="..." on its <rs:md> ({meaning}); add it, '
                f'e.g. {required}="2013-01-03T09:00:00Z".',
                line=line,
                params={"name": name, "required": required},
            )
        )
    present = [a for a in unused if a in md]
    if present:
        replacement = "at/completed" if required == "at" else "from/until"
        out.append(
            finding(
                "document.time-not-used",
                f"A {name} does not use {' and '.join(present)} on its <rs:md>"
                + (f"; use {replacement} instead." if required else "."),
                line=line,
                params={"name": name, "present": "/".join(present)},
            )
        )
