"""Addresses as people type them, and a failure with one cause said in one line."""

from __future__ import annotations

import pytest

from explorer.core.addresses import (
    REFUSED,
    TIMEOUT,
    UNKNOWN_HOST,
    connection_cause,
    looks_like_address,
    one_cause,
    typed_address,
)


@pytest.mark.parametrize(
    ("typed", "url", "assumed"),
    [
        (
            "127.0.0.1:45069/dataset1/capabilitylist.xml",
            "http://127.0.0.1:45069/dataset1/capabilitylist.xml",
            "http",
        ),
        ("localhost:8000", "http://localhost:8000", "http"),
        ("192.168.1.4/rs/", "http://192.168.1.4/rs/", "http"),
        ("[::1]:8080/x", "http://[::1]:8080/x", "http"),
        ("fileserver/rs/", "http://fileserver/rs/", "http"),
        ("example.org/rs/", "https://example.org/rs/", "https"),
        ("  example.org  ", "https://example.org", "https"),
        ("https://example.org/x", "https://example.org/x", None),
        ("http://127.0.0.1/x", "http://127.0.0.1/x", None),
    ],
)
def test_a_scheme_less_address_gets_the_scheme_a_browser_would_pick(typed, url, assumed) -> None:
    address = typed_address(typed)
    assert (address.url, address.assumed) == (url, assumed)


def test_the_assumption_is_said_in_english_and_japanese() -> None:
    address = typed_address("127.0.0.1:8000/x.xml")
    assert address.note() == (
        "no scheme given: taken as http://127.0.0.1:8000/x.xml "
        "(http for a loopback or private host)"
    )
    assert "http://127.0.0.1:8000/x.xml" in (address.note("ja") or "")
    assert typed_address("https://x.org").note() is None


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("127.0.0.1:45069/dataset1/capabilitylist.xml", True),
        ("example.org/rs/", True),
        ("localhost:8000", True),
        ("source.xml", False),
        ("dumps/dump.zip", False),
        ("./x", False),
        ("/tmp/x", False),
        ("notes", False),
        ("", False),
    ],
)
def test_what_reads_as_an_address_rather_than_a_file(text: str, address: bool) -> None:
    assert looks_like_address(text) is address


def test_failure_texts_are_read_for_their_cause() -> None:
    assert connection_cause("connect: ConnectError: All connection attempts failed") == REFUSED
    assert connection_cause("ConnectError: [Errno 111] Connection refused") == REFUSED
    assert connection_cause("ConnectError: [Errno -2] Name or service not known") == UNKNOWN_HOST
    assert connection_cause("ReadTimeout: timed out") == TIMEOUT
    assert connection_cause("HTTP 404") is None


def test_one_cause_gives_one_line_only_when_every_failure_shares_it() -> None:
    refused = "connect: ConnectError: All connection attempts failed"
    url = "http://127.0.0.1:45096/dataset1/capabilitylist.xml"
    assert one_cause(url, [refused] * 5) == (
        "nothing listens on 127.0.0.1:45096 (connection refused)"
    )
    assert one_cause(url, [refused, "HTTP 404"]) is None
    unknown = "ConnectError: [Errno -2] Name or service not known"
    assert one_cause("https://nosuch.invalid/x", [unknown]).startswith(
        "unknown host nosuch.invalid"
    )
    assert one_cause("https://slow.example/x", ["ReadTimeout"]) == (
        "slow.example:443 did not answer in time"
    )
