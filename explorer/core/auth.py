"""Origins, secret masking and authentication challenges: the pure side of credentials.

Credentials are scoped to an origin (scheme, host and port), so a token given for one
Source never reaches a host that a link, a redirect or a ``describedby`` points to.
Whatever shows a request (the exchange log, the inspector, ``--json``, "Copy as curl")
masks the values of credential headers: the scheme stays readable, the secret does not.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit

from explorer.core.findings import Finding, finding
from explorer.core.said_error import SaidError
from explorer.core.words.messages import Phrase, said

MASK = "••••"
SENSITIVE_HEADERS = frozenset({"authorization", "proxy-authorization", "cookie", "set-cookie"})
"""Headers masked wherever shown, whether or not they came from a stored credential."""
_CREDENTIAL_HEADERS: set[str] = set()
"""Lower-cased names of every header given as a credential in this process (by a flag, a
credentials file or the window): masked wherever Authorization is, by ``mask_headers``,
whichever request, record or copy shows them. Names only; never a value."""
TAIL_SHOWN_FROM = 16
"""Secrets at least this long keep their last four characters visible, so a user can tell
two tokens apart; shorter ones are masked whole (four of eight would give half away)."""
DEFAULT_PORTS = {"http": 80, "https": 443}


class OriginError(SaidError, ValueError):
    """The text is not an http(s) URL or origin."""


def origin_of(url: str) -> str:
    """``scheme://host[:port]``, lower-cased, the default port left out: the key under which
    credentials are kept. Raises ``OriginError`` for anything but an http(s) URL."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as exc:
        raise OriginError("auth.not-a-url", detail=str(exc)) from None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        raise OriginError("auth.not-http")
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    if port is None or port == DEFAULT_PORTS[scheme]:
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


def mask_secret(value: str) -> str:
    """A mask for a secret: ``••••`` and, for a long one, its last four characters."""
    value = value.strip()
    if value.startswith(MASK):  # already masked: keep what it shows
        return value
    return MASK + value[-4:] if len(value) >= TAIL_SHOWN_FROM else MASK


def mask_header_value(name: str, value: str) -> str:
    """A credential header's value with its scheme kept and its secret masked
    (``Bearer ••••1234``); Basic credentials are masked whole, since they encode the
    password."""
    del name  # every credential header is masked the same way
    scheme, sep, rest = value.strip().partition(" ")
    if sep and scheme.isalpha() and rest.strip():
        if scheme.lower() == "basic":
            return f"{scheme} {MASK}"
        return f"{scheme} {mask_secret(rest)}"
    return mask_secret(value)


def declare_credential_headers(names: Iterable[str]) -> None:
    """Treat ``names`` as secrets from now on (a ``Credential`` declares its headers when
    made), so an API-key header is masked everywhere Authorization is."""
    _CREDENTIAL_HEADERS.update(name.lower() for name in names)


def is_secret_header(name: str) -> bool:
    """Whether ``name``'s value is masked wherever headers are shown."""
    lowered = name.lower()
    return lowered in SENSITIVE_HEADERS or lowered in _CREDENTIAL_HEADERS


def mask_headers(
    headers: Mapping[str, str] | Iterable[tuple[str, str]], secret_names: Iterable[str] = ()
) -> list[tuple[str, str]]:
    """``headers`` with the values of sensitive headers and of ``secret_names`` masked."""
    items = headers.items() if isinstance(headers, Mapping) else headers
    named = {name.lower() for name in secret_names}
    return [
        (
            name,
            mask_header_value(name, value)
            if is_secret_header(name) or name.lower() in named
            else value,
        )
        for name, value in items
    ]


def challenge_schemes(www_authenticate: Iterable[str]) -> list[tuple[str, str | None]]:
    """(scheme, realm) of each challenge in ``WWW-Authenticate`` values (RFC 9110 §11.6.1).

    Lenient: a scheme is a token that starts a value or follows a comma and is not a
    ``name=value`` parameter; the realm is read when quoted or bare. Bad input yields what
    could be read, never an exception.
    """
    found: list[tuple[str, str | None]] = []
    for header in www_authenticate:
        for piece in _split_commas(header[:4096]):
            piece = piece.strip()
            if not piece:
                continue
            head, _, rest = piece.partition(" ")
            if "=" in head:
                if found and head.lower().startswith("realm=") and found[-1][1] is None:
                    found[-1] = (found[-1][0], _unquote(head[6:]))
                continue
            realm = None
            rest = rest.strip()
            if rest.lower().startswith("realm="):
                realm = _unquote(rest[6:])
            found.append((head, realm))
    return found


def _split_commas(text: str) -> list[str]:
    pieces: list[str] = []
    current: list[str] = []
    quoted = False
    for char in text:
        if char == '"':
            quoted = not quoted
        if char == "," and not quoted:
            pieces.append("".join(current))
            current = []
        else:
            current.append(char)
    pieces.append("".join(current))
    return pieces


def _unquote(text: str) -> str:
    text = text.strip()
    if text.startswith('"'):
        end = text.find('"', 1)
        text = text[1:end] if end > 0 else text[1:]
    return "".join(char for char in text if char.isprintable())[:200]


def describe_challenge(www_authenticate: Iterable[str]) -> str:
    """What the server asks for, to name in a message: ``Bearer``, ``Basic (realm "x")``."""
    return str(_asked(www_authenticate))


def _asked(www_authenticate: Iterable[str]) -> Phrase | str:
    """``describe_challenge``'s text; when no scheme is named, a phrase, so a finding
    says that in the reader's language."""
    schemes = challenge_schemes(www_authenticate)
    if not schemes:
        return said("auth.no-challenge")
    return " or ".join(
        f'{scheme} (realm "{realm}")' if realm else scheme for scheme, realm in schemes[:3]
    )


def auth_finding(
    url: str, status: int, www_authenticate: Iterable[str], *, credentials_sent: bool
) -> Finding:
    """``http.auth-required`` for a 401, ``http.forbidden`` for a 403: the message names the
    scheme the server asks for and says how to supply (or fix) credentials."""
    origin = _origin_or_url(url)
    if status == 401:
        asked = _asked(www_authenticate)
        return finding(
            "http.auth-required",
            url=url,
            params={"url": url, "origin": origin, "asked": asked},
            variant="refused" if credentials_sent else "",
        )
    return finding(
        "http.forbidden",
        url=url,
        params={"url": url, "origin": origin},
        variant="refused" if credentials_sent else "",
    )


def _origin_or_url(url: str) -> str:
    try:
        return origin_of(url)
    except OriginError:
        return url
