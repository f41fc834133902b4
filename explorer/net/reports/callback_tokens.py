"""The callback URL's secret part, kept out of exports made to be shared.

A callback URL is ``{base}/callback/{token}``: the token alone routes a hub's request to a
subscription (``explorer/net/live/callback/callback_server.py``), 192 random bits
(``new_callback_token``), and whoever holds it can post deliveries that the store takes as
the hub's (a 2012 HTTP callback or a ``--no-secret`` subscription is checked by nothing
else). The exchange log keeps it, in every verification and delivery URL and in each
subscription request's ``hub.callback``; a 2012 callback given by the user may carry its
own token in the query. A HAR or CSV is attached to bug reports and mailed around, so an
export shows the mask there instead, unless the user asks with ``--reveal-secrets``.

Two rules, both applied: the tokens the store's subscriptions name (their routing path and
their callback URL's query values), wherever they appear; and, for subscriptions the store
no longer holds, any path segment after ``/callback/`` in a URL or a form body.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any
from urllib.parse import parse_qsl, quote, urlsplit

from explorer.net.store.exchange_log import SECRET_MASK
from explorer.net.store.records import ExchangeRecord

MIN_TOKEN = 8
"""Shorter query values (``1``, ``en``) are no secret and would mask half the export."""
CALLBACK_SEGMENT = "/callback/"
"""``callback_server.CALLBACK_PREFIX``, spelled here so an export loads no HTTP server;
``tests/net/test_callback_tokens.py`` holds the two equal."""
_IN_PATH = re.compile(r"(/callback/)([A-Za-z0-9_~.%-]+)")
_IN_FORM = re.compile(rb"((?:/|%2[Ff])callback(?:/|%2[Ff]))([A-Za-z0-9_~.%-]+)")
_MASK = SECRET_MASK.encode()


def callback_tokens(subscriptions: Iterable[Mapping[str, Any]]) -> frozenset[str]:
    """The secret parts of each stored subscription's callback URL: its routing token
    (``callback_path``) and the values of its query (a 2012 callback's ``?token=…``)."""
    found: set[str] = set()
    for row in subscriptions:
        found.add(str(row.get("callback_path") or ""))
        url = str(row.get("callback_url") or "")
        if url.lower().startswith(("http://", "https://")):
            found.update(value for _name, value in parse_qsl(urlsplit(url).query))
    return frozenset(token for token in found if len(token) >= MIN_TOKEN)


def _spellings(tokens: frozenset[str]) -> list[str]:
    """Each token as it is, percent-encoded (in a callback URL's query, or a form's
    ``hub.callback``) and encoded twice (a query token inside ``hub.callback``), longest
    first so a token that contains another is masked whole. The mask is the one
    ``hub.secret`` gets, in forms too (a form reader decodes it as it is)."""
    once = {quote(token, safe="") for token in tokens}
    spelled = set(tokens) | once | {quote(token, safe="") for token in once}
    return sorted(spelled, key=len, reverse=True)


def _masked_text(text: str, spellings: list[str]) -> str:
    for token in spellings:
        if token in text:
            text = text.replace(token, SECRET_MASK)
    return text


def _masked_bytes(body: bytes | None, spellings: list[str]) -> bytes | None:
    if not body:
        return body
    for token in spellings:
        raw = token.encode("utf-8")
        if raw in body:
            body = body.replace(raw, _MASK)
    return body


def without_callback_tokens(record: ExchangeRecord, tokens: frozenset[str]) -> ExchangeRecord:
    """``record`` with every callback token (``tokens``, and any segment after
    ``/callback/`` in its URL or request form) replaced by the mask."""
    spellings = _spellings(tokens)
    url = _IN_PATH.sub(lambda match: match.group(1) + SECRET_MASK, record.url)
    request_body = _masked_bytes(record.request_body, spellings)
    if request_body and b"callback" in request_body:
        request_body = _IN_FORM.sub(lambda match: match.group(1) + _MASK, request_body)
    return replace(
        record,
        url=_masked_text(url, spellings),
        request_headers=[(n, _masked_text(v, spellings)) for n, v in record.request_headers],
        response_headers=[(n, _masked_text(v, spellings)) for n, v in record.response_headers],
        request_body=request_body,
        response_body=_masked_bytes(record.response_body, spellings),
        error=None if record.error is None else _masked_text(record.error, spellings),
    )
