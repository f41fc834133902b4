"""Notification payloads the hub workbench starts from: templates a user edits and publishes.

Two families: a change notification with N entries (change-notification 1.0.1 §3) and
one framework notification per capability/change pair that Table 2 of
framework-notification 1.0.1 (§2.1) allows. Pure: the caller passes the clock and the
base URL, so a template is a deterministic function of its arguments. Documents go
through the shared serializer, so a template reads exactly like what the demo Source
publishes.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from explorer.core import catalog
from explorer.core.model import URLSET, Document, Entry, Link
from explorer.core.rules.capabilities import (
    CAPABILITYLIST,
    CHANGE_NOTIFICATION,
    CHANGEDUMP,
    CHANGELIST,
    DESCRIPTION,
    FRAMEWORK_CHANGES,
    FRAMEWORK_NOTIFICATION,
    RESOURCEDUMP,
    RESOURCELIST,
    display_name,
)
from explorer.core.serialize import serialize_document
from explorer.core.words.time_text import w3c_datetime

DEFAULT_BASE_URL = "http://example.org/"
CHANGE_ORDER = ("created", "updated", "deleted")
# Table 2 rows in the order the spec lists them.
FRAMEWORK_ORDER = (RESOURCELIST, RESOURCEDUMP, CHANGELIST, CHANGEDUMP, CAPABILITYLIST, DESCRIPTION)
# Where each framework component lives below the base URL.
_FRAMEWORK_PATHS = {
    RESOURCELIST: "dataset1/resourcelist.xml",
    RESOURCEDUMP: "dataset1/resourcedump.xml",
    CHANGELIST: "dataset1/changelist.xml",
    CHANGEDUMP: "dataset1/changedump.xml",
    CAPABILITYLIST: "dataset1/capabilitylist.xml",
    DESCRIPTION: ".well-known/resourcesync",
}
CHANGE_TEMPLATE = "change-notification"


@dataclass(frozen=True, slots=True)
class Template:
    """One choice in the workbench's template picker."""

    key: str  # "change-notification" or "framework:<capability>:<change>"
    title: str
    capability: str  # the payload's document capability


def framework_pairs() -> list[tuple[str, str]]:
    """(capability, change) pairs Table 2 allows (framework-notification 1.0.1 §2.1)."""
    return [
        (capability, change)
        for capability in FRAMEWORK_ORDER
        for change in CHANGE_ORDER
        if change in FRAMEWORK_CHANGES[capability]
    ]


def templates() -> list[Template]:
    """Every template: the change notification first, then Table 2 row by row."""
    change_title = catalog.text("conformance.template-change")
    found = [Template(CHANGE_TEMPLATE, change_title, CHANGE_NOTIFICATION)]
    for capability, change in framework_pairs():
        found.append(
            Template(
                f"framework:{capability}:{change}",
                catalog.text(
                    "conformance.template-framework", name=display_name(capability), change=change
                ),
                FRAMEWORK_NOTIFICATION,
            )
        )
    return found


def capability_list_url(base_url: str = DEFAULT_BASE_URL) -> str:
    """The Capability List the templates point up to (and Link rel=resourcesync names)."""
    return _url(base_url, _FRAMEWORK_PATHS[CAPABILITYLIST])


def change_notification(
    count: int, now: datetime, *, base_url: str = DEFAULT_BASE_URL, marker: str = ""
) -> Document:
    """A change notification with ``count`` entries covering the ``count`` seconds to ``now``.

    Entries cycle through created/updated/deleted, one second apart; ``marker`` goes
    into every ``loc`` so that a conformance run can tell its own payloads apart.
    """
    if count < 0:
        raise ValueError("count must be >= 0")
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
    suffix = f"-{marker}" if marker else ""
    for number in range(1, count + 1):
        doc.entries.append(
            Entry(
                _url(base_url, f"dataset1/resource{number}{suffix}.html"),
                md={
                    "change": CHANGE_ORDER[(number - 1) % len(CHANGE_ORDER)],
                    "datetime": w3c_datetime(start + timedelta(seconds=number)),
                },
            )
        )
    return doc


def framework_notification(
    capability: str, change: str, now: datetime, *, base_url: str = DEFAULT_BASE_URL
) -> Document:
    """A framework notification about one component (framework-notification 1.0.1 §3).

    Raises ``ValueError`` for a pair Table 2 does not allow. The ``up`` link points to
    the Capability List, or to the Source Description when the Capability List itself
    changed; a Source Description change has no ``up``.
    """
    if change not in FRAMEWORK_CHANGES.get(capability, frozenset()):
        raise ValueError(
            f"framework-notification 1.0.1 Table 2 has no {change!r} for {capability!r}"
        )
    links: list[Link] = []
    if capability == CAPABILITYLIST:
        links.append(Link("up", _url(base_url, _FRAMEWORK_PATHS[DESCRIPTION])))
    elif capability != DESCRIPTION:
        links.append(Link("up", capability_list_url(base_url)))
    doc = Document(URLSET, md={"capability": FRAMEWORK_NOTIFICATION}, links=links)
    doc.entries.append(
        Entry(
            _url(base_url, _FRAMEWORK_PATHS[capability]),
            md={"change": change, "capability": capability, "datetime": w3c_datetime(now)},
        )
    )
    return doc


def render(key: str, now: datetime, *, count: int = 1, base_url: str = DEFAULT_BASE_URL) -> bytes:
    """The XML bytes of template ``key`` (see ``templates()``); ``ValueError`` if unknown."""
    if key == CHANGE_TEMPLATE:
        return serialize_document(change_notification(count, now, base_url=base_url))
    kind, _, rest = key.partition(":")
    capability, _, change = rest.partition(":")
    if kind != "framework" or not capability or not change:
        raise ValueError(f"unknown template {key!r}")
    return serialize_document(framework_notification(capability, change, now, base_url=base_url))


def _url(base_url: str, path: str) -> str:
    return base_url if not path else base_url.rstrip("/") + "/" + path
