"""X-Hub-Signature checks (WebSub §7.1): every algorithm, and every way to fail."""

from __future__ import annotations

import hashlib
import hmac

import pytest

from explorer.core.push.signatures import SignatureState, sign, signer, verify_signature

BODY = b"<urlset>\xc3\xa9 raw bytes, not text</urlset>"


@pytest.mark.parametrize("algorithm", ["sha1", "sha256", "sha384", "sha512"])
def test_each_recognised_algorithm_verifies(algorithm: str) -> None:
    digest = hmac.new(b"s3cret", BODY, getattr(hashlib, algorithm)).hexdigest()
    check = verify_signature(f"{algorithm}={digest}", BODY, "s3cret")
    assert check.state is SignatureState.VALID and check.algorithm == algorithm
    assert check.state.accepted


@pytest.mark.parametrize("algorithm", ["sha1", "sha512"])
def test_one_signer_signs_each_body_on_its_own(algorithm: str) -> None:
    signed = signer("k", algorithm)
    bodies = [BODY, b"", BODY]  # a reused key state must not carry one body into the next
    expected = [f"{algorithm}={hmac.new(b'k', b, algorithm).hexdigest()}" for b in bodies]
    assert [signed(body) for body in bodies] == expected


def test_sha1_is_accepted_with_a_note() -> None:
    check = verify_signature(sign("k", BODY, "sha1"), BODY, "k")
    assert [f.code for f in check.findings] == ["websub.signature-weak"]
    assert verify_signature(sign("k", BODY), BODY, "k").findings == []


def test_upper_case_hex_and_method_are_tolerated() -> None:
    method, digest = sign("k", BODY).split("=")
    assert verify_signature(f"{method.upper()}={digest.upper()}", BODY, "k").state == "valid"


def test_signature_covers_the_raw_bytes() -> None:
    header = sign("k", BODY)
    check = verify_signature(header, BODY.replace(b"\xc3\xa9", b"e"), "k")
    assert check.state is SignatureState.INVALID and not check.state.accepted
    assert check.findings[0].code == "websub.signature-invalid" and check.reason


def test_wrong_secret_is_invalid() -> None:
    assert verify_signature(sign("other", BODY), BODY, "k").state is SignatureState.INVALID


def test_missing_signature_with_a_secret_is_rejected() -> None:
    check = verify_signature(None, BODY, "k")
    assert check.state is SignatureState.MISSING and not check.state.accepted
    assert check.findings[0].code == "websub.signature-missing"


@pytest.mark.parametrize("header", ["md5=abcd", "sha256", "sha256=not-hex", "=abc", "sha256="])
def test_malformed_or_unknown_method_is_rejected(header: str) -> None:
    check = verify_signature(header, BODY, "k")
    assert check.state is SignatureState.MALFORMED
    assert check.findings[0].code == "websub.signature-malformed"


def test_without_a_secret_nothing_is_checked() -> None:
    assert verify_signature(None, BODY, None).state is SignatureState.NONE
    unexpected = verify_signature(sign("x", BODY), BODY, None)
    assert unexpected.state is SignatureState.NONE and unexpected.state.accepted
    assert unexpected.findings[0].code == "websub.signature-unexpected"
