"""The document-level rs:md: presence, place, capability and time attributes.

core 1.1 §7 (rs:md is mandatory, capability values, W3C Datetime), §6.1 (how
documents nest, indexes), Appendix A Table 4 (at/from per document type), and the
notification specs' §3 (change notifications need from and until).
"""

from __future__ import annotations

from typing import Any

from explorer.core.findings import Finding, finding
from explorer.core.model import Document
from explorer.core.rules import capabilities as caps
from explorer.core.rules.capability_hints import index_capability_finding
from explorer.core.rules.context import ValidationContext
from explorer.core.rules.phrases import and_list, place
from explorer.core.rules.time_attributes import check_time_attributes
from explorer.core.rules.well_known import at_well_known


def check(doc: Document, context: ValidationContext, out: list[Finding]) -> None:
    line = doc.md_line if doc.md_line is not None else doc.line
    name = caps.display_name(doc.capability, doc.is_index)
    if doc.md_line is None and (doc.legacy or not doc.md):
        if doc.legacy:
            out.append(
                finding(
                    "document.legacy-md-missing",
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
                    line=doc.line,
                    params={"url": context.url or ""},
                    # At /.well-known/resourcesync a Source Description is expected (§8),
                    # so the Resource List advice would point the publisher elsewhere.
                    variant="well-known" if at_well_known(context) else "",
                )
            )
        else:
            out.append(
                finding(
                    "document.md-missing",
                    line=doc.line,
                    **_guessed_params(doc.root, _capability_from_entries(doc)),
                )
            )
            _check_declared(doc, context, out)
        return
    capability = doc.capability
    if capability is None:
        out.append(
            finding(
                "document.capability-missing",
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


# Entry capability values that point at a capability document (core 1.1 §9): only these
# say that the list holding them is a Capability List (or, for capabilitylist, a Source
# Description).
_LISTED_CAPABILITIES = caps.allowed_child_capabilities(caps.CAPABILITYLIST, False) | {
    caps.CAPABILITYLIST
}


def _capability_from_entries(doc: Document) -> tuple[str, str, str] | None:
    """(attribute, capability, time attribute) for the first ResourceSync-only entry
    attribute found, or None when the entries could be a plain Sitemap's."""
    for entry in doc.entries:
        md = entry.md
        if md:
            for attribute, capability, time in _ENTRY_MARKS:
                if attribute in md:
                    if attribute == "capability" and md[attribute] not in _LISTED_CAPABILITIES:
                        # capability="resource" and the like name no document kind, so they
                        # do not make the list a Capability List (it is likely a Resource
                        # List whose entries misuse the attribute, said by its own finding).
                        continue
                    if md[attribute] == caps.CAPABILITYLIST:  # entries of a Source Description
                        capability = caps.DESCRIPTION
                    return attribute, capability, time
    return None


def _guessed_params(root: str, guess: tuple[str, str, str] | None) -> dict[str, Any]:
    """``document.md-missing``'s params, and its "guessed" shape when the entries say
    which kind of document this is."""
    if guess is None:
        return {"params": {"root": root}}
    attribute, capability, time = guess
    return {
        "params": {
            "root": root,
            "attribute": attribute,
            "name": caps.display_name(capability),
            "capability": capability,
            "time": f" {time}" if time else "",
        },
        "variant": "guessed",
    }


def _check_declared(doc: Document, context: ValidationContext, out: list[Finding]) -> None:
    declared = context.declared_capability
    parent = context.parent
    if declared is None and parent is not None and parent.is_index:
        declared = parent.capability
    if declared is not None and doc.capability is not None and declared != doc.capability:
        out.append(
            finding(
                "document.capability-mismatch",
                line=doc.md_line if doc.md_line is not None else doc.line,
                params={"capability": doc.capability, "declared": declared},
                variant="index" if parent is not None and parent.is_index else "",
            )
        )
    if parent is not None and parent.is_index and doc.is_index:
        out.append(
            finding(
                "document.nested-index",
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
                line=doc.line,
                params={"name": name},
            )
        )
    elif capability == caps.CAPABILITYLIST:
        out.append(
            finding(
                "document.index-discouraged",
                line=doc.line,
                params={},
            )
        )
    elif not caps.can_be_index(capability):
        out.append(
            finding(
                "document.index-not-allowed",
                line=doc.line,
                params={"name": caps.display_name(capability)},
            )
        )


def _check_times(
    doc: Document, capability: str | None, name: str, line: int | None, out: list[Finding]
) -> None:
    md = doc.md
    check_time_attributes(md, place("document-md"), line, out)
    if capability == caps.CHANGE_NOTIFICATION:
        missing = [a for a in ("from", "until") if a not in md]
        if missing:
            out.append(
                finding(
                    "document.notification-interval-missing",
                    line=line,
                    params={"missing": and_list(missing)},
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
        out.append(
            finding(
                "document.time-missing",
                line=line,
                params={"name": name, "required": required},
                variant="" if required == "at" else "from",
            )
        )
    present = [a for a in unused if a in md]
    if present:
        replacement = "at/completed" if required == "at" else "from/until"
        out.append(
            finding(
                "document.time-not-used",
                line=line,
                params={"name": name, "present": and_list(present), "replacement": replacement},
                variant="" if required else "notification",
            )
        )
