"""How requests reach the network: credentials, proxy and TLS trust, for every client.

Institutional networks put Sources behind an HTTP proxy and inspect TLS with their own
root certificate. Certificates are checked against the operating system's trust store
(``truststore``: the Keychain on macOS, the certificate store on Windows, the system CA
files on Linux), where such a root is installed, plus an optional extra CA bundle.
Turning verification off is possible only as an explicit choice that callers report.

``NetworkAccess.client_options()`` gives the keyword arguments for ``httpx.AsyncClient``;
the Fetcher and ``bounded_client`` use it, so every Source, hub and callback request goes
the same way.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

if TYPE_CHECKING:  # loaded when a context is built: a command without URLs never needs TLS
    import ssl

from explorer.core.catalog import text
from explorer.core.words.messages import Phrase, said
from explorer.net.http.credentials import Credentials


class ProxyMode(StrEnum):
    """``system``: the environment's and the system's proxy settings (``HTTPS_PROXY``,
    ``NO_PROXY``…); ``manual``: one proxy URL for every request; ``none``: direct."""

    SYSTEM = "system"
    MANUAL = "manual"
    NONE = "none"


class NetworkSettingsError(ValueError):
    """A proxy URL or CA bundle cannot be used: ``said`` in words every language can say."""

    def __init__(self, said: Phrase) -> None:
        super().__init__(str(said))
        self.said = said


INSECURE_WARNING = text("netconfig.insecure")


@dataclass(frozen=True, slots=True)
class NetworkSettings:
    proxy_mode: ProxyMode = ProxyMode.SYSTEM
    proxy_url: str | None = field(default=None, repr=False)  # may carry a password
    ca_bundle: Path | None = None
    insecure: bool = False
    allow_private_addresses: bool = True
    """False: requests to loopback, private and link-local addresses are refused
    (``explorer.net.http.outbound``); the command line sets it from the URLs it is given."""

    def __post_init__(self) -> None:
        if self.proxy_mode is ProxyMode.MANUAL:
            check_proxy_url(self.proxy_url or "")
        if self.ca_bundle is not None and not Path(self.ca_bundle).is_file():
            raise NetworkSettingsError(said("netconfig.ca-not-file", path=self.ca_bundle))

    def verify(self) -> ssl.SSLContext | bool:
        """What httpx's ``verify`` gets: False when insecure, else a trust-store context."""
        if self.insecure:
            return False
        return trust_store_context(str(self.ca_bundle) if self.ca_bundle else None)


def check_proxy_url(url: str) -> str:
    """An ``http://`` or ``https://`` proxy URL with a host; the message never quotes a
    password it may carry."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        raise NetworkSettingsError(said("netconfig.proxy-invalid")) from None
    if parts.scheme.lower() not in ("http", "https") or not parts.hostname:
        raise NetworkSettingsError(said("netconfig.proxy-scheme"))
    return url


@functools.lru_cache(maxsize=8)
def trust_store_context(ca_bundle: str | None = None) -> ssl.SSLContext:
    """A client context verifying against the system's trust store plus ``ca_bundle``.

    Cached: building one reads the system's certificates, and one context serves every
    connection. Raises ``NetworkSettingsError`` for a bundle OpenSSL cannot read."""
    import ssl

    import truststore

    context = truststore.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    if ca_bundle is not None:
        try:
            context.load_verify_locations(cafile=ca_bundle)
        except (OSError, ssl.SSLError) as exc:
            unreadable = said("netconfig.ca-unreadable", path=ca_bundle, reason=str(exc))
            raise NetworkSettingsError(unreadable) from None
    return context


@dataclass(slots=True)
class NetworkAccess:
    """Credentials plus network settings: everything a client needs to reach a Source."""

    credentials: Credentials = field(default_factory=Credentials)
    settings: NetworkSettings = field(default_factory=NetworkSettings)

    def client_options(self, transport: object = None) -> dict[str, Any]:
        """Keyword arguments for ``httpx.AsyncClient``: TLS trust, proxy, and the hook
        that adds each request's own origin's credentials (and nobody else's). A
        ``transport`` that reads no network (``reads_network = False``, a folder's) gets
        no hooks: no credentials to send, and no address to vet (vetting one resolves its
        host, a DNS query per request for a Source that is only a folder)."""
        if not getattr(transport, "reads_network", True):
            return {}
        settings = self.settings
        options: dict[str, Any] = {
            "verify": settings.verify(),
            "event_hooks": {"request": [self.credentials.request_hook]},
        }
        if not settings.allow_private_addresses:
            # here, not at the top: a command given only local files never loads httpx
            from explorer.net.http.outbound import refuse_private_addresses

            options["event_hooks"]["request"].insert(0, refuse_private_addresses)
        if settings.proxy_mode is ProxyMode.MANUAL:
            options["proxy"] = settings.proxy_url
        elif settings.proxy_mode is ProxyMode.NONE:
            options["trust_env"] = False
        return options

    def headers_for(self, url: str) -> dict[str, str]:
        return self.credentials.headers_for(url)
