"""How the crawl of ``consumers`` reads a document: a list of resources only to its head.

``consumers`` reports none of the crawl's findings; of a list whose entries are resources
(a Resource List, a Change List, a manifest, none of them an index) the crawl needs only
what its head says (root, capability, links), and the consumers read its bytes in their
own single pass. So such a list is parsed up to its first batch of entries and no
further, and not validated; every other document (an index, a Source Description, a
Capability List, a dump, an archive: what the crawl follows) is parsed and validated as
``inspect`` reads it, and so is a list whose head cannot be read this way (a syntax error
before the first entry, no ``rs:md`` before it). A 50,000-entry list then costs the crawl
one stream chunk instead of a parse and a validation.

``ListVerdicts`` is the crawl's ``consume`` hook: the consumers read each such list in the
crawl's worker, from the bytes the crawl already holds, so no list is written to the
fetcher's spool and read back; only the verdicts (small) are kept, by redirect-final URL.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core.model import Document, Entry
from explorer.core.parser import DocumentParseError, parse_document_streamed
from explorer.core.rules.capabilities import RESOURCE_ENTRY_DOCUMENTS
from explorer.core.validator import ValidationContext, ValidationResult, check_bytes

if TYPE_CHECKING:
    from explorer.core.consumers.verdict import Verdict


class _HeadRead(Exception):
    """Raised from the entry sink at the first batch of entries: the head is read."""

    def __init__(self, document: Document) -> None:
        super().__init__()
        self.document = document


def _stop(document: Document, entries: list[Entry]) -> None:
    raise _HeadRead(document)


def read_head_or_check(data: bytes, context: ValidationContext | None = None) -> ValidationResult:
    """A list of resources as its head alone (no entries, no findings), or any other
    document parsed and validated as ``check_bytes`` does."""
    try:
        parse_document_streamed(data, _stop)
    except _HeadRead as head:
        document = head.document
        if not document.is_index and document.capability in RESOURCE_ENTRY_DOCUMENTS:
            return ValidationResult(document, [])
    except DocumentParseError:
        pass  # read again below, for the finding as check_bytes words it
    return check_bytes(data, context)


class ListVerdicts:
    """Every consumer's verdict on each list of resources the crawl read, keyed by the URL
    it was read from after redirects (the search engine's host rule needs that one).

    Called by the crawl in a worker; an index or any other document is left to be read
    after the crawl, when the indexes nested in it are known."""

    def __init__(self) -> None:
        self.verdicts: dict[str, dict[str, Verdict]] = {}

    def __call__(self, data: bytes, url: str, document: Document) -> bool:
        if document.is_index or document.capability not in RESOURCE_ENTRY_DOCUMENTS:
            return False
        from explorer.core.consumers.engine import read_consumers

        self.verdicts[url] = read_consumers(data, url)
        return True
