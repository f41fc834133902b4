"""Fetching one document of the Source tree again, in place (Refresh, F5).

A crawler of its own loads a detached copy of the node (with the node's parent, so
the document is validated in the same context as the first time) and stops before
any child: refreshing a Capability List must not refetch every list it points to.
What was read then replaces the node's content in place, so the tree's rows, their
expansion and the selection stay. Children keep their nodes (and what was loaded
below them) when the document still lists the same ones.
"""

from __future__ import annotations

from explorer.net.http.fetcher import Fetcher
from explorer.net.source.crawl import Crawler
from explorer.net.source.crawl_tree import Channel, DocumentNode, NodeState

REFRESHED_FIELDS = ("state", "fetch", "document", "findings", "spooled", "entry_count")


async def reload_document(fetcher: Fetcher, node: DocumentNode) -> bool:
    """Fetch ``node`` again and update it in place; True when the rows below it changed
    (other child documents or channels), so the view rebuilds them."""
    fresh = DocumentNode(node.url, node.declared_capability, node.parent, node.depth, node.line)
    crawler = Crawler(fetcher, should_stop=lambda: fresh.state is not NodeState.PENDING)
    await crawler.expand(fresh)
    for name in REFRESHED_FIELDS:
        setattr(node, name, getattr(fresh, name))
    same_children = [c.url for c in fresh.children] == [c.url for c in node.children]
    same_channels = [_channel_key(c) for c in fresh.channels] == [
        _channel_key(c) for c in node.channels
    ]
    if same_channels:  # the rows keep their Channel objects: give them the new checks
        for old, new in zip(node.channels, fresh.channels, strict=True):
            old.findings = new.findings
    else:
        node.channels = fresh.channels
    if not same_children:
        for child in fresh.children:
            child.parent = node
        node.children = fresh.children
    return not (same_children and same_channels)


def _channel_key(channel: Channel) -> tuple[str, str | None, str]:
    return channel.topic, channel.hub, channel.capability
