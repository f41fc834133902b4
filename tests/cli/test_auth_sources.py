"""Sources behind credentials: the CLI reads them with --header, --token, --user or a
credentials file, sends the credential only to the Source's origin, never prints it, says
what to do on a 401, and goes through a proxy or a private CA when told to.

Every command runs as its own process, with its own empty config folder."""

from __future__ import annotations

import json
import os
import ssl
import subprocess
import sys
from pathlib import Path

import pytest
from protected_source import (
    PASSWORD,
    TOKEN,
    USER,
    expected_authorization,
    loopback_proxy,
    protected_source,
)
from protected_source import private_ca as make_private_ca

PROXY_VARIABLES = ("http_proxy", "https_proxy", "all_proxy", "no_proxy")


def run_cli(home: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k.lower() not in PROXY_VARIABLES}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / "config"))
    return subprocess.run(
        [sys.executable, "-m", "explorer", *argv],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=90,
    )


def assert_read_whole_source(done: subprocess.CompletedProcess[str], source) -> None:
    assert done.returncode == 0, done.stdout + done.stderr
    report = json.loads(done.stdout)
    assert [d["capability"] for d in report["documents"]] == [
        "description",
        "capabilitylist",
        "resourcelist",
    ]
    assert source.describedby_log.requests, "the describedby link was not checked"
    assert source.describedby_log.authorizations() == []


def assert_no_secret(done: subprocess.CompletedProcess[str], *secrets: str) -> None:
    for secret in secrets:
        assert secret not in done.stdout and secret not in done.stderr


