"""Credentials per origin: scoping, redirects, masking, files, challenges."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from aiohttp import web
from crawl_site import Reply, Site

from explorer.core.auth import (
    MASK,
    OriginError,
    auth_finding,
    challenge_schemes,
    mask_header_value,
    mask_headers,
    origin_of,
)
from explorer.net.http.bounded_body import bounded_client
from explorer.net.http.credentials import (
    Credential,
    Credentials,
    CredentialsError,
    load_credentials_file,
    parse_header,
)
from explorer.net.http.fetcher import Exchange, Fetcher, FetchResult
from explorer.net.http.http_findings import transport_findings
from explorer.net.http.network_access import NetworkAccess
from explorer.net.store.database import Store
from explorer.net.store.exchange_log import ExchangeLog

TOKEN = "tok-0123456789abcdef-WXYZ"


def test_origins_are_normalised_and_only_http() -> None:
    assert origin_of("HTTPS://Example.ORG:443/a?b") == "https://example.org"
    assert origin_of("http://example.org:8080/") == "http://example.org:8080"
    assert origin_of("http://[::1]:80/x") == "http://[::1]"
    for bad in ("ftp://example.org/", "example.org", "http://host:99999/"):
        with pytest.raises(OriginError):
            origin_of(bad)


def test_headers_are_for_the_same_origin_only() -> None:
    store = Credentials({"https://a.example:8443": Credential(token=TOKEN)})
    assert store.headers_for("https://A.example:8443/deep/path?q") == {
        "Authorization": f"Bearer {TOKEN}"
    }
    for other in ("https://a.example/", "http://a.example:8443/", "https://b.example:8443/"):
        assert store.headers_for(other) == {}


def test_masks_keep_the_scheme_and_hide_the_secret() -> None:
    assert mask_header_value("Authorization", f"Bearer {TOKEN}") == f"Bearer {MASK}WXYZ"
    assert mask_header_value("Authorization", "Bearer short") == f"Bearer {MASK}"
    assert mask_header_value("Authorization", "Basic cmVhZGVyOnNlY3JldC1wYXNzd29yZA==") == (
        f"Basic {MASK}"
    )
    assert mask_header_value("X", f"Bearer {MASK}WXYZ") == f"Bearer {MASK}WXYZ"  # idempotent
    masked = dict(
        mask_headers({"Cookie": "id=1", "X-Api-Key": TOKEN, "Accept": "*/*"}, ["x-api-key"])
    )
    assert masked == {"Cookie": MASK, "X-Api-Key": f"{MASK}WXYZ", "Accept": "*/*"}
    assert TOKEN not in repr(Credential(token=TOKEN, headers=(("X-Api-Key", TOKEN),)))


def test_a_header_with_a_line_break_is_refused_without_its_value() -> None:
    with pytest.raises(CredentialsError) as caught:
        parse_header(f"X-Key: {TOKEN}\r\nHost: evil")
    assert TOKEN not in str(caught.value)
    with pytest.raises(CredentialsError):
        parse_header("no colon here")


async def test_redirect_and_links_to_another_origin_get_no_credentials() -> None:
    """The Fetcher adds credentials by each hop's own origin: a redirect to another origin
    carries neither the token nor an extra header."""
    seen: dict[str, dict[str, str]] = {}

    def recorder(name: str, reply: Reply):
        async def handler(request: web.Request) -> web.StreamResponse:
            seen[name] = dict(request.headers)
            return web.Response(status=reply.status, headers=reply.headers, body=reply.body)

        return handler

    async with Site() as home, Site() as elsewhere:
        target = elsewhere.add("/doc.xml", recorder("elsewhere", Reply(b"<urlset/>")))
        home.add("/start", recorder("home", Reply(status=302, headers={"Location": target})))
        credentials = Credentials()
        credentials.set(home.base_url, Credential(token=TOKEN, headers=(("X-Api-Key", "k-1"),)))
        async with Fetcher(access=NetworkAccess(credentials)) as fetcher:
            result = await fetcher.fetch(home.url("/start"))
    assert result.ok and result.final_url == target
    assert seen["home"]["Authorization"] == f"Bearer {TOKEN}" and seen["home"]["X-Api-Key"] == "k-1"
    assert "Authorization" not in seen["elsewhere"] and "X-Api-Key" not in seen["elsewhere"]
    assert result.credentials_sent is False


async def test_a_client_that_follows_redirects_itself_drops_them_too() -> None:
    seen: list[dict[str, str]] = []

    async def record(request: web.Request) -> web.Response:
        seen.append(dict(request.headers))
        return web.Response(text="ok")

    async with Site() as home, Site() as elsewhere:
        target = elsewhere.add("/x", record)
        home.add("/go", Reply(status=307, headers={"Location": target}))
        credentials = Credentials({home.base_url: Credential(headers=(("X-Api-Key", "k-2"),))})
        async with bounded_client(5.0, access=NetworkAccess(credentials)) as client:
            response = await client.get(home.url("/go"), follow_redirects=True)
    assert response.status_code == 200
    assert "X-Api-Key" not in seen[0] and "Authorization" not in seen[0]


async def test_exchanges_and_the_store_never_hold_the_token(tmp_path: Path) -> None:
    exchanges: list[Exchange] = []
    async with Site() as site:
        site.add("/doc.xml", "<urlset/>")
        credentials = Credentials({site.base_url: Credential(token=TOKEN)})
        access = NetworkAccess(credentials)
        async with Fetcher(access=access, on_exchange=exchanges.append) as fetcher:
            await fetcher.fetch(site.url("/doc.xml"))
    [exchange] = exchanges
    assert exchange.request_headers["Authorization"] == f"Bearer {MASK}WXYZ"
    store = Store(tmp_path / "store.sqlite")
    try:
        log = ExchangeLog(store)
        log.record(
            direction="out",
            kind="fetch",
            method="GET",
            url=exchange.url,
            status=200,
            request_headers={"Authorization": f"Bearer {TOKEN}", "Cookie": f"s={TOKEN}"},
        )
    finally:
        store.close()
    for path in tmp_path.iterdir():
        assert TOKEN.encode() not in path.read_bytes(), path.name


def test_a_toml_file_maps_origins_to_credentials(tmp_path: Path) -> None:
    path = tmp_path / "credentials.toml"
    path.write_text(
        f'["https://data.example.org"]\ntoken = "{TOKEN}"\n'
        '["http://127.0.0.1:8080"]\nuser = "me"\npassword = "pw"\n'
        'headers = { "X-Api-Key" = "k" }\n'
    )
    credentials = load_credentials_file(path)
    assert credentials.headers_for("https://data.example.org/x") == {
        "Authorization": f"Bearer {TOKEN}"
    }
    basic = credentials.headers_for("http://127.0.0.1:8080/")
    assert basic["Authorization"] == "Basic bWU6cHc=" and basic["X-Api-Key"] == "k"


@pytest.mark.parametrize(
    "text",
    [
        f'["https://x.example"]\ntoken = "{TOKEN}\n',  # unterminated string
        f'["https://x.example"]\ntokn = "{TOKEN}"\n',  # unknown key
        f'["ftp://x.example"]\ntoken = "{TOKEN}"\n',  # not an http(s) origin
        f'["https://x.example"]\ntoken = "{TOKEN}\\n"\n',  # control character
    ],
)
def test_a_bad_credentials_file_is_refused_without_its_secrets(tmp_path: Path, text) -> None:
    path = tmp_path / "credentials.toml"
    path.write_text(text)
    with pytest.raises(CredentialsError) as caught:
        load_credentials_file(path)
    assert str(path) in str(caught.value) and TOKEN not in str(caught.value)


def test_a_netrc_machine_covers_https_and_http(tmp_path: Path) -> None:
    path = tmp_path / "netrc"
    path.write_text("machine data.example.org login me password pw\n")
    credentials = load_credentials_file(path)
    for url in ("https://data.example.org/", "http://data.example.org/"):
        assert credentials.headers_for(url) == {"Authorization": "Basic bWU6cHc="}
    assert credentials.headers_for("https://other.example.org/") == {}


def test_challenges_name_the_scheme_and_realm() -> None:
    assert challenge_schemes(['Bearer realm="Closed, Library", error="invalid_token"']) == [
        ("Bearer", "Closed, Library")
    ]
    assert challenge_schemes(["Basic realm=x, Bearer"]) == [("Basic", "x"), ("Bearer", None)]
    refusal = auth_finding("https://a.example/x", 401, [], credentials_sent=False)
    assert refusal.code == "http.auth-required" and "--token" in refusal.message
    forbidden = auth_finding("https://a.example/x", 403, [], credentials_sent=True)
    assert forbidden.code == "http.forbidden"


@pytest.mark.parametrize(("status", "code"), [(401, "http.auth-required"), (403, "http.forbidden")])
def test_a_crawled_document_that_refuses_gets_its_own_finding(status, code) -> None:
    url = "https://a.example/capabilitylist.xml"
    headers = httpx.Headers({"WWW-Authenticate": 'Basic realm="Stacks"'})
    result = FetchResult(url, "GET", status, headers, url, [], b"", 0.0)
    [refusal] = transport_findings(result)
    assert refusal.code == code
    if status == 401:
        assert 'Basic (realm "Stacks")' in refusal.message


def test_a_header_given_as_a_credential_is_masked_wherever_authorization_is() -> None:
    key = "an-api-key-0123456789abcdef"
    Credential(headers=(("X-Service-Key", key),))
    log = ExchangeLog()
    seen: list[object] = []
    log.listeners.append(seen.append)
    record = log.record(
        direction="out",
        kind="publish",
        method="POST",
        url="http://127.0.0.1:9/hub",
        status=400,
        request_headers=[("x-service-key", key), ("Accept", "*/*")],
    )
    assert key not in repr(record) and key not in repr(seen)
    assert dict(record.request_headers)["x-service-key"].endswith(key[-4:])
    assert dict(record.request_headers)["Accept"] == "*/*"


def test_a_kept_credential_is_summarised_masked_in_either_language() -> None:
    token = "s3cret-token-1234"
    both = Credential(token=token, headers=(("X-Api-Key", "k-9876"), ("X-Team", "t")))
    assert both.describe() == "bearer ••••1234; headers X-Api-Key, X-Team"
    assert both.describe("ja") == "トークン ••••1234、ヘッダー X-Api-Key、X-Team"
    basic = Credential(user="me", password="pw")
    assert basic.describe("ja").startswith("ユーザー me、パスワード ")
    assert Credential().describe() == "nothing" and Credential().describe("ja") == "なし"
    for said in (both.describe(), both.describe("ja"), basic.describe("ja")):
        assert token not in said and "k-9876" not in said and "pw" not in said
