"""Every live event's name is said in Japanese, in ``listen --lang ja`` and the window's
Subscriptions log alike (a restored subscription's checking/confirmed/not-confirmed too)."""

from __future__ import annotations

import pytest

from explorer.core import catalog
from explorer.core.words.engine_words import event_name
from explorer.net.live import subscriber_events as events

NAMES = [
    events.SUBSCRIBE_REQUESTED,
    events.VERIFIED,
    events.DENIED,
    events.RENEWED,
    events.NOTIFICATION,
    events.REJECTED,
    events.UNSUBSCRIBED,
    events.CHECKING,
    events.CONFIRMED,
    events.NOT_CONFIRMED,
    events.MOVED,
    events.DIFF,
    events.RECONCILE,
    events.ERROR,
]


@pytest.mark.parametrize("name", NAMES)
def test_each_event_name_has_its_japanese(name: str) -> None:
    assert catalog.has(f"events.name-{name}", "ja")
    assert event_name(name, "ja") != name
    assert event_name(name) == name


def test_the_list_names_every_event_the_module_defines() -> None:
    defined = {
        value
        for key, value in vars(events).items()
        if key.isupper() and isinstance(value, str) and not key.startswith("_")
    }
    assert defined == set(NAMES)
