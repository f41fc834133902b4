"""Conformance run against any WebSub hub: the explorer publishes and subscribes itself.

Usage (the CLI's ``hub-check`` and the GUI's Hub workbench do the same)::

    server = CallbackServer("127.0.0.1", 0, exchange_log=ExchangeLog())
    await server.start()
    async with bounded_client(timeout=10.0) as client:   # gzip and deflate only, bounded
        results = await run_conformance(hub_url, server, client, topic=None,
                                        settings=ConformanceSettings(), on_result=print)

``topic=None`` hosts a topic URI on the callback server (answering HEAD/GET per
change-notification 1.0.1 §4.1); a hub that serves only its own topics (the demo hub)
needs one of them. Every ``CheckResult`` has an outcome (pass/warn/fail/not-run), a
one-line summary, findings and the exchanges that show it; a NOT RUN result names the
check it depended on. Checks are listed in ``CHECKS``. ``settings.publish_style`` picks
how the explorer publishes (``PUBLISH_*``): ``PUBLISH_NONE`` leaves it to the Source.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import httpx

from explorer.core import catalog
from explorer.net.conformance.checks import CHECKS, Check, run_check
from explorer.net.conformance.memory import MEMORY_ORDER
from explorer.net.conformance.session import (
    PUBLISH_AUTO,
    PUBLISH_FORM,
    PUBLISH_NONE,
    PUBLISH_XML,
    CheckResult,
    ConformanceSettings,
    Outcome,
    Session,
    describe_exchange,
    exchange_json,
)
from explorer.net.live.callback.callback_server import CallbackServer

# What a hub remembers (explorer.net.conformance.memory): they wait out retries and leases,
# so a run makes them only when named in ``only``; ids stable, titles catalog lines.
MEMORY_CHECKS: dict[str, tuple[str, Check]] = {
    check_id: (catalog.text(f"conformance.check.{check_id}"), function)
    for check_id, function in MEMORY_ORDER
}
ALL_CHECKS: dict[str, tuple[str, Check]] = CHECKS | MEMORY_CHECKS

__all__ = [
    "ALL_CHECKS",
    "CHECKS",
    "MEMORY_CHECKS",
    "PUBLISH_AUTO",
    "PUBLISH_FORM",
    "PUBLISH_NONE",
    "PUBLISH_XML",
    "CheckResult",
    "ConformanceSettings",
    "Outcome",
    "describe_exchange",
    "exchange_json",
    "run_conformance",
]


async def run_conformance(
    hub: str,
    server: CallbackServer,
    client: httpx.AsyncClient,
    *,
    topic: str | None = None,
    settings: ConformanceSettings | None = None,
    only: Iterable[str] | None = None,
    on_result: Callable[[CheckResult], None] | None = None,
) -> list[CheckResult]:
    """Run the checks (``CHECKS``, or the ids in ``only``, memory checks included) in
    order; ``on_result`` sees each one.

    ``server`` must be started; its exchange log supplies the evidence (one is attached
    if it has none). Probes are unsubscribed and their paths freed at the end.
    """
    wanted = list(CHECKS) if only is None else list(only)
    unknown = [name for name in wanted if name not in ALL_CHECKS]
    if unknown:
        known = ", ".join(ALL_CHECKS)
        raise ValueError(f"unknown check(s): {', '.join(unknown)}; known: {known}")
    session = Session(hub, server, client, topic=topic, settings=settings or ConformanceSettings())
    results: list[CheckResult] = []
    try:
        for check_id in (name for name in ALL_CHECKS if name in wanted):
            result = await run_check(session, check_id, ALL_CHECKS[check_id][1])
            results.append(result)
            if on_result is not None:
                on_result(result)
    finally:
        await session.close()
    return results
