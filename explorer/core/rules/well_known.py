"""A Capability List at the Source Description's address.

``/.well-known/resourcesync`` is where Destinations look for the Source Description
(core 1.1 §6.3.2, §8). A Capability List published there is found, but as the top of the
hierarchy it is the wrong document: the usual Capability List advice ("add an up link to
your Source Description") points at a document that does not exist. The finding says what
to publish at that address instead, and the up-link advice is left out.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from explorer.core.findings import Finding, finding
from explorer.core.model import Document
from explorer.core.rules import capabilities as caps
from explorer.core.rules.context import ValidationContext

WELL_KNOWN_PATH = "/.well-known/resourcesync"


def at_well_known(context: ValidationContext) -> bool:
    """Whether the document was read from a ``/.well-known/resourcesync`` URL."""
    return context.url is not None and urlsplit(context.url).path == WELL_KNOWN_PATH


def capability_list_at_well_known(doc: Document, context: ValidationContext) -> bool:
    """Whether ``doc`` is a Capability List read from a ``/.well-known/resourcesync`` URL."""
    return doc.capability == caps.CAPABILITYLIST and not doc.is_index and at_well_known(context)


def check(doc: Document, context: ValidationContext, out: list[Finding]) -> None:
    if not capability_list_at_well_known(doc, context):
        return
    assert context.url is not None
    out.append(
        finding(
            "document.capability-list-at-well-known",
            line=doc.md_line if doc.md_line is not None else doc.line,
            params={"url": context.url},
        )
    )
