"""The exchange log: every HTTP request and response the subscriber sees, both ways.

Subscription POSTs, verification GETs, deliveries and topic checks are recorded with
timestamps, method, URL, status, headers and bodies. Bodies are capped at ``body_cap``
bytes and the record keeps the full size and the cap, so a viewer can say "first
64 KiB of 3 MB shown"; headers are capped at ``header_cap`` bytes in all, since a
request may carry a megabyte of them. Records go to the store (bounded retention there)
and to live listeners (the GUI's exchange view, ``listen --verbose``).

The subscription's ``hub.secret`` (WebSub §5.1.1) travels in the subscribe POST body;
every record has it masked, in the URL's query and in form bodies, before it is stored
or shown; so are the values of Authorization, Proxy-Authorization and cookie headers.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Iterable, Mapping
from urllib.parse import unquote_to_bytes

from explorer.core import catalog
from explorer.core.auth import mask_headers
from explorer.net.store.database import Store
from explorer.net.store.records import ExchangeRecord

DEFAULT_BODY_CAP = 64 * 1024
DEFAULT_HEADER_CAP = 16 * 1024
SECRET_PARAMETER = b"hub.secret"
SECRET_MASK = "••••"

Headers = Mapping[str, str] | Iterable[tuple[str, str]]


class ExchangeLog:
    """Caps, stores and broadcasts exchanges. ``store`` may be None (memory-less logging)."""

    def __init__(
        self,
        store: Store | None = None,
        *,
        body_cap: int = DEFAULT_BODY_CAP,
        header_cap: int = DEFAULT_HEADER_CAP,
    ):
        self.store = store
        self.body_cap = body_cap
        self.header_cap = header_cap
        self.listeners: list[Callable[[ExchangeRecord], None]] = []
        self._ids = itertools.count(1)  # without a store: numbered within this log

    def record(
        self,
        *,
        direction: str,
        kind: str,
        method: str,
        url: str,
        status: int | None,
        request_headers: Headers = (),
        request_body: bytes | None = None,
        response_headers: Headers = (),
        response_body: bytes | None = None,
        started: float | None = None,
        error: str | None = None,
        request_size: int | None = None,
    ) -> ExchangeRecord:
        """Log one exchange; ``started`` (``time.time()`` at the request) gives the duration."""
        now = time.time()
        entry = ExchangeRecord(
            time=started if started is not None else now,
            direction=direction,
            kind=kind,
            method=method,
            url=mask_secret_in_url(url),
            status=status,
            request_headers=cap_headers(mask_headers(request_headers), self.header_cap),
            request_body=self._body(request_body),
            request_size=request_size
            if request_size is not None
            else (None if request_body is None else len(request_body)),
            response_headers=cap_headers(mask_headers(response_headers), self.header_cap),
            response_body=self._body(response_body),
            response_size=None if response_body is None else len(response_body),
            body_cap=self.body_cap,
            duration_ms=None if started is None else round((now - started) * 1000, 3),
            error=error,
        )
        if self.store is not None:
            self.store.log_exchange(entry)  # gives it the id it is stored under
        else:
            entry.id = next(self._ids)
        for listener in list(self.listeners):
            listener(entry)
        return entry

    def _body(self, body: bytes | None) -> bytes | None:
        """Capped first, so masking never scans more than ``body_cap`` bytes; a secret cut
        by the cap still has its name before the cut and is masked."""
        return None if body is None else mask_secret_in_form(body[: self.body_cap])


def cap_headers(headers: Headers, limit: int) -> list[tuple[str, str]]:
    """The headers as pairs, keeping at most ``limit`` bytes of names and values in all;
    when some are cut, a last pair says how many bytes were left out."""
    items = headers.items() if isinstance(headers, Mapping) else headers
    kept: list[tuple[str, str]] = []
    room = limit
    left_out = 0
    for name, value in items:
        name, value = str(name), str(value)
        size = len(name) + len(value)
        if left_out or size > room:
            left_out += size
            if room > len(name):
                kept.append((name, value[: room - len(name)]))
                room = 0
            continue
        kept.append((name, value))
        room -= size
    if left_out:
        kept.append(("…", catalog.text("evidence.headers-left-out", size=left_out)))
    return kept


def mask_secret_in_form(data: bytes) -> bytes:
    """``data`` with the value of every ``hub.secret`` form field replaced by a mask.

    Field names are compared after percent-decoding, so ``hub%2Esecret`` is masked too;
    bytes that are not a form come back unchanged.
    """
    if b"=" not in data:
        return data
    pieces = data.split(b"&")
    changed = False
    for index, piece in enumerate(pieces):
        name, sep, _value = piece.partition(b"=")
        if sep and _is_secret_name(name):
            pieces[index] = name + b"=" + SECRET_MASK.encode()
            changed = True
    return b"&".join(pieces) if changed else data


def mask_secret_in_url(url: str) -> str:
    """``url`` with ``hub.secret`` masked in its query string."""
    base, sep, query = url.partition("?")
    if not sep:
        return url
    query, hash_sep, fragment = query.partition("#")
    masked = mask_secret_in_form(query.encode("utf-8", "surrogateescape"))
    return f"{base}?{masked.decode('utf-8', 'surrogateescape')}{hash_sep}{fragment}"


def _is_secret_name(name: bytes) -> bool:
    if len(name) > 3 * len(SECRET_PARAMETER):  # even fully percent-encoded it is shorter
        return False
    return unquote_to_bytes(name.replace(b"+", b" ")).strip().lower() == SECRET_PARAMETER
