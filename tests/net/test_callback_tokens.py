"""The callback URL's token is masked in exports: the store's own tokens wherever they
appear (as they are and percent-encoded), a 2012 callback's query token, and any segment
after ``/callback/`` of a subscription the store no longer holds."""

from __future__ import annotations

from explorer.net.live.callback.callback_server import CALLBACK_PREFIX
from explorer.net.reports.callback_tokens import (
    CALLBACK_SEGMENT,
    callback_tokens,
    without_callback_tokens,
)
from explorer.net.reports.evidence import masked
from explorer.net.store.records import ExchangeRecord

TOKEN = "tWQFZS3IDkrmdMh_8tVlnMK6Bo2Xl7V2"
QUERY_TOKEN = "s3cr3t+path/token="
ROWS = [
    {"callback_path": TOKEN, "callback_url": f"http://127.0.0.1:8080/callback/{TOKEN}"},
    {
        "callback_path": "LegacyOwnPath01",
        "callback_url": "https://app.example/hook?token=s3cr3t%2Bpath%2Ftoken%3D&v=1",
    },
    {"callback_path": "XmppToken0000001", "callback_url": "xmpp:pubsub.example?node=x"},
]


def record(url: str, body: bytes | None = None, headers=()) -> ExchangeRecord:
    return ExchangeRecord(
        time=0.0,
        direction="out",
        kind="subscribe",
        method="POST",
        url=url,
        status=202,
        request_headers=list(headers),
        response_headers=[("Location", f"http://127.0.0.1:8080/callback/{TOKEN}")],
        request_body=body,
        response_body=f"echo {QUERY_TOKEN}".encode(),
        request_size=len(body or b""),
        response_size=0,
        body_cap=0,
    )


def test_the_segment_is_the_servers_own() -> None:
    assert CALLBACK_SEGMENT == CALLBACK_PREFIX


def test_tokens_are_the_routing_paths_and_long_query_values() -> None:
    assert callback_tokens(ROWS) == {TOKEN, "LegacyOwnPath01", "XmppToken0000001", QUERY_TOKEN}


def test_every_spelling_of_a_token_is_masked_and_the_rest_kept() -> None:
    form = (
        b"hub.callback=http%3A%2F%2F127.0.0.1%3A8080%2Fcallback%2F"
        + TOKEN.encode()
        + b"&hub.mode=subscribe&hub.secret=hush"
        + b"&other=https%3A%2F%2Fapp.example%2Fhook%3Ftoken%3Ds3cr3t%252Bpath%252Ftoken%253D"
    )
    got = masked(
        record(f"http://127.0.0.1:8080/callback/{TOKEN}?hub.mode=subscribe", form),
        callback_tokens(ROWS),
    )
    shown = repr(got)
    assert TOKEN not in shown and "s3cr3t" not in shown and "hush" not in shown
    assert got.url == "http://127.0.0.1:8080/callback/••••?hub.mode=subscribe"
    assert got.response_headers == [("Location", "http://127.0.0.1:8080/callback/••••")]
    assert got.request_body is not None and b"hub.mode=subscribe" in got.request_body


def test_a_callback_the_store_forgot_is_masked_by_its_path() -> None:
    forgotten = "ForgottenToken0123456789abcdefXY"
    form = b"hub.callback=https%3A%2F%2Ftunnel.example%2Fcallback%2F" + forgotten.encode()
    got = without_callback_tokens(
        record(f"https://tunnel.example/callback/{forgotten}?hub.challenge=1", form),
        frozenset(),
    )
    assert forgotten not in got.url and forgotten.encode() not in (got.request_body or b"")
    assert got.url == "https://tunnel.example/callback/••••?hub.challenge=1"
    untouched = record("https://hub.example/publish?callback=1")
    assert without_callback_tokens(untouched, frozenset()) == untouched
