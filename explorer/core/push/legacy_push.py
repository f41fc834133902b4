"""The push links of the 2012 alpha draft (core 0.1-alpha §5.2) and how their deliveries read.

Before WebSub, a Source advertised push with a document-level ``xhtml:link`` carrying an
``rs:protocol``: XEP-0060 for XMPP PubSub (§5.2.1, with ``rs:pubsubnode`` naming the node
and an ``xmpp:`` href naming the service) or any other protocol URI for the HTTP callback
(§5.2.2, whose href is the subscription interface; the draft's own example protocol is a
placeholder, so no fixed URI marks it). Table A.1 allows ``xhtml:link`` at the top of every
Sitemap-format document (Sitemap, index, Manifest, Change Set), so all are read.

What either form pushes is a Change Set, which the parser reads as a 1.1 Change List. On a
push channel it is the 2012 ancestor of a 1.1 change notification, so it is read as one
(with a finding saying so): the feed, the store, the diffs and forwarding then need no
case of their own.
"""

from __future__ import annotations

from dataclasses import dataclass

from explorer.core.findings import Finding, finding
from explorer.core.model import Document

RS_NS = "http://www.openarchives.org/rs/terms/"
XMPP_PROTOCOL = "http://xmpp.org/extensions/xep-0060.html"
PROTOCOL_ATTRIBUTE = f"{{{RS_NS}}}protocol"
NODE_ATTRIBUTE = f"{{{RS_NS}}}pubsubnode"

# The two forms of a push link, as ``PushLink.form`` (the kinds of their transports).
XMPP = "2012-xmpp"
CALLBACK = "2012-callback"
PUSHED_CAPABILITY = "change-notification"
"""What a pushed Change Set is read as on a 2012 push channel (see the module docstring)."""

_CODES = {XMPP: "parse.legacy-push-xmpp", CALLBACK: "parse.legacy-push-callback"}
_SECTIONS = {XMPP: "§5.2.1", CALLBACK: "§5.2.2"}
_CHANNEL_WORDS = {XMPP: "legacy_push.xmpp-channel", CALLBACK: "legacy_push.callback-channel"}


@dataclass(frozen=True, slots=True)
class PushLink:
    """One advertised 2012 push channel: its form, where to subscribe, and (XMPP) the node."""

    form: str
    href: str
    node: str | None
    line: int | None

    @property
    def service(self) -> str:
        """The XMPP service's address (``xmpp:pubsub.example.com`` → ``pubsub.example.com``)."""
        return self.href.removeprefix("xmpp:").split("?", 1)[0].strip("/")


def push_links(doc: Document) -> list[PushLink]:
    """The document-level 2012 push links of ``doc`` (pure; the parser kept them as links)."""
    found = []
    for link in doc.links:
        protocol = (link.attributes.get(PROTOCOL_ATTRIBUTE) or "").strip()
        href = (link.href or "").strip()
        if not protocol or not href:
            continue
        if protocol == XMPP_PROTOCOL or href.startswith("xmpp:"):
            node = (link.attributes.get(NODE_ATTRIBUTE) or "").strip() or None
            found.append(PushLink(XMPP, href, node, link.line))
        else:  # relative hrefs resolve against the document, as every link's do
            found.append(PushLink(CALLBACK, href, None, link.line))
    return found


def channel_words(form: str) -> str:
    """The catalog key naming a channel of ``form`` (an unknown form: the callback's)."""
    return _CHANNEL_WORDS.get(form, _CHANNEL_WORDS[CALLBACK])


def push_link_finding(link: PushLink, url: str | None) -> Finding:
    """The legacy finding of a push channel: the form, its section, the 1.1 replacement."""
    params = {"href": link.href, "node": link.node or "", "section": _SECTIONS[link.form]}
    return finding(_CODES[link.form], line=link.line, url=url, params=params)


def read_pushed_change_set(doc: Document, section: str | None) -> list[Finding]:
    """On a 2012 push channel (``section``: its form's, None on any other channel), read a
    Change Set (a Change List by now) as a change notification, in place, and say so;
    anything else is left for the usual checks."""
    if section is None or doc.capability != "changelist":
        return []
    doc.md["capability"] = PUSHED_CAPABILITY
    params = {"section": section}
    return [
        finding(
            "websub.legacy-pushed-change-set",
            line=doc.md_line or doc.line,
            params=params,
        )
    ]


def unverified_finding(url: str) -> Finding:
    """What a 2012 HTTP callback subscription is: unverified and unsigned (§5.2.2)."""
    return finding(
        "websub.legacy-callback-unverified",
        url=url,
        params={"url": url},
    )