def private_file(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(0o600)
    return path


def test_without_credentials_the_401_says_bearer_and_how(tmp_path: Path) -> None:
    with protected_source() as source:
        done = run_cli(tmp_path, "inspect", source.url, "--json")
    assert done.returncode == 2
    findings = json.loads(done.stdout)["findings"]
    auth = [f for f in findings if f["code"] == "http.auth-required"]
    assert len(auth) == 1
    assert "Bearer" in auth[0]["message"] and "--token" in auth[0]["message"]
    assert "Authentication required prompt" in auth[0]["message"]
    failed = next(f for f in findings if f["code"] == "http.discovery-failed")
    assert "authentication is missing" in failed["message"]
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("how", ["header", "token", "credentials-file", "config-folder"])
def test_a_token_reads_the_whole_source_and_stays_at_its_origin(tmp_path: Path, how) -> None:
    with protected_source() as source:
        table = f'["{source.origin}"]\ntoken = "{TOKEN}"\n'
        if how == "header":
            extra = ["--header", f"Authorization: Bearer {TOKEN}"]
        elif how == "token":
            extra = ["--token", TOKEN]
        elif how == "credentials-file":
            extra = ["--credentials", str(private_file(tmp_path / "mine.toml", table))]
        else:
            private_file(tmp_path / "config/resourcesync-explorer/credentials.toml", table)
            extra = []
        done = run_cli(tmp_path, "inspect", source.url, "--json", *extra)
        assert_read_whole_source(done, source)
        assert set(source.source_log.authorizations()) == {expected_authorization("bearer")}
    assert_no_secret(done, TOKEN)


@pytest.mark.parametrize("how", ["user", "netrc"])
def test_basic_auth_reads_the_whole_source(tmp_path: Path, how) -> None:
    with protected_source("basic") as source:
        if how == "user":
            extra = ["--user", f"{USER}:{PASSWORD}"]
        else:
            host = source.origin.removeprefix("http://")
            netrc = f"machine {host} login {USER} password {PASSWORD}\n"
            extra = ["--credentials", str(private_file(tmp_path / "netrc", netrc))]
        done = run_cli(tmp_path, "inspect", source.url, "--json", *extra)
        assert_read_whole_source(done, source)
    assert_no_secret(done, PASSWORD, expected_authorization("basic").split()[1])


def test_refused_credentials_are_named_as_refused(tmp_path: Path) -> None:
    with protected_source() as source:
        done = run_cli(tmp_path, "inspect", source.url, "--json", "--token", "not-the-token-0000")
    assert done.returncode == 2
    auth = [f for f in json.loads(done.stdout)["findings"] if f["code"] == "http.auth-required"]
    assert "were refused" in auth[0]["message"]
    assert_no_secret(done, "not-the-token-0000")


def test_validate_of_a_url_takes_a_token_and_reports_a_401(tmp_path: Path) -> None:
    with protected_source() as source:
        closed = run_cli(tmp_path, "validate", source.url, "--json")
        opened = run_cli(tmp_path, "validate", source.url, "--json", "--token", TOKEN)
    assert closed.returncode == 2
    [target] = json.loads(closed.stdout)["targets"]
    assert [f["code"] for f in target["findings"]] == ["http.auth-required"]
    assert opened.returncode == 0, opened.stdout + opened.stderr
    assert json.loads(opened.stdout)["targets"][0]["capability"] == "description"
    assert_no_secret(opened, TOKEN)


def test_user_without_password_and_no_terminal_is_a_clear_refusal(tmp_path: Path) -> None:
    with protected_source("basic") as source:
        done = run_cli(tmp_path, "inspect", source.url, "--user", USER)
    assert done.returncode == 2
    assert "no terminal to ask on" in done.stderr and "Traceback" not in done.stderr
    assert source.source_log.requests == []


def test_a_bad_header_is_refused_without_echoing_its_value(tmp_path: Path) -> None:
    done = run_cli(tmp_path, "inspect", "http://127.0.0.1:9/", "--header", "X-Key s3cr3t-value")
    assert done.returncode == 2
    assert "Name: value" in done.stderr and "s3cr3t-value" not in done.stderr


def test_a_proxy_on_loopback_sees_the_requests(tmp_path: Path) -> None:
    with protected_source() as source, loopback_proxy() as (proxy, seen):
        done = run_cli(
            tmp_path, "inspect", source.url, "--json", "--token", TOKEN, "--proxy", proxy
        )
        assert_read_whole_source(done, source)
    assert f"{source.origin}/capabilitylist.xml" in seen
    assert f"{source.origin}/resourcelist.xml" in seen


@pytest.fixture
def private_ca(tmp_path: Path) -> tuple[ssl.SSLContext, Path]:
    """A TLS server context whose certificate a private CA issued, and that CA's PEM file."""
    return make_private_ca(tmp_path)


def test_a_private_ca_passes_with_ca_bundle_and_fails_clearly_without(
    tmp_path: Path, private_ca
) -> None:
    server, bundle = private_ca
    with protected_source(tls=server) as source:
        assert source.url.startswith("https://")
        refused = run_cli(tmp_path, "inspect", source.url, "--json", "--token", TOKEN)
        trusted = run_cli(
            tmp_path, "inspect", source.url, "--json", "--token", TOKEN, "--ca-bundle", str(bundle)
        )
        assert_read_whole_source(trusted, source)
    assert refused.returncode == 2
    failed = next(
        f for f in json.loads(refused.stdout)["findings"] if f["code"] == "http.discovery-failed"
    )
    assert "CERTIFICATE_VERIFY_FAILED" in failed["message"]


def test_insecure_is_loud(tmp_path: Path, private_ca) -> None:
    server, _ = private_ca
    with protected_source(tls=server) as source:
        done = run_cli(tmp_path, "inspect", source.url, "--json", "--token", TOKEN, "--insecure")
    assert done.returncode == 0, done.stderr
    assert "NOT verified" in done.stderr
    codes = [f["code"] for f in json.loads(done.stdout)["findings"]]
    assert codes == ["http.tls-unverified"]


def test_an_unreadable_ca_bundle_is_refused_before_any_request(tmp_path: Path) -> None:
    junk = private_file(tmp_path / "junk.pem", "not a certificate\n")
    with protected_source() as source:
        done = run_cli(tmp_path, "inspect", source.url, "--ca-bundle", str(junk))
    assert done.returncode == 2 and "cannot read CA bundle" in done.stderr
    assert "Traceback" not in done.stderr and source.source_log.requests == []
