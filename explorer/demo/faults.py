"""Faults the demo can inject on purpose, so users see what a broken Source or hub looks like.

Faults are switched on and off while the demo runs (GUI toggles, ``/demo/faults``);
every part of the demo reads the live ``FaultSet`` at the moment it acts.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP

# Marked so the window can show each description in its language (context "DemoFaults").
FAULTS: dict[str, str] = {
    "bad-signature": QT_TRANSLATE_NOOP(
        "DemoFaults", "hub signs deliveries with the wrong key (WebSub §7.1)"
    ),
    "no-signature": QT_TRANSLATE_NOOP(
        "DemoFaults",
        "hub omits X-Hub-Signature although the subscriber gave hub.secret (WebSub §7.1)",
    ),
    "wrong-content-type": QT_TRANSLATE_NOOP(
        "DemoFaults",
        "deliveries, topic URIs and XML documents carry text/plain "
        "instead of application/xml (change-notification 1.0.1 §4.1, §4.3)",
    ),
    "missing-link-header": QT_TRANSLATE_NOOP(
        "DemoFaults",
        "deliveries and topic URIs have no Link self/hub; resources have "
        "no Link rel=resourcesync (change-notification 1.0.1 §4.1, core 1.1 §6.3.3)",
    ),
    "out-of-order": QT_TRANSLATE_NOOP(
        "DemoFaults",
        "change notifications are published in swapped pairs, so from/until "
        "intervals arrive out of sequence (change-notification 1.0.1 §3)",
    ),
    "malformed-xml": QT_TRANSLATE_NOOP(
        "DemoFaults", "notification payloads and Change Lists are cut short (not well-formed XML)"
    ),
    "wrong-namespace": QT_TRANSLATE_NOOP(
        "DemoFaults",
        "notification payloads and XML documents use a wrong ResourceSync "
        "namespace URI (core 1.1 §4)",
    ),
    "slow-delivery": QT_TRANSLATE_NOOP("DemoFaults", "hub waits before each delivery"),
    "verify-wrong-topic": QT_TRANSLATE_NOOP(
        "DemoFaults",
        "hub's verification GET names a topic the subscriber never requested (WebSub §5.3.1)",
    ),
    "lease-zero": QT_TRANSLATE_NOOP(
        "DemoFaults",
        "hub's verification GET says hub.lease_seconds=0 while it keeps the "
        "clamped lease, as some real hubs do (WebSub §5.3)",
    ),
    "refuse-unknown-topic": QT_TRANSLATE_NOOP(
        "DemoFaults",
        "hub answers 400 topic_not_supported to a subscription for a "
        "topic it does not serve, as allowlisted hubs do, instead of denying it (WebSub §5.2)",
    ),
    "publish-disabled": QT_TRANSLATE_NOOP(
        "DemoFaults",
        "hub refuses every publication with 403, as hubs that take "
        "updates only from their own publisher do (WebSub §6)",
    ),
    "silent-hub": QT_TRANSLATE_NOOP(
        "DemoFaults",
        "hub verifies subscriptions and accepts publications but never delivers, "
        "while the Source keeps changing (the push fails silently; poll the Change Lists)",
    ),
    "lossy-hub": QT_TRANSLATE_NOOP(
        "DemoFaults",
        "hub drops every fifth delivery to each subscriber without a word "
        "(the Change Lists still list every change)",
    ),
    "never-retry": QT_TRANSLATE_NOOP(
        "DemoFaults", "hub makes one delivery attempt and never retries a failed one (WebSub §7)"
    ),
    "drop-failing": QT_TRANSLATE_NOOP(
        "DemoFaults",
        "hub ends a subscription once a delivery failed past its retries, before the "
        "lease runs out (WebSub §7)",
    ),
    "ignore-410": QT_TRANSLATE_NOOP(
        "DemoFaults",
        "hub takes a 410 Gone from a callback for a failure and keeps the subscription (WebSub §7)",
    ),
    "ignore-lease": QT_TRANSLATE_NOOP(
        "DemoFaults", "hub keeps delivering after a lease ran out unrenewed (WebSub §5.3)"
    ),
    "forgetful-hub": QT_TRANSLATE_NOOP(
        "DemoFaults",
        "hub silently forgets each subscription after its third delivery, lease or not (WebSub §7)",
    ),
    "restart-forgets": QT_TRANSLATE_NOOP(
        "DemoFaults",
        "hub keeps subscriptions in memory only, so a restart (POST /demo/hub/restart) "
        "loses them all (WebSub §7)",
    ),
    "drop-index-link": QT_TRANSLATE_NOOP(
        "DemoFaults",
        "framework notifications and component lists lack the rel=index "
        "link (framework-notification 1.0.1 §3, core 1.1 §6.2)",
    ),
}


class UnknownFaultError(ValueError):
    """Raised for a fault name that is not in ``FAULTS``."""


def parse_fault_names(text: str) -> list[str]:
    """Split a ``--faults a,b`` value; raise ``UnknownFaultError`` naming any unknown fault."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in FAULTS]
    if unknown:
        raise UnknownFaultError(
            f"unknown fault(s): {', '.join(unknown)}; known: {', '.join(FAULTS)}"
        )
    return names


class FaultSet:
    """The set of faults currently on; mutable at run time."""

    def __init__(self, names: Iterable[str] = ()) -> None:
        self._on: set[str] = set()
        for name in names:
            self.enable(name)

    def enable(self, name: str) -> None:
        if name not in FAULTS:
            raise UnknownFaultError(f"unknown fault {name!r}; known: {', '.join(FAULTS)}")
        self._on.add(name)

    def disable(self, name: str) -> None:
        if name not in FAULTS:
            raise UnknownFaultError(f"unknown fault {name!r}; known: {', '.join(FAULTS)}")
        self._on.discard(name)

    def set(self, name: str, on: bool) -> None:
        if on:
            self.enable(name)
        else:
            self.disable(name)

    def clear(self) -> None:
        self._on.clear()

    def __contains__(self, name: object) -> bool:
        return name in self._on

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._on))

    def __len__(self) -> int:
        return len(self._on)

    def __repr__(self) -> str:
        return f"FaultSet({sorted(self._on)!r})"
