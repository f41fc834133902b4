"""Exports mask credentials the store may still hold (a custom header), whatever the log did."""

from __future__ import annotations

import io
import json

import jsonschema
from helpers.har_schema import HAR_1_2

from explorer.net.reports.evidence import HarWriter, export_exchanges, masked
from explorer.net.store.records import ExchangeRecord


def record(**changes: object) -> ExchangeRecord:
    base = ExchangeRecord(
        time=1_800_000_000.25,
        direction="out",
        kind="other",
        method="POST",
        url="http://h/hub?hub.secret=s3cr3t-in-url&x=1",
        status=None,
        request_headers=[("X-Api-Key", "key-value-7"), ("Content-Type", "text/plain")],
        request_body=b"hub.mode=subscribe&hub.secret=s3cr3t-in-body",
        request_size=45,
        response_headers=[],
        response_body=b"\xff\x00binary",
        response_size=8,
        body_cap=65536,
        error="ConnectError: refused",
        id=7,
    )
    for name, value in changes.items():
        setattr(base, name, value)
    return base


def test_masked_hides_custom_credential_headers_and_hub_secret() -> None:
    shown = masked(record())
    text = json.dumps([shown.url, shown.request_headers, shown.request_body.decode()])
    for secret in ("key-value-7", "s3cr3t-in-url", "s3cr3t-in-body"):
        assert secret not in text
    assert ("Content-Type", "text/plain") in shown.request_headers


def test_a_failed_exchange_with_a_binary_answer_is_valid_har() -> None:
    stream = io.StringIO()
    export_exchanges([[record()]], lambda ids: {}, HarWriter(stream), lambda r: True)
    data = json.loads(stream.getvalue())
    jsonschema.validate(data, HAR_1_2)
    (entry,) = data["log"]["entries"]
    assert entry["response"]["status"] == 0 and entry["_error"].startswith("ConnectError")
    assert entry["response"]["content"]["encoding"] == "base64"
    assert entry["startedDateTime"] == "2027-01-15T08:00:00.250Z"
