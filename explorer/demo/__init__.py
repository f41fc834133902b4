"""The embedded demo Source and reference WebSub hub (aiohttp.web), with fault injection.

API (everything runs on the current asyncio loop: qasync in the GUI, pytest-asyncio in tests)::

    from explorer.demo import start_demo

    demo = await start_demo(host="127.0.0.1", port=0, rate=1.0, seed=0, faults=(),
                            changes_per_list=20,     # every N changes: close the Change List
                            min_lease=None,          # lease range, default 300 .. 2,678,400 s
                            max_lease=None,          #   (1 s .. for short test leases)
                            default_lease=None,      # when hub.lease_seconds is absent: 864,000 s
                            delivery_attempts=5, retry_delay=1.0,   # backoff doubles each retry
                            slow_delivery_seconds=5.0,   # wait used by the slow-delivery fault
                            request_timeout=10.0,    # hub's outgoing GET/POST timeout
                            clock=None)              # () -> aware datetime; default real UTC
    demo.base_url                 "http://127.0.0.1:PORT/" (trailing slash; landing page)
    demo.hub_url                  base_url + "hub"
    demo.source_description_url   base_url + ".well-known/resourcesync"
    demo.capability_list_urls     [base_url + "dataset1/capabilitylist.xml", ... dataset2]
    demo.channels                 [DemoChannel(set_name, capability, topic, hub), ...]: per set one
                                  "change-notification" and one "framework-notification" topic
    demo.faults                   FaultSet: .enable(name) .disable(name) .set(name, on)
                                  .clear(), ``name in demo.faults``; names in ``FAULTS``
    demo.step(count=1)            make ``count`` seeded-random live changes now and publish them
                                  (alias ``publish_now``); returns the ``Change`` objects
    demo.change(set_name, kind)   one change of kind "created"/"updated"/"deleted" (or None)
    demo.rollover(set_name)       close the open Change List now; publishes the framework
                                  notification and returns its ``Document``
    demo.set_rate(rate)           change the live-change rate while running (0 pauses)
    demo.latest_notification(topic) -> bytes   what the topic URI serves
    demo.hub                      the ``Hub``: .subscriptions(topic=None) (topic, callback,
                                  lease_seconds, seconds_left, delivered), .events (HubEvent log:
                                  kind in rejected, subscribe-request, unsubscribe-request,
                                  subscribed, unsubscribed, verify-failed, denied, published,
                                  delayed, delivered, delivery-failed, gave-up, dropped, expired;
                                  .listeners: callables run with each new HubEvent)
    demo.world                    the ``DemoWorld`` (resources, Change Lists) behind the documents
    await demo.stop()             (or ``async with await start_demo(...) as demo:``)

``rate=0`` means no automatic changes: tests drive them with ``step``/``change``/``rollover``.
With ``rate>0`` a change is made every ``1/rate`` seconds. Initial content is a
deterministic function of ``seed``: 2 sets x 600 resources, two closed Change Lists and an
open one per set. Live changes are timestamped by ``clock``, strictly increasing.

Routes (below ``base_url``): ``/`` HTML landing page with ``<link rel="resourcesync">``,
``robots.txt`` (``Sitemap:`` lines), ``.well-known/resourcesync``, ``about.html``,
``hub`` (POST), ``demo/faults`` (GET JSON; POST form ``enable=a,b&disable=c``) and per set
the documents listed in ``explorer.demo.documents``. Resource Lists always describe the
current resources (hash and length match the bytes served); the Resource Dump is a
snapshot taken at its ``at``; a Change Dump package is added at each rollover.

The hub and the faults are described in ``explorer.demo.hub`` and ``explorer.demo.faults``.

The package loads its parts when a name is first asked for (``__getattr__`` below), so
that ``explorer.demo.faults`` alone, which ``demo-source``'s argument parser reads for its
help, does not import aiohttp's server and the hub.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from explorer.demo.faults import FAULTS, FaultSet, UnknownFaultError, parse_fault_names
    from explorer.demo.hub import (
        DEFAULT_LEASE,
        DEFAULT_MAX_LEASE,
        DEFAULT_MIN_LEASE,
        Hub,
        HubEvent,
        sign,
    )
    from explorer.demo.server import DemoChannel, RunningDemo, start_demo
    from explorer.demo.world import Change, DemoWorld

_HOMES = {
    "FAULTS": "faults",
    "FaultSet": "faults",
    "UnknownFaultError": "faults",
    "parse_fault_names": "faults",
    "DEFAULT_LEASE": "hub",
    "DEFAULT_MAX_LEASE": "hub",
    "DEFAULT_MIN_LEASE": "hub",
    "Hub": "hub",
    "HubEvent": "hub",
    "sign": "hub",
    "DemoChannel": "server",
    "RunningDemo": "server",
    "start_demo": "server",
    "Change": "world",
    "DemoWorld": "world",
}


def __getattr__(name: str) -> Any:
    """``explorer.demo.NAME``: imported from its module the first time it is asked for."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
    globals()[name] = value
    return value


__all__ = [
    "DEFAULT_LEASE",
    "DEFAULT_MAX_LEASE",
    "DEFAULT_MIN_LEASE",
    "FAULTS",
    "Change",
    "DemoChannel",
    "DemoWorld",
    "FaultSet",
    "Hub",
    "HubEvent",
    "RunningDemo",
    "UnknownFaultError",
    "parse_fault_names",
    "sign",
    "start_demo",
]
