"""Findings about how a document was served: transport errors, status, redirects, retries
and the media type. Shared by the crawl and the dump check, which judge fetches alike.
"""

from __future__ import annotations

from explorer.core.auth import auth_finding
from explorer.core.findings import Finding, finding
from explorer.net.http.fetcher import FetchError, FetchResult

XML_TYPES = frozenset({"application/xml", "text/xml"})
GZIP_TYPES = frozenset({"application/gzip", "application/x-gzip"})

_ERROR_CODES = {
    FetchError.TIMEOUT: "http.timeout",
    FetchError.CONNECT: "http.unreachable",
    FetchError.PROTOCOL: "http.unreachable",
    FetchError.INVALID_URL: "http.unreachable",
    FetchError.REDIRECT_LOOP: "http.redirect-loop",
    FetchError.TOO_MANY_REDIRECTS: "http.too-many-redirects",
    FetchError.TOO_LARGE: "http.too-large",
}


def transport_findings(result: FetchResult) -> list[Finding]:
    """Findings about how a fetch went: errors, status, redirects, retries."""
    url = result.url
    found: list[Finding] = []
    if result.redirects:
        chain = " → ".join(f"{hop.url} ({hop.status})" for hop in result.redirects)
        found.append(
            finding(
                "http.redirect",
                url=url,
                params={"chain": chain, "final": result.final_url},
            )
        )
    if result.error is not None:
        found.append(
            finding(
                _ERROR_CODES[result.error],
                url=url,
                params={"url": url, "reason": result.problem()},
            )
        )
    elif result.status in (401, 403):
        found.append(
            auth_finding(
                url,
                result.status,
                result.headers.get_list("www-authenticate"),
                credentials_sent=result.credentials_sent,
            )
        )
    elif result.status is not None and not result.ok:
        found.append(
            finding(
                "http.status",
                url=url,
                params={"url": url, "status": result.status},
            )
        )
    if result.attempts > 1 and result.ok:
        found.append(
            finding(
                "http.retried",
                url=url,
                params={"url": url, "attempts": result.attempts},
            )
        )
    return found


def content_type_findings(result: FetchResult) -> list[Finding]:
    """ResourceSync documents are XML: application/xml or text/xml, charset allowed;
    gzip types are fine for gzipped Sitemaps."""
    media = result.content_type
    if media in XML_TYPES:
        return []
    if media in GZIP_TYPES and result.body[:2] == b"\x1f\x8b":
        return []
    shown = result.headers.get("content-type")
    return [
        finding(
            "http.content-type",
            url=result.url,
            params={"shown": shown},
            variant="" if shown else "none",
        )
    ]
