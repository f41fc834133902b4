"""Content digests as ResourceSync writes them (core 1.1 §7: ``hash="md5:… sha-256:…"``).

Used by the resource spot checks and the dump checks to compare bytes with the metadata.
"""

from __future__ import annotations

import hashlib

from explorer.core.words.messages import Phrase, said

# ResourceSync algorithm names (IANA "Hash Function Textual Names") -> hashlib names.
ALGORITHMS = {
    "md5": "md5",
    "sha-1": "sha1",
    "sha-224": "sha224",
    "sha-256": "sha256",
    "sha-384": "sha384",
    "sha-512": "sha512",
}


def parse_hash(value: str | None) -> dict[str, str]:
    """{algorithm: lower-case hex} for the known algorithms in a hash attribute."""
    digests: dict[str, str] = {}
    for token in (value or "").split():
        name, sep, digest = token.partition(":")
        name = name.lower()
        if sep and name in ALGORITHMS and digest:
            digests[name] = digest.lower()
    return digests


class Digester:
    """Feed bytes in chunks; ``hexdigests()`` gives every requested algorithm at once."""

    def __init__(self, algorithms: list[str] | tuple[str, ...]) -> None:
        self._hashes = {
            name: hashlib.new(ALGORITHMS[name]) for name in algorithms if name in ALGORITHMS
        }
        self.length = 0

    def update(self, chunk: bytes) -> None:
        self.length += len(chunk)
        for state in self._hashes.values():
            state.update(chunk)

    def hexdigests(self) -> dict[str, str]:
        return {name: state.hexdigest() for name, state in self._hashes.items()}


def digest_mismatches(expected: dict[str, str], actual: dict[str, str]) -> Phrase | None:
    """Each algorithm whose digest differs, said as one phrase ("md5 listed …, computed …;
    sha-256 listed …"), or None when every listed digest matches."""
    differing = [
        said("document.digest-mismatch", name=name, listed=digest, computed=actual[name])
        for name, digest in expected.items()
        if name in actual and actual[name] != digest
    ]
    if not differing:
        return None
    joined = differing[-1]
    for earlier in reversed(differing[:-1]):
        joined = said("document.digest-mismatches", first=earlier, rest=joined)
    return joined
