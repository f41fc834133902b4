"""The standalone signature tool: sign a body, or judge an ``X-Hub-Signature`` value.

Pure, for the ``signature`` command and the window's tool alike. The header form is
WebSub §7.1's ``<algorithm>=<hex digest>`` with an HMAC over the body bytes exactly as
sent; the comparison is the timing-safe one of ``verify_signature``. The expected value is
computed here but shown only when the user asks (it is as good as the secret for that body).
"""

from __future__ import annotations

from dataclasses import dataclass

from explorer.core.push.signatures import ALGORITHMS, SignatureState, sign, verify_signature

DEFAULT_ALGORITHM = "sha256"


@dataclass(frozen=True, slots=True)
class SignatureVerdict:
    """``state`` valid, invalid or malformed; ``algorithm`` the one the header names (or
    the one required); ``expected`` the value the secret gives for this body."""

    state: SignatureState
    algorithm: str
    expected: str
    required: str | None = None

    @property
    def valid(self) -> bool:
        return self.state is SignatureState.VALID


def header_algorithm(header: str) -> str | None:
    """The algorithm a ``<alg>=<hex>`` value names, when it is one WebSub §7.1.1 knows."""
    name, sep, _ = header.strip().partition("=")
    name = name.strip().lower()
    return name if sep and name in ALGORITHMS else None


def judge(body: bytes, secret: str, header: str, required: str | None = None) -> SignatureVerdict:
    """Judge ``header`` for ``body`` under ``secret``; with ``required``, a header signed
    with another algorithm is invalid (a receiver that insists on one refuses the rest)."""
    named = header_algorithm(header)
    algorithm = required or named or DEFAULT_ALGORITHM
    expected = sign(secret, body, algorithm)
    check = verify_signature(header, body, secret)
    state = check.state
    if state is SignatureState.VALID and required is not None and named != required:
        state = SignatureState.INVALID
    return SignatureVerdict(state, named or algorithm, expected, required)
