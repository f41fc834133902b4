"""Evidence out: the exchange log as HAR 1.2, CSV or JSON lines, streamed.

HAR is what browsers' developer tools, Insomnia, HTTP Toolkit and ngrok read, so an
exchange recorded here can be opened there. Writers take exchanges one at a time and
write as they go (one HAR document is still one JSON value: its head and tail are
written around the entries), so a log of any length never sits in memory.

Secrets: the store keeps exchanges with ``hub.secret`` and credential headers already
masked. An export masks again, defensively (any header whose name says token, secret,
key, password or session, and ``hub.secret`` in URLs and form bodies), and masks the
callback URL's token, which the store keeps (``callback_tokens``), unless the user
asks with ``reveal``: then a subscription request's masked ``hub.secret`` is put back
from the store's subscriptions, the only secret the store keeps in clear.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import IO, Any, Protocol
from urllib.parse import parse_qsl, quote, urlsplit

import explorer
from explorer import APP_NAME
from explorer.core.credential_headers import mask_credentials
from explorer.core.spreadsheet import csv_writer
from explorer.net.live.subscriber_events import iso_time
from explorer.net.reports.callback_tokens import without_callback_tokens
from explorer.net.store.exchange_filter import FORM_TYPE, exchange_topic, header_value
from explorer.net.store.exchange_links import ExchangeLink
from explorer.net.store.exchange_log import SECRET_MASK, mask_secret_in_form, mask_secret_in_url
from explorer.net.store.records import ExchangeRecord, NotificationRecord

CSV_COLUMNS = (
    "id",
    "time",
    "direction",
    "kind",
    "method",
    "url",
    "status",
    "duration_ms",
    "topic",
    "request_size",
    "response_size",
    "error",
    "linked_kind",
    "linked_id",
)


def masked(record: ExchangeRecord, tokens: frozenset[str] = frozenset()) -> ExchangeRecord:
    """``record`` with every credential header, ``hub.secret`` and the callback URL's
    token (``tokens``: the store's, ``callback_tokens``; and any ``/callback/`` segment)
    masked."""
    record = without_callback_tokens(record, tokens)
    body = record.request_body
    return replace(
        record,
        url=mask_secret_in_url(record.url),
        request_headers=mask_credentials(record.request_headers),
        response_headers=mask_credentials(record.response_headers),
        request_body=None if body is None else mask_secret_in_form(body),
    )


def revealed(record: ExchangeRecord, secrets: Mapping[str, str]) -> ExchangeRecord:
    """``record`` with a masked ``hub.secret`` of a subscription request put back from
    ``secrets`` (callback URL: secret); everything else as stored."""
    body = record.request_body
    content_type = (header_value(record.request_headers, "content-type") or "").lower()
    if not body or not content_type.startswith(FORM_TYPE):
        return record
    pairs = parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True)
    form = dict(pairs)
    secret = secrets.get(form.get("hub.callback", ""))
    if secret is None or form.get("hub.secret") != SECRET_MASK:
        return record
    restored = "&".join(
        f"{quote(name, safe='.')}={quote(secret if name == 'hub.secret' else value, safe='')}"
        for name, value in pairs
    )
    return replace(record, request_body=restored.encode())


def _body_fields(body: bytes | None, prefix: str) -> dict[str, Any]:
    if body is None:
        return {}
    try:
        return {f"{prefix}_body": body.decode("utf-8")}
    except UnicodeDecodeError:
        return {f"{prefix}_body_base64": base64.b64encode(body).decode("ascii")}


def jsonl_object(record: ExchangeRecord, link: ExchangeLink | None) -> dict[str, Any]:
    """One exchange as a JSON object (bodies as text, or base64 when not UTF-8)."""
    return {
        "id": record.id,
        "time": iso_time(record.time),
        "direction": record.direction,
        "kind": record.kind,
        "method": record.method,
        "url": record.url,
        "topic": exchange_topic(record),
        "status": record.status,
        "duration_ms": record.duration_ms,
        "request_headers": record.request_headers,
        "request_size": record.request_size,
        **_body_fields(record.request_body, "request"),
        "response_headers": record.response_headers,
        "response_size": record.response_size,
        **_body_fields(record.response_body, "response"),
        "body_cap": record.body_cap,
        "error": record.error,
        "linked_to": link.to_json() if link is not None else None,
    }


def csv_row(record: ExchangeRecord, link: ExchangeLink | None) -> list[Any]:
    return [
        record.id,
        iso_time(record.time),
        record.direction,
        record.kind,
        record.method,
        record.url,
        "" if record.status is None else record.status,
        "" if record.duration_ms is None else record.duration_ms,
        exchange_topic(record),
        "" if record.request_size is None else record.request_size,
        "" if record.response_size is None else record.response_size,
        record.error or "",
        link.original_kind if link else "",
        link.original_id if link else "",
    ]


def _har_headers(headers: list[tuple[str, str]]) -> list[dict[str, str]]:
    return [{"name": name, "value": value} for name, value in headers]


def _har_content(body: bytes | None, mime: str, size: int | None) -> dict[str, Any]:
    content: dict[str, Any] = {
        "size": size if size is not None else len(body or b""),
        "mimeType": mime,
    }
    if body:
        try:
            content["text"] = body.decode("utf-8")
        except UnicodeDecodeError:
            content["text"] = base64.b64encode(body).decode("ascii")
            content["encoding"] = "base64"
    return content


def har_entry(record: ExchangeRecord, link: ExchangeLink | None) -> dict[str, Any]:
    """One exchange as a HAR 1.2 entry; fields HAR lacks go in ``_``-prefixed keys."""
    duration = max(record.duration_ms or 0.0, 0.0)
    request_type = header_value(record.request_headers, "content-type") or ""
    response_type = header_value(record.response_headers, "content-type") or ""
    request: dict[str, Any] = {
        "method": record.method,
        "url": record.url,
        "httpVersion": "HTTP/1.1",
        "cookies": [],
        "headers": _har_headers(record.request_headers),
        "queryString": [
            {"name": name, "value": value}
            for name, value in parse_qsl(urlsplit(record.url).query, keep_blank_values=True)
        ],
        "headersSize": -1,
        "bodySize": record.request_size if record.request_size is not None else -1,
    }
    if record.request_body is not None:
        text = record.request_body.decode("utf-8", "replace")
        request["postData"] = {"mimeType": request_type, "text": text}
        if request_type.lower().startswith(FORM_TYPE):
            request["postData"]["params"] = [
                {"name": name, "value": value}
                for name, value in parse_qsl(text, keep_blank_values=True)
            ]
    entry: dict[str, Any] = {
        "startedDateTime": iso_time(record.time),
        "time": duration,
        "request": request,
        "response": {
            "status": record.status or 0,
            "statusText": "" if record.status is not None else (record.error or ""),
            "httpVersion": "HTTP/1.1",
            "cookies": [],
            "headers": _har_headers(record.response_headers),
            "content": _har_content(record.response_body, response_type, record.response_size),
            "redirectURL": header_value(record.response_headers, "location") or "",
            "headersSize": -1,
            "bodySize": record.response_size if record.response_size is not None else -1,
        },
        "cache": {},
        "timings": {"send": 0, "wait": duration, "receive": 0},
        "_id": record.id,
        "_direction": record.direction,
        "_kind": record.kind,
        "_bodyCap": record.body_cap,
    }
    if record.error:
        entry["_error"] = record.error
    if link is not None:
        entry["_linkedTo"] = link.to_json()
    return entry


class ExchangeWriter(Protocol):
    """Writes exchanges to a text stream as they come; ``close`` ends the file. One class
    per format, registered in ``explorer/net/reports/export_formats.py``."""

    count: int

    def write(self, record: ExchangeRecord, link: ExchangeLink | None) -> None: ...

    def close(self) -> None: ...


class HarWriter:
    """HAR 1.2: one JSON document, its head and tail written around the entries."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.count = 0
        creator = {"name": APP_NAME, "version": explorer.__version__}
        head = json.dumps({"version": "1.2", "creator": creator, "pages": []})
        stream.write('{"log": ' + head[:-1] + ', "entries": [\n')

    def write(self, record: ExchangeRecord, link: ExchangeLink | None) -> None:
        self.stream.write((",\n" if self.count else "") + json.dumps(har_entry(record, link)))
        self.count += 1

    def close(self) -> None:
        self.stream.write("\n]}}\n")


class CsvExchangeWriter:
    """One exchange per row, the inspector's columns; cells made safe for spreadsheets."""

    def __init__(self, stream: IO[str]) -> None:
        self.count = 0
        self._csv = csv_writer(stream)
        self._csv.writerow(CSV_COLUMNS)

    def write(self, record: ExchangeRecord, link: ExchangeLink | None) -> None:
        self._csv.writerow(csv_row(record, link))
        self.count += 1

    def close(self) -> None:
        pass  # nothing follows the last row


class JsonlExchangeWriter:
    """One JSON object per line."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.count = 0

    def write(self, record: ExchangeRecord, link: ExchangeLink | None) -> None:
        self.stream.write(json.dumps(jsonl_object(record, link)) + "\n")
        self.count += 1

    def close(self) -> None:
        pass  # nothing follows the last line


def export_exchanges(
    batches: Iterable[list[ExchangeRecord]],
    links_of: Callable[[list[int]], Mapping[int, ExchangeLink]],
    writer: ExchangeWriter,
    keep: Callable[[ExchangeRecord], bool],
    secrets: Mapping[str, str] | None = None,
    tokens: frozenset[str] = frozenset(),
) -> int:
    """Write the kept exchanges of ``batches``; ``secrets`` given means reveal them,
    else ``tokens`` (the store's callback tokens) are masked with the rest."""
    for batch in batches:
        chosen = [record for record in batch if keep(record)]
        links = links_of([record.id for record in chosen if record.id is not None])
        for record in chosen:
            shown = revealed(record, secrets) if secrets is not None else masked(record, tokens)
            writer.write(shown, links.get(record.id or 0))
    writer.close()
    return writer.count


NOTIFICATION_CSV_COLUMNS = (
    "id",
    "received",
    "subscription",
    "topic",
    "hub",
    "status",
    "signature",
    "capability",
    "from",
    "until",
    "entries",
    "reason",
    "content_type",
    "findings",
)


def notification_csv_row(record: NotificationRecord, hub: str | None) -> list[Any]:
    """One feed row: a stored delivery's metadata, its entry count and finding codes."""
    entries = (record.summary or {}).get("entries")
    return [
        record.id,
        iso_time(record.received),
        record.subscription_id,
        record.topic,
        hub or "",
        record.status,
        record.signature,
        record.capability or "",
        record.from_time or "",
        record.until_time or "",
        len(entries) if isinstance(entries, list) else "",
        str(record.reason or ""),  # its English, as the JSON says it
        record.content_type or "",
        " ".join(item.code for item in record.findings),
    ]
