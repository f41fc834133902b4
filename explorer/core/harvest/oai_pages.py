"""One ListRecords (or ListIdentifiers) response of an OAI-PMH endpoint, read safely.

Only the record headers matter to a plan: the identifier, the datestamp and whether the
record is deleted (OAI-PMH 2.0 §2.5, §3.5), plus the resumption token with its
``completeListSize`` and ``cursor`` (§3.5), which say how many requests the whole list
takes. The metadata itself is never looked at. The bytes go through the explorer's safe
XML reading (``explorer.core.safe_xml``: size cap, no DOCTYPE, no entities, no network),
so a hostile endpoint costs no more than a hostile Sitemap.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from explorer.core import safe_xml
from explorer.core.said_error import SaidError

OAI_NS = "http://www.openarchives.org/OAI/2.0/"
_HEADER = f"{{{OAI_NS}}}header"
_RECORD = f"{{{OAI_NS}}}record"
_IDENTIFIER = f"{{{OAI_NS}}}identifier"
_DATESTAMP = f"{{{OAI_NS}}}datestamp"
_TOKEN = f"{{{OAI_NS}}}resumptionToken"
_ERROR = f"{{{OAI_NS}}}error"
_ROOT = f"{{{OAI_NS}}}OAI-PMH"
_LISTS = (f"{{{OAI_NS}}}ListRecords", f"{{{OAI_NS}}}ListIdentifiers")

NO_RECORDS = "noRecordsMatch"
"""The error an endpoint answers for an empty list (§3.6): no records, not a failure."""
MAX_ERROR_TEXT = 300
"""Characters of an endpoint's own error text kept for the message (outside text)."""


class OaiPageError(SaidError):
    """A response that is not a readable OAI-PMH list, said with the reason."""


@dataclass(frozen=True, slots=True)
class OaiRecord:
    """A record's header: all a parity table needs of it."""

    identifier: str
    datestamp: str
    deleted: bool


@dataclass(frozen=True, slots=True)
class OaiPage:
    """The headers of one page and what its resumption token says of the rest."""

    records: tuple[OaiRecord, ...]
    token: str | None
    """The token for the next request; None (or empty in the response) on the last page."""
    complete_list_size: int | None
    cursor: int | None


def read_page(data: bytes) -> OaiPage:
    """The headers and resumption token of one response; ``OaiPageError`` for bytes that
    are not XML, not an OAI-PMH response, or an OAI-PMH error other than an empty list."""
    try:
        root = safe_xml.parse_tree(safe_xml.prepare(data))
    except safe_xml.DocumentParseError as exc:
        raise OaiPageError("harvest.oai-not-xml", detail=exc.finding.message) from None
    if root.tag != _ROOT:
        raise OaiPageError("harvest.oai-not-oai", root=_local(root.tag))
    error = root.find(_ERROR)
    if error is not None:
        code = error.get("code", "")
        if code == NO_RECORDS:
            return OaiPage((), None, 0, None)
        text = (error.text or "").strip()[:MAX_ERROR_TEXT]
        raise OaiPageError("harvest.oai-error", code=code, text=text)
    listing = next((child for child in root if child.tag in _LISTS), None)
    if listing is None:
        raise OaiPageError("harvest.oai-no-list")
    records = tuple(_headers(listing))
    return OaiPage(records, *_token(listing.find(_TOKEN)))


def _headers(listing: etree._Element) -> list[OaiRecord]:
    found: list[OaiRecord] = []
    for child in listing:
        header = child.find(_HEADER) if child.tag == _RECORD else child
        if header is None or header.tag != _HEADER:
            continue
        identifier = (header.findtext(_IDENTIFIER) or "").strip()
        if not identifier:
            continue
        datestamp = (header.findtext(_DATESTAMP) or "").strip()
        found.append(OaiRecord(identifier, datestamp, header.get("status") == "deleted"))
    return found


def _token(element: etree._Element | None) -> tuple[str | None, int | None, int | None]:
    if element is None:
        return None, None, None
    token = (element.text or "").strip() or None
    return token, _count(element.get("completeListSize")), _count(element.get("cursor"))


def _count(value: str | None) -> int | None:
    if value is None or not value.strip().isdigit():
        return None
    return int(value.strip())


def _local(tag: object) -> str:
    text = str(tag)
    return text.rsplit("}", 1)[-1][:MAX_ERROR_TEXT]
