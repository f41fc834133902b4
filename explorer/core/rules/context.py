"""What a rule may know about a document beyond its bytes: where it was found."""

from __future__ import annotations

from dataclasses import dataclass

from explorer.core.model import Document


@dataclass(frozen=True, slots=True)
class ValidationContext:
    """Optional knowledge from the crawl.

    ``declared_capability``: the capability the parent's entry gave for this document
    (or the parent index's capability). ``parent``: the document it was reached from.
    ``url``: the document's own URL (stamped on findings). ``parent_url``: the parent's
    URL, so that ``up`` and ``index`` links can be checked against it.
    """

    declared_capability: str | None = None
    parent: Document | None = None
    url: str | None = None
    parent_url: str | None = None
