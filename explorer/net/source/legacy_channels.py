"""The 2012 draft's push links (core 0.1-alpha §5.2) as channels of the tree and of ``listen``.

A document advertises them itself (no Capability List in 2012), so each becomes a channel
whose topic is that document: the tree shows it under the document, and ``listen`` given
the document's URL subscribes by the link's form.
"""

from __future__ import annotations

from urllib.parse import urljoin

from explorer.core import catalog
from explorer.core.catalog import ENGLISH
from explorer.core.model import Document
from explorer.core.push.legacy_push import (
    PUSHED_CAPABILITY,
    channel_words,
    push_link_finding,
    push_links,
)
from explorer.net.source.crawl_tree import Channel


def legacy_channels(document: Document, url: str) -> list[Channel]:
    """One channel per 2012 push link of ``document`` (fetched from ``url``)."""
    channels = []
    for link in push_links(document):
        href = link.href if link.href.startswith("xmpp:") else urljoin(url, link.href)
        channels.append(
            Channel(
                topic=url,
                hub=href,
                capability=PUSHED_CAPABILITY,
                capability_list=url,
                line=link.line,
                findings=[push_link_finding(link, url)],
                form=link.form,
                node=link.node,
            )
        )
    return channels


def legacy_channel_name(form: str, lang: str = ENGLISH) -> str:
    """ "XMPP PubSub channel (2012 draft)" or "HTTP callback channel (2012 draft)"."""
    return catalog.text(channel_words(form), lang)


def legacy_channel_line(channel: Channel, lang: str = ENGLISH) -> str:
    """One line for a 2012 push channel: its form, its document, where it subscribes."""
    node = catalog.text("legacy_push.node", lang, node=channel.node) if channel.node else ""
    return catalog.text(
        "legacy_push.channel-line",
        lang,
        label=legacy_channel_name(channel.form or "", lang),
        topic=channel.topic,
        href=channel.hub,
        node=node,
    )
