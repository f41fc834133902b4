"""The recording format: lines made and parsed back, credentials masked, limits kept."""

from __future__ import annotations

import pytest

from explorer.core import recording as rec


def lines() -> list[str]:
    return [
        rec.header_line(100.0, "0.1"),
        rec.document_line(
            101.0,
            "http://src.example:8080/set/topic",
            200,
            [("Link", '<http://hub.example/hub>; rel="hub"'), ("X-Api-Key", "k-123456")],
            b"<urlset/>",
        ),
        rec.delivery_line(
            102.5, "http://src.example:8080/set/topic", "notification", [], b"\xff\x00"
        ),
    ]


def test_lines_parse_back_with_credentials_masked() -> None:
    parsed = rec.parse_recording(lines())
    (doc,) = parsed.documents
    (delivery,) = parsed.deliveries
    assert parsed.started == 100.0 and doc.status == 200 and doc.body == b"<urlset/>"
    assert dict(doc.headers)["X-Api-Key"] != "k-123456"
    assert delivery.body == b"\xff\x00" and delivery.time == 102.5
    assert parsed.origins() == ["http://src.example:8080"]
    moved = rec.rebase(b"<loc>http://src.example:8080/a</loc>", parsed.origins(), "http://l:1")
    assert moved == b"<loc>http://l:1/a</loc>"


def test_unknown_line_types_are_skipped_for_later_versions() -> None:
    parsed = rec.parse_recording([*lines(), '{"type": "marker", "time": 3}'])
    assert len(parsed.deliveries) == 1


@pytest.mark.parametrize(
    ("extra", "reason"),
    [
        ('{"type": "document", "time": 1, "url": "http://x/", "status": 99}', "status"),
        ('{"type": "delivery", "time": "soon", "topic": "http://x/"}', "time"),
        ('{"type": "delivery", "time": 1, "topic": "http://x/", "headers": [1]}', "headers"),
        ('{"type": "delivery", "time": 1, "topic": "http://x/", "body_base64": "*"}', "base64"),
        ("[1, 2]", "object"),
    ],
)
def test_a_bad_line_is_named(extra: str, reason: str) -> None:
    with pytest.raises(rec.RecordingError) as caught:
        rec.parse_recording([*lines(), extra])
    assert caught.value.line == 4 and reason in caught.value.reason


def test_limits_hold_while_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rec, "MAX_LINES", 2)

    def endless():
        yield from lines()
        raise AssertionError("read past the limit")

    with pytest.raises(rec.RecordingError, match="more than 2 lines"):
        rec.parse_recording(endless())
    monkeypatch.setattr(rec, "MAX_LINES", 100)
    monkeypatch.setattr(rec, "MAX_LINE_CHARS", 50)
    with pytest.raises(rec.RecordingError, match="over 50"):
        rec.parse_recording(lines())
