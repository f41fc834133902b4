"""Judging one attribute value, wherever it is written: ``hash``, ``type`` and the URIs.

core 1.1 §7 gives ``rs:md`` and ``rs:ln`` the same ``hash``, ``length``, ``type`` and
``path`` attributes; the entry pass checks rs:md values in bulk, and the link pass checks
rs:ln values one link at a time, both with the wording kept here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from explorer.core.findings import Finding, finding
from explorer.core.words.messages import Phrase

# Hex digest lengths of the algorithms ResourceSync publishers use (core 1.1 §7 names md5
# and sha-256; the others follow the same naming).
DIGEST_LENGTHS = {
    "md5": 32,
    "sha-1": 40,
    "sha-224": 56,
    "sha-256": 64,
    "sha-384": 96,
    "sha-512": 128,
}
_HEX = re.compile(r"[0-9a-fA-F]+").fullmatch
_ALGORITHM = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*").fullmatch
# RFC 6838 type/subtype, optional RFC 2045 parameters.
_TOKEN = r"[A-Za-z0-9!#$%&'*+.^_`|~-]+"
MEDIA_TYPE = re.compile(
    rf"{_TOKEN}/{_TOKEN}(?:\s*;\s*{_TOKEN}=(?:{_TOKEN}|\"(?:[^\"\\]|\\.)*\"))*\s*"
).fullmatch
# An RFC 3986 URI reference (RFC 3987 IRI: non-ASCII letters too, as the schema's anyURI
# allows): unreserved, reserved and percent-encoded characters; no spaces, no quotes, no
# angle brackets, no stray "%".
_URI_REFERENCE = re.compile(
    r"(?:[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2}|[^\x00-\x7f\s])+"
).fullmatch


def is_uri_reference(value: str) -> bool:
    """Whether ``value`` (surrounding whitespace aside, as XML Schema's anyURI collapses it)
    is an RFC 3986 URI reference, absolute or relative."""
    return _URI_REFERENCE(value.strip()) is not None


def is_media_type(value: str) -> bool:
    return MEDIA_TYPE(value) is not None


def is_length(value: str) -> bool:
    """A non-negative integer (core 1.1 §7 length; the schema's nonNegativeInteger)."""
    return value.isascii() and value.isdigit()


def _placed(where: Phrase | None, params: dict[str, object], variant: str = "") -> dict[str, Any]:
    """``finding()``'s params and variant for a message that names ``where`` the value
    sits (the "where" shapes) when it is not the entry's rs:md (``where`` None)."""
    if where is None:
        return {"params": params, "variant": variant}
    return {
        "params": {**params, "where": where},
        "variant": f"{variant}-where" if variant else "where",
    }


def length_invalid(value: str, line: int | None, where: Phrase | None = None) -> Finding:
    """``where`` ("on the rs:ln ...") names the element when it is not the entry's rs:md."""
    return finding(
        "document.length-invalid",
        line=line,
        **_placed(where, {"value": value}),
    )


def type_invalid(value: str, line: int | None, where: Phrase | None = None) -> Finding:
    return finding(
        "document.type-invalid",
        line=line,
        **_placed(where, {"value": value}),
    )


def check_hash(
    value: str,
    line: int | None,
    out: list[Finding],
    where: Callable[[], Phrase] | None = None,
) -> None:
    """A whitespace-separated list of ``alg:hexdigest`` (core 1.1 §7 hash); ``where``
    says "on the rs:ln ..." when the value is not on the entry's rs:md (called only for a
    finding: most values are fine)."""
    tokens = value.split()
    if not tokens:
        out.append(
            finding(
                "document.hash-malformed",
                line=line,
                **_placed(where() if where else None, {}, "empty"),
            )
        )
        return
    for token in tokens:
        algorithm, colon, digest = token.partition(":")
        if not colon or not digest or _ALGORITHM(algorithm) is None or _HEX(digest) is None:
            out.append(
                finding(
                    "document.hash-malformed",
                    line=line,
                    **_placed(where() if where else None, {"token": token}),
                )
            )
            continue
        expected = DIGEST_LENGTHS.get(algorithm.lower())
        if expected is not None and len(digest) != expected:
            out.append(
                finding(
                    "document.hash-digest-length",
                    line=line,
                    **_placed(
                        where() if where else None,
                        {"algorithm": algorithm, "digits": len(digest), "expected": expected},
                    ),
                )
            )
