"""Headers that carry credentials by their name, beyond the standard ones.

``explorer.core.auth`` masks Authorization, Proxy-Authorization and cookies. Files that
leave the machine (an export, a recording) also mask any header whose name says it holds
a token, secret, key, password or session (``X-Api-Key``, ``X-Auth-Token``…), since a
user's ``--header`` can name a credential anything.
"""

from __future__ import annotations

from collections.abc import Iterable

from explorer.core.auth import mask_headers

CREDENTIAL_WORDS = ("token", "secret", "key", "password", "passwd", "session", "auth")


def credential_names(headers: Iterable[tuple[str, str]]) -> set[str]:
    return {name for name, _ in headers if any(word in name.lower() for word in CREDENTIAL_WORDS)}


def mask_credentials(headers: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """``headers`` with every credential header's value masked (its scheme kept)."""
    pairs = list(headers)
    return mask_headers(pairs, credential_names(pairs))
