"""X-Hub-Signature checks for authenticated content distribution (WebSub §7.1).

Pure: takes the raw body bytes exactly as received (the HMAC covers them before any
decoding, WebSub §7.1) and the subscription's secret, and says whether the delivery
may be treated as a notification.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from explorer.core.findings import Finding, finding
from explorer.core.words.messages import Phrase, finding_words

# WebSub §7.1.1: the recognised algorithm names.
ALGORITHMS = {
    "sha1": hashlib.sha1,
    "sha256": hashlib.sha256,
    "sha384": hashlib.sha384,
    "sha512": hashlib.sha512,
}

_HEX = re.compile(r"[0-9a-f]+")

# WebSub §5.1: hub.secret MUST be less than 200 bytes.
MAX_SECRET_BYTES = 199


class SignatureState(StrEnum):
    """valid and none are acceptable; the others make the delivery rejected."""

    VALID = "valid"
    NONE = "none"  # no secret was given (any signature that came cannot be checked)
    INVALID = "invalid"
    MISSING = "missing"
    MALFORMED = "malformed"

    @property
    def accepted(self) -> bool:
        return self in (SignatureState.VALID, SignatureState.NONE)


class Chunked(Protocol):
    """A body too large to hold: its size, and its bytes from the start in pieces."""

    size: int

    def chunks(self) -> Iterator[bytes]: ...


@dataclass(frozen=True, slots=True)
class SignatureCheck:
    state: SignatureState
    algorithm: str | None = None
    reason: Phrase | None = None  # why the delivery is rejected: its finding's words
    findings: list[Finding] = field(default_factory=list)


def sign(secret: str | bytes, body: bytes, algorithm: str = "sha256") -> str:
    """The X-Hub-Signature value a hub sends for ``body`` (used by test hubs and the demo)."""
    return signer(secret, algorithm)(body)


def signer(secret: str | bytes, algorithm: str = "sha256") -> Callable[[bytes], str]:
    """``sign`` for many bodies under one key: the keyed state is set up once and copied
    per body (forwarding signs every delivery with the same secret)."""
    key = secret.encode("utf-8") if isinstance(secret, str) else secret
    keyed = hmac.new(key, digestmod=ALGORITHMS[algorithm])

    def signed(body: bytes) -> str:
        mac = keyed.copy()
        mac.update(body)
        return f"{algorithm}={mac.hexdigest()}"

    return signed


def verify_signature(
    header: str | None, body: bytes | Chunked, secret: str | bytes | None
) -> SignatureCheck:
    """Check ``header`` (the X-Hub-Signature value, or None) against the raw ``body``
    (bytes, or a ``Chunked`` body hashed piece by piece).

    With a secret, a missing, malformed or mismatched signature means the message is
    to be ignored as invalid (WebSub §7.1.2); the caller still answers 2xx.
    """
    if not secret:
        if header:
            return SignatureCheck(
                SignatureState.NONE,
                findings=[finding("websub.signature-unexpected", params={})],
            )
        return SignatureCheck(SignatureState.NONE)
    if not header:
        missing = finding("websub.signature-missing", params={})
        return SignatureCheck(
            SignatureState.MISSING, reason=finding_words(missing), findings=[missing]
        )
    method, sep, digest = header.strip().partition("=")
    method = method.strip().lower()
    digest = digest.strip().lower()
    if not sep or method not in ALGORITHMS or not _is_hex(digest):
        malformed = finding("websub.signature-malformed", params={"header": header[:100]})
        return SignatureCheck(
            SignatureState.MALFORMED, reason=finding_words(malformed), findings=[malformed]
        )
    key = secret.encode("utf-8") if isinstance(secret, str) else secret
    mac = hmac.new(key, digestmod=ALGORITHMS[method])
    for piece in (body,) if isinstance(body, bytes) else body.chunks():
        mac.update(piece)
    size = len(body) if isinstance(body, bytes) else body.size
    if not hmac.compare_digest(mac.hexdigest(), digest):
        invalid = finding("websub.signature-invalid", params={"method": method, "size": size})
        return SignatureCheck(SignatureState.INVALID, method, finding_words(invalid), [invalid])
    notes = []
    if method == "sha1":
        notes.append(finding("websub.signature-weak", params={}))
    return SignatureCheck(SignatureState.VALID, method, findings=notes)


def normalised_signature(header: str | None) -> str:
    """The signature as ``verify_signature`` reads it: algorithm and hex lower-cased, every
    space gone. Two spellings of one signature (``SHA256=``, upper-case hex,
    ``sha256 = …``) are one signature: the replay guard must not tell them apart."""
    if not header:
        return ""
    method, sep, digest = header.partition("=")
    return "".join(method.split()).lower() + sep + "".join(digest.split()).lower()


def _is_hex(text: str) -> bool:
    return _HEX.fullmatch(text) is not None
