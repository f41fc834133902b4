"""``signature sign|verify``: WebSub §7.1 values, checked against hashlib/hmac directly."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from explorer.cli import main

BODY = b'<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>'
SECRET = "receiver-secret-7f3a"
VERIFY = [sys.executable, "-m", "explorer", "signature", "verify"]


def expected(algorithm: str, secret: str = SECRET) -> str:
    digest = hmac.new(secret.encode(), BODY, getattr(hashlib, algorithm)).hexdigest()
    return f"{algorithm}={digest}"


@pytest.fixture
def body(tmp_path: Path) -> Path:
    path = tmp_path / "body.xml"
    path.write_bytes(BODY)
    return path


@pytest.mark.parametrize("algorithm", ["sha1", "sha256", "sha384", "sha512"])
def test_sign_gives_the_hmac_of_the_body(body: Path, capsys, algorithm: str) -> None:
    args = ["signature", "sign", "--secret", SECRET, "--algorithm", algorithm, str(body)]
    assert main(args) == 0
    assert capsys.readouterr().out.strip() == expected(algorithm)


def test_verify_valid_invalid_and_the_expected_value_only_on_request(body: Path, capsys) -> None:
    good = ["signature", "verify", "--secret", SECRET, "--signature", expected("sha384")]
    assert main([*good, str(body)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("valid") and "sha384" in out and SECRET not in out
    bad = ["signature", "verify", "--secret", "other", "--signature", expected("sha384")]
    assert main([*bad, str(body)]) == 1
    out = capsys.readouterr().out
    assert out.startswith("invalid") and expected("sha384", "other") not in out
    assert main([*bad, "--show-expected", "--json", str(body)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["valid"] is False and data["algorithm"] == "sha384"
    assert data["expected"] == expected("sha384", "other")


def test_a_required_algorithm_refuses_another(body: Path, capsys) -> None:
    args = ["signature", "verify", "--secret", SECRET, "--algorithm", "sha512"]
    assert main([*args, "--signature", expected("sha1"), str(body)]) == 1
    assert "sha512" in capsys.readouterr().out


def test_secret_from_a_file_or_the_environment_never_printed(body: Path, tmp_path: Path) -> None:
    secret_file = tmp_path / "secret"
    secret_file.write_text(SECRET + "\n")
    env = {**os.environ, "RESOURCESYNC_EXPLORER_SECRET": SECRET}
    for extra, environment in (
        (["--secret-file", str(secret_file)], None),
        ([], env),
    ):
        done = subprocess.run(
            [*VERIFY, *extra, "--signature", expected("sha256"), "-"],
            input=BODY,
            capture_output=True,
            env=environment,
            timeout=60,
        )
        assert done.returncode == 0, done.stderr
        assert SECRET.encode() not in done.stdout + done.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["verify", "--secret", SECRET, "--signature", "md5=abc"],
        ["verify", "--secret", SECRET, "--signature", "sha256"],
        ["verify", "--secret", SECRET],
        ["sign", "--secret", ""],
        ["sign"],
    ],
)
def test_unusable_input_is_one_line_and_exit_2(body: Path, args: list[str]) -> None:
    env = {k: v for k, v in os.environ.items() if k != "RESOURCESYNC_EXPLORER_SECRET"}
    done = subprocess.run(
        [sys.executable, "-m", "explorer", "signature", *args, str(body)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
