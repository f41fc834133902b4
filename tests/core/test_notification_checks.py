"""Checks of a delivery against its subscription: channel type, continuity, headers."""

from __future__ import annotations

from explorer.core.model import Document, Entry
from explorer.core.push.notification_checks import (
    DeliveryContext,
    check_continuity,
    check_delivery_headers,
    check_notification,
    parse_w3c_datetime,
    summarize_notification,
)

TOPIC, HUB = "http://example.org/change", "http://hub.example.org/"


def doc(
    capability: str = "change-notification",
    start: str | None = "2026-01-01T00:00:00Z",
    until: str | None = "2026-01-01T00:10:00Z",
) -> Document:
    md = {"capability": capability}
    if start:
        md["from"] = start
    if until:
        md["until"] = until
    return Document(
        "urlset",
        md=md,
        entries=[
            Entry(
                "http://example.org/r1", md={"change": "created", "datetime": "2026-01-01T00:01Z"}
            )
        ],
    )


def codes(findings) -> list[str]:
    return [item.code for item in findings]


def test_capability_must_match_the_channel() -> None:
    context = DeliveryContext(TOPIC, HUB, "framework-notification")
    assert codes(check_notification(doc(), context)) == ["websub.capability-mismatch"]
    assert check_notification(doc("framework-notification"), context) == []


def test_unknown_channel_type_accepts_either_notification() -> None:
    context = DeliveryContext(TOPIC, HUB)
    assert check_notification(doc(), context) == []
    assert codes(check_notification(doc("changelist"), context)) == ["websub.not-a-notification"]


def test_continuity_adjoining_gap_and_overlap() -> None:
    assert check_continuity(doc(start="2026-01-01T00:00:00Z"), "2026-01-01T00:00:00Z") == []
    assert check_continuity(doc(start="2026-01-01T01:00:00+01:00"), "2026-01-01T00:00:00Z") == []
    gap = check_continuity(doc(start="2026-01-01T00:05:00Z"), "2026-01-01T00:00:00Z")
    assert codes(gap) == ["websub.continuity-gap"]
    overlap = check_continuity(doc(start="2025-12-31T23:59:00Z"), "2026-01-01T00:00:00Z")
    assert codes(overlap) == ["websub.continuity-overlap"]


def test_continuity_needs_both_datetimes() -> None:
    assert check_continuity(doc(start=None), "2026-01-01T00:00:00Z") == []
    assert check_continuity(doc(), None) == []
    assert check_continuity(doc(start="yesterday"), "2026-01-01T00:00:00Z") == []


def test_headers_matching_the_subscription_give_nothing() -> None:
    link = f'<{TOPIC}>; rel="self", <{HUB}>; rel="hub"'
    context = DeliveryContext(TOPIC, HUB)
    assert check_delivery_headers("application/xml; charset=utf-8", [link], context) == []


def test_header_problems_are_flagged() -> None:
    context = DeliveryContext(TOPIC, HUB)
    assert codes(check_delivery_headers(None, [], context)) == [
        "websub.content-type",
        "websub.link-self-missing",
        "websub.link-hub-missing",
    ]
    other = '<http://elsewhere/>; rel="self", <http://otherhub/>; rel="hub"'
    assert codes(check_delivery_headers("application/xml", [other], context)) == [
        "websub.link-self-mismatch",
        "websub.link-hub-mismatch",
    ]


def test_summary_lists_entries() -> None:
    summary = summarize_notification(doc())
    assert summary["capability"] == "change-notification"
    assert summary["entries"] == [
        {"loc": "http://example.org/r1", "change": "created", "datetime": "2026-01-01T00:01Z"}
    ]
    assert summary["entry_count"] == 1 and not summary["entries_truncated"]


def test_w3c_datetimes() -> None:
    assert parse_w3c_datetime("2026-01-01") is not None
    assert parse_w3c_datetime("2026-01-01T00:00Z") == parse_w3c_datetime("2026-01-01T00:00:00Z")
    assert parse_w3c_datetime("not a date") is None and parse_w3c_datetime(None) is None
