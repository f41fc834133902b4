"""Who the explorer is on XMPP, and how a PubSub node is named: kept apart from the
transport (``xmpp_push``) so that reading options does not load the XMPP library."""

from __future__ import annotations

from dataclasses import dataclass, field

from explorer.net.http.retry_policy import RetryPolicy


@dataclass(frozen=True, slots=True)
class XmppAccount:
    """Who the explorer is on XMPP. ``server`` (host, port) overrides DNS for the domain."""

    jid: str
    password: str = field(repr=False)
    server: tuple[str, int] | None = None
    ca_bundle: str | None = None  # extra CA certificates (PEM) to trust for the server


@dataclass(frozen=True, slots=True)
class XmppOptions:
    """Bounds: the largest item, each request's seconds, and the reconnection policy."""

    max_item_bytes: int = 50 * 1024 * 1024
    request_timeout: float = 15.0
    retry: RetryPolicy = field(
        default_factory=lambda: RetryPolicy(6, 1.0, max_backoff=60.0, jitter=True)
    )


def is_jid(text: str) -> bool:
    """Whether ``text`` has the ``user@domain`` form an account's bare JID needs."""
    local, at, domain = text.partition("@")
    return bool(local and at and domain) and not any(c.isspace() for c in text)


def parse_server(text: str) -> tuple[str, int]:
    """(host, port) from ``HOST:PORT`` (an IPv6 host in brackets); ValueError otherwise."""
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"not HOST:PORT: '{text[:80]}'")
    return host.strip("[]"), int(port)


def node_uri(service: str, node: str) -> str:
    """The XMPP URI of a PubSub node (RFC 5122 §2.2 with XEP-0147's ``;node=`` key)."""
    return f"xmpp:{service}?;node={node}"


def parse_node_uri(uri: str) -> tuple[str, str]:
    """(service, node) from ``node_uri``'s form; ValueError when it is not one."""
    address, _, query = uri.removeprefix("xmpp:").partition("?")
    node = next((p[5:] for p in query.split(";") if p.startswith("node=")), "")
    if not address.strip("/") or not node:
        raise ValueError(f"{uri} is not an XMPP PubSub node URI (xmpp:service?;node=N)")
    return address.strip("/"), node
