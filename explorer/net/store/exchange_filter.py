"""Which exchanges a filter keeps: the inspector's filter box and ``export --exchanges``
use this one definition, so an export holds exactly the rows the window showed.

A filter is words; an exchange matches when its text (direction, kind, method, status
or error, topic, URL) holds every word, case-insensitively.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from explorer.core.link_header import links_by_rel
from explorer.net.store.records import ExchangeRecord

TOPIC_HEADERS = ("link",)
FORM_TYPE = "application/x-www-form-urlencoded"


def header_value(headers: list[tuple[str, str]], name: str) -> str | None:
    """The first value of header ``name`` (lower-case)."""
    return next((value for key, value in headers if key.lower() == name), None)


def exchange_topic(record: ExchangeRecord) -> str:
    """The topic an exchange is about: ``hub.topic`` of a (un)subscription or a
    verification (WebSub §5.1, §5.3), else the ``rel="self"`` link of a delivery or a
    topic URI's answer (WebSub §7); empty for the crawl's requests."""
    query = parse_qs(urlsplit(record.url).query)
    if "hub.topic" in query:
        return query["hub.topic"][0]
    content_type = (header_value(record.request_headers, "content-type") or "").lower()
    # a POST that failed was logged without its headers: its form body still names the topic
    unsent_form = not content_type and (record.request_body or b"").startswith(b"hub.")
    if record.request_body and (content_type.startswith(FORM_TYPE) or unsent_form):
        form = parse_qs(record.request_body.decode("utf-8", "replace"))
        if "hub.topic" in form:
            return form["hub.topic"][0]
        if "hub.url" in form:
            return form["hub.url"][0]
    for headers in (record.request_headers, record.response_headers):
        links = [value for name, value in headers if name.lower() in TOPIC_HEADERS]
        selves = links_by_rel(links).get("self") if links else None
        if selves:
            return selves[0]
    return ""


def search_text(record: ExchangeRecord) -> str:
    """What the filter box matches: direction, kind, method, status, topic and URL."""
    status = str(record.status) if record.status is not None else (record.error or "error")
    direction = "out" if record.direction == "out" else "in"
    parts = (direction, record.kind, record.method, status, exchange_topic(record), record.url)
    return " ".join(parts).lower()


def filter_terms(text: str) -> list[str]:
    return text.lower().split()


def matches(terms: list[str], key: str) -> bool:
    """``key`` (a ``search_text``) holds every term."""
    return all(term in key for term in terms)
