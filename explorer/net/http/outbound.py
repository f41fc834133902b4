"""Where requests may go: a public Source cannot lead the explorer into the local network.

A Source chooses the URLs the explorer requests next (redirects, ``<link>`` targets,
``up`` links, the documents a framework notification names). Without a rule, a public
Source can make it request ``http://127.0.0.1:…``, a router at ``192.168.1.1`` or a
cloud metadata address (``169.254.169.254``) and report what they say. So when every
URL the user gave is on a public address, a request to a loopback, private, link-local
or otherwise non-global address is refused before it is sent (``AddressRefused``, a
transport error every client already reports). A Source that is itself on such an
address may use them (the demo, a Source on the intranet), and so may a user who says so
(``--allow-private-addresses``, ``NetworkSettings.allow_private_addresses``).

The hook runs for every request of every client made with
``NetworkAccess.client_options()`` (the Fetcher, downloads of dump packages, hub
requests), each hop of a redirect included.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from collections.abc import Iterable
from urllib.parse import urlsplit

import httpx

from explorer.core import catalog

RESOLVE_SECONDS = 5.0


class AddressRefused(httpx.UnsupportedProtocol):
    """A request to a non-public address that the policy refused (not retried)."""


def non_public(address: str) -> bool:
    """Whether ``address`` (an IP literal) is loopback, private, link-local, reserved or
    anything else that is not a global unicast address."""
    try:
        ip = ipaddress.ip_address(address.strip("[]").split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return not ip.is_global or ip.is_multicast


def _resolved(host: str, port: int) -> list[str]:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return []
    return [str(info[4][0]) for info in infos]


def is_on_private_address(url: str) -> bool:
    """Whether the host of ``url`` is, or resolves to, a non-public address (a name that
    does not resolve counts as public: the policy then applies)."""
    try:
        parts = urlsplit(url)
        host, port = parts.hostname, parts.port or 443
    except ValueError:
        return False
    if not host:
        return False
    return any(non_public(address) for address in [host, *_resolved(host, port)])


def private_addresses_allowed(urls: Iterable[str], asked: bool = False) -> bool:
    """The policy for one command: allowed when the user ``asked`` or when one of the
    ``urls`` they gave is itself on a non-public address."""
    return asked or any(is_on_private_address(url) for url in urls)


async def refuse_private_addresses(request: httpx.Request) -> None:
    """An httpx request hook: raise ``AddressRefused`` when the request's host is, or
    resolves to, a non-public address."""
    host = request.url.host
    refused = host if non_public(host) else None
    if refused is None:
        loop = asyncio.get_running_loop()
        port = request.url.port or (443 if request.url.scheme == "https" else 80)
        try:
            async with asyncio.timeout(RESOLVE_SECONDS):
                addresses = await loop.run_in_executor(None, _resolved, host, port)
        except TimeoutError:
            addresses = []
        refused = next((address for address in addresses if non_public(address)), None)
    if refused is not None:
        raise AddressRefused(
            catalog.text("boundary.private-address-refused", host=host, address=refused),
            request=request,
        )
