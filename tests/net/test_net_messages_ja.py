"""The network layer's findings: English from the catalog (the JSON's message, pinned word
for word here) and Japanese with no English sentence left in it."""

from __future__ import annotations

import io
import re
import zipfile

import httpx

from explorer.cli.engine_text import fetch_problem
from explorer.core.findings import Finding, finding
from explorer.core.words.messages import render_message, render_phrase, said
from explorer.net.http.bounded_body import describe_failure, failure_phrase
from explorer.net.http.fetcher import FetchError, FetchResult, Redirect
from explorer.net.http.http_findings import content_type_findings, transport_findings
from explorer.net.source.dump_check import check_package
from explorer.net.source.topic_check import _check_response

ENGLISH_SENTENCE = re.compile(r"\b[a-z]{2,} [a-z]{2,} [a-z]{2,}\b")
"""Three English words in a row: a sentence the catalog should have said in Japanese."""

URL = "http://example.org/a.xml"
TOPIC = "http://example.org/topic"


def fetched(
    status: int | None = 200,
    headers: dict[str, str] | None = None,
    error: FetchError | None = None,
    redirects: list[Redirect] | None = None,
    attempts: int = 1,
) -> FetchResult:
    return FetchResult(
        url=URL,
        method="GET",
        status=status,
        headers=httpx.Headers(headers or {}),
        final_url=URL,
        redirects=redirects or [],
        body=b"",
        elapsed=0.0,
        attempts=attempts,
        error=error,
    )


def timed_out() -> FetchResult:
    """A timeout the fetcher described in its own words (no network library text)."""
    result = fetched(None, error=FetchError.TIMEOUT)
    phrase = said("http.detail-timed-out")
    result.detail, result.said = str(phrase), phrase
    return result


def japanese_without_english(item: Finding) -> str:
    text = render_message(item, "ja")
    outside = text.replace(URL, "").replace(TOPIC, "")
    assert not ENGLISH_SENTENCE.search(outside), f"{item.code}: {text!r}"
    assert text != item.message
    return text


def test_transport_findings_keep_their_english_and_read_japanese() -> None:
    hop = Redirect("http://example.org/old", 301, URL)
    findings = [
        *transport_findings(fetched(redirects=[hop], attempts=3)),
        *transport_findings(fetched(404)),
        *transport_findings(timed_out()),
        *content_type_findings(fetched()),
        *content_type_findings(fetched(headers={"content-type": "text/html"})),
    ]
    assert [item.message for item in findings] == [
        f"Redirected: http://example.org/old (301) → {URL}",
        f"{URL} succeeded after 3 attempts",
        f"{URL} answered HTTP 404",
        f"{URL}: timeout: timed out",
        "Served as no Content-Type; ResourceSync documents should be served as "
        "application/xml (or text/xml).",
        "Served as text/html; ResourceSync documents should be served as application/xml "
        "(or text/xml).",
    ]
    japanese = [japanese_without_english(item) for item in findings]
    assert "タイムアウトしました" in japanese[3]
    assert "Content-Type なし" in japanese[4]


def test_a_fetch_problem_says_its_own_detail_in_japanese_and_quotes_the_library() -> None:
    assert render_phrase(timed_out().problem(), "ja") == "timeout: タイムアウトしました"
    result = fetched(None, error=FetchError.CONNECT)
    result.detail = "ConnectError: [Errno 111] Connection refused"
    assert str(result.problem()) == result.describe_error() == f"connect: {result.detail}"
    assert render_phrase(result.problem(), "ja") == f"connect: {result.detail}"


def test_the_command_line_says_a_fetch_problem_in_its_language() -> None:
    assert (
        fetch_problem(timed_out(), "ja") == "取得できません（詳細: timeout: タイムアウトしました）"
    )
    assert fetch_problem(timed_out()) == timed_out().describe_error()


def test_topic_findings_name_the_missing_self_link_in_both_languages() -> None:
    served = fetched(headers={"content-type": "text/plain", "link": f'<{URL}>; rel="self"'})
    findings = _check_response(served, TOPIC, None, "GET")
    assert [item.message for item in findings] == [
        f"GET {TOPIC} is served as text/plain; the topic URI must be application/xml.",
        f'GET {TOPIC}: the Link header must give the topic URI as rel="self"; self is {URL}.',
        f'GET {TOPIC}: the Link header has no rel="hub" with the hub URI.',
    ]
    japanese = [japanese_without_english(item) for item in findings]
    assert f"self は {URL}" in japanese[1]


def test_dump_findings_read_japanese() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("manifest.xml", "<not-a-sitemap/>")
        archive.writestr("../escape.txt", "x")
    report = check_package(buffer.getvalue(), URL)
    by_code = {item.code: item for item in report.findings}
    invalid = by_code["http.dump-manifest-invalid"]
    assert invalid.message.startswith(f"{URL}: manifest.xml is not a readable document (")
    for item in report.findings:
        japanese_without_english(item)
    assert "ドキュメントとして読めません" in render_message(invalid, "ja")


def test_a_refetched_document_too_large_for_a_line_diff_says_why_in_japanese(
    monkeypatch,
) -> None:
    from explorer.core.changes import line_diff
    from explorer.net.live.refetch import diff_versions

    monkeypatch.setattr(line_diff, "MAX_LINE_DIFF_BYTES", 16)
    document = b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>'
    _structural, lines, reason = diff_versions(None, document)
    assert lines is None and reason is not None
    size = f"{len(document):,}"
    assert str(reason).startswith(f"a version is {size} bytes")
    assert render_phrase(reason, "ja").startswith(f"一方の版が {size} バイトあります")


def test_a_hub_that_does_not_answer_in_time_is_said_in_japanese() -> None:
    english = describe_failure(TimeoutError(), 20)
    assert english == "TimeoutError: no complete answer within 20 s"
    reason = failure_phrase(TimeoutError(), 20)
    unreachable = finding("hub.unreachable", params={"hub": TOPIC, "reason": reason})
    assert english in unreachable.message
    japanese = render_message(unreachable, "ja")
    assert "20 秒" in japanese and english not in japanese
    refused = failure_phrase(ConnectionRefusedError(111, "Connection refused"), 20)
    assert str(refused) == "ConnectionRefusedError: [Errno 111] Connection refused"
    assert render_phrase(refused, "ja") == str(refused)
