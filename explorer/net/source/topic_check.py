"""The topic URI check of the notification specs (change-notification 1.0.1 §4.1,
framework-notification 1.0.1 §4.1).

A hub verifies a topic by HEAD/GET; both must answer 200 with Content-Type
application/xml and a Link header carrying ``self`` (the topic URI) and ``hub``.
Destinations that see these fail know the hub will refuse the Source's notifications.
"""

from __future__ import annotations

import asyncio

from explorer.core.findings import Finding, finding
from explorer.core.words.messages import Phrase, said
from explorer.net.http.fetcher import Fetcher, FetchResult

TOPIC_BODY_CAP = 1024 * 1024


async def check_topic(fetcher: Fetcher, topic: str, advertised_hub: str | None) -> list[Finding]:
    """HEAD and GET ``topic`` and report every §4.1 requirement it misses."""
    head, get = await asyncio.gather(
        fetcher.fetch(topic, method="HEAD"),
        fetcher.fetch(topic, max_bytes=TOPIC_BODY_CAP, use_cache=False),
    )
    from_head = _check_response(head, topic, advertised_hub, "HEAD")
    from_get = _check_response(get, topic, advertised_hub, "GET")
    if [f.code for f in from_head] == [f.code for f in from_get]:
        return _check_response(get, topic, advertised_hub, said("common.head-and-get"))
    return from_head + from_get


def _check_response(
    result: FetchResult, topic: str, advertised_hub: str | None, method: str | Phrase
) -> list[Finding]:
    if not result.ok or result.status != 200:
        return [
            finding(
                "http.topic-status",
                url=topic,
                params={"method": method, "topic": topic, "reason": result.problem()},
            )
        ]
    found: list[Finding] = []
    if result.content_type != "application/xml":
        shown = result.headers.get("content-type")
        found.append(
            finding(
                "http.topic-content-type",
                url=topic,
                params={"method": method, "topic": topic, "shown": shown},
                variant="" if shown else "none",
            )
        )
    selves = result.link_hrefs("self")
    if topic not in selves:
        found.append(
            finding(
                "http.topic-link-self",
                url=topic,
                params={"method": method, "topic": topic, "selves": ", ".join(selves)},
                variant="" if selves else "none",
            )
        )
    hubs = result.link_hrefs("hub")
    if not hubs:
        found.append(
            finding(
                "http.topic-link-hub",
                url=topic,
                params={"method": method, "topic": topic},
            )
        )
    elif advertised_hub is not None and advertised_hub not in hubs:
        found.append(
            finding(
                "http.topic-hub-mismatch",
                url=topic,
                params={
                    "method": method,
                    "topic": topic,
                    "hubs": ", ".join(hubs),
                    "advertised": advertised_hub,
                },
            )
        )
    return found
