"""The notifications ``subscriber-check`` delivers, built from the shared templates.

Pure: the caller passes the clock and the test Source's base URL for the channel. Every
notification a test watches for names resources of its own (``marker`` goes into each
``loc``), so a fetch by the subscriber under test is counted against the notification
that named it. The large notification lists only ``deleted`` entries: a Destination
acting on it has nothing to fetch, and the test Source is not asked for 60,000
resources.
"""

from __future__ import annotations

import gzip
from datetime import datetime, timedelta

from explorer.core.model import SITEMAPINDEX, URLSET, Document, Entry, Link
from explorer.core.push.payload_templates import (
    capability_list_url,
    change_notification,
    framework_notification,
)
from explorer.core.rules.capabilities import CHANGE_NOTIFICATION, CHANGEDUMP, CHANGELIST
from explorer.core.serialize import serialize_document
from explorer.core.words.time_text import w3c_datetime

RESOURCES = "dataset1/"
"""Where, below a channel's base URL, the resources notifications name live."""
ENTRY_BYTES = 140
"""About what one serialized ``deleted`` entry takes, to size the large notification."""


def change(base_url: str, now: datetime, marker: str) -> bytes:
    """A change notification with one ``created``, one ``updated`` and one ``deleted``
    entry (change-notification 1.0.1 §3), each ``loc`` carrying ``marker``."""
    return serialize_document(change_notification(3, now, base_url=base_url, marker=marker))


def fetchable(base_url: str, marker: str) -> tuple[str, ...]:
    """The paths, below the host, of what ``change`` names and a Destination would fetch
    (the created and the updated resource; the deleted one is gone)."""
    path = "/" + base_url.split("://", 1)[-1].partition("/")[2]
    return tuple(f"{path}{RESOURCES}resource{number}-{marker}.html" for number in (1, 2))


def framework(base_url: str, now: datetime) -> bytes:
    """A framework notification: the channel's Change List was updated
    (framework-notification 1.0.1 §3)."""
    return serialize_document(framework_notification(CHANGELIST, "updated", now, base_url=base_url))


def sitemap_index(base_url: str, now: datetime, marker: str) -> bytes:
    """A change notification as a ``<sitemapindex>`` of two parts, as a Source whose
    notification outgrew one document sends it (change-notification 1.0.1 §3)."""
    doc = Document(
        SITEMAPINDEX,
        md={"capability": CHANGE_NOTIFICATION, "until": w3c_datetime(now)},
        links=[Link("up", capability_list_url(base_url))],
    )
    for part in (1, 2):
        loc = f"{base_url}{RESOURCES}notification-{marker}-part{part}.xml"
        doc.entries.append(Entry(loc, md={"capability": CHANGE_NOTIFICATION}))
    return serialize_document(doc)


def large(base_url: str, now: datetime, size: int) -> bytes:
    """A change notification of at least ``size`` bytes, every entry ``deleted``."""
    count = max(1, size // ENTRY_BYTES + 1)
    start = now - timedelta(seconds=count)
    doc = Document(
        URLSET,
        md={
            "capability": CHANGE_NOTIFICATION,
            "from": w3c_datetime(start),
            "until": w3c_datetime(now),
        },
        links=[Link("up", capability_list_url(base_url))],
    )
    stamp = w3c_datetime(now)
    for number in range(count):
        loc = f"{base_url}{RESOURCES}gone{number}.html"
        doc.entries.append(Entry(loc, md={"change": "deleted", "datetime": stamp}))
    return serialize_document(doc)


def gzipped(body: bytes) -> bytes:
    """``body`` as a gzip coding (``Content-Encoding: gzip``)."""
    return gzip.compress(body, compresslevel=6, mtime=0)


def capability_list(base_url: str, topic: str, hub: str) -> bytes:
    """A Capability List advertising the channel ``topic`` with ``rs:ln rel="hub"``
    (change-notification 1.0.1 §5)."""
    doc = Document(URLSET, md={"capability": "capabilitylist"})
    doc.entries.append(Entry(f"{base_url}{RESOURCES}changelist.xml", md={"capability": CHANGELIST}))
    doc.entries.append(Entry(f"{base_url}{RESOURCES}changedump.xml", md={"capability": CHANGEDUMP}))
    doc.entries.append(
        Entry(topic, md={"capability": CHANGE_NOTIFICATION}, links=[Link("hub", hub)])
    )
    return serialize_document(doc)
