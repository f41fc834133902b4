"""Addresses as people type them, and failures said in one line when they have one cause.

A browser opens ``example.org/rs/`` and ``127.0.0.1:8000/x.xml``; so does the explorer.
A scheme-less address is taken as ``https://``, or ``http://`` for a loopback or private
host (a laptop's test server rarely has a certificate), and the caller says what it
assumed. ``connection_cause`` reads the one-line failure texts the fetchers record
(httpx's and the OS's words) and names the cause when there is one a user can act on:
nothing listens there, the host name is unknown, or no answer came in time. Pure: no
I/O, no name lookups.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from urllib.parse import urlsplit

from explorer.core import catalog

HTTP, HTTPS = "http", "https"
REFUSED, UNKNOWN_HOST, TIMEOUT = "refused", "unknown-host", "timeout"
_REFUSED_WORDS = ("connection refused", "all connection attempts failed", "errno 111")
_UNKNOWN_HOST_WORDS = (
    "name or service not known",
    "nodename nor servname",
    "temporary failure in name resolution",
    "no address associated with hostname",
    "getaddrinfo failed",
)
_TIMEOUT_WORDS = ("timeout", "timed out")
# "source.xml" is a file name, not a host in the .xml top-level domain
_FILE_SUFFIXES = frozenset({"xml", "gz", "txt", "json", "html", "htm", "zip", "csv", "tar"})


@dataclass(frozen=True, slots=True)
class TypedAddress:
    """What a typed address was taken as; ``assumed`` is the scheme added, if any."""

    url: str
    assumed: str | None = None

    def note(self, lang: str = catalog.ENGLISH) -> str | None:
        """The line that says what was assumed, or None when nothing was."""
        if self.assumed is None:
            return None
        key = "first_hour.assumed-http" if self.assumed == HTTP else "first_hour.assumed-https"
        return catalog.text(key, lang, url=self.url)


def typed_address(text: str) -> TypedAddress:
    """``text`` as an http(s) URL: unchanged when it has a scheme, else with the scheme a
    browser would pick (https; http for loopback and private hosts)."""
    text = text.strip()
    if "://" in text or not text:
        return TypedAddress(text)
    host = urlsplit(f"//{text}").hostname or ""
    scheme = HTTP if is_local_host(host) else HTTPS
    return TypedAddress(f"{scheme}://{text}", scheme)


def looks_like_address(text: str) -> bool:
    """Whether scheme-less ``text`` reads as host[:port][/path] rather than a file path:
    its host part is localhost, an IP address, or a dotted name, and it does not start
    like a path."""
    text = text.strip()
    if not text or text.startswith(("/", ".", "~", "\\")) or "://" in text:
        return False
    try:
        parts = urlsplit(f"//{text}")
        parts.port  # noqa: B018 - raises ValueError for a port outside 0-65535
    except ValueError:
        return False
    host = parts.hostname or ""
    if host == "localhost" or _ip(host) is not None:
        return True
    suffix = host.rpartition(".")[2]
    return "." in host and " " not in text and suffix.isalpha() and suffix not in _FILE_SUFFIXES


def is_local_host(host: str) -> bool:
    """Loopback, private, link-local, ``localhost``, ``*.local`` or a single-label name."""
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith((".localhost", ".local")):
        return True
    address = _ip(host)
    if address is None:
        return "." not in host  # an intranet name such as "fileserver"
    return address.is_loopback or address.is_private or address.is_link_local


def _ip(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return None


def connection_cause(detail: str) -> str | None:
    """REFUSED, UNKNOWN_HOST or TIMEOUT when a failure text says so, else None."""
    lowered = detail.lower()
    if any(word in lowered for word in _UNKNOWN_HOST_WORDS):
        return UNKNOWN_HOST
    if any(word in lowered for word in _REFUSED_WORDS):
        return REFUSED
    if any(word in lowered for word in _TIMEOUT_WORDS):
        return TIMEOUT
    return None


def one_cause(url: str, details: list[str], lang: str = catalog.ENGLISH) -> str | None:
    """One short line when every failure in ``details`` (of requests to ``url``'s host)
    has the same cause: "nothing listens on 127.0.0.1:45096"; None otherwise."""
    causes = {connection_cause(detail) for detail in details}
    if len(causes) != 1 or None in causes:
        return None
    return cause_line(url, causes.pop() or "", lang)


def cause_line(url: str, cause: str, lang: str = catalog.ENGLISH) -> str:
    """The one line for ``cause`` at ``url``'s host and port."""
    parts = urlsplit(url)
    host = parts.hostname or url
    try:
        port = parts.port or (443 if parts.scheme == HTTPS else 80)
    except ValueError:
        port = 0
    shown = f"[{host}]" if ":" in host else host
    return catalog.text(f"first_hour.cause-{cause}", lang, host=shown, port=port)
