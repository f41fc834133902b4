"""The verdicts each referee earns from ``subscriber-check``, and how the runs are made.

A referee is a subscriber nobody here wrote (Flask-WebSub's, npm pubsubhubbub's) or the
explorer's own ``listen``; its verdicts are pinned, with the reason of each NOT RUN, so a
change in the engine that moves one shows. Held by ``tests/cli/test_subscriber_referees.py``
(one run each) and ``tests/benchmarks/bench_subscriber_referees.py`` (ten runs each).

Why each verdict that is not PASS is what it is:

- Flask-WebSub 0.4.1, ``signature-algorithm`` FAIL: it checks ``X-Hub-Signature`` with
  whatever ``hashlib`` offers under the named algorithm, so an md5 signature made with the
  secret is accepted and acted on. websub.rocks has no such test.
- pubsubhubbub 1.0.2, ``discovery-hub-307``/``-308`` FAIL: its HTTP client (request
  2.88) follows no redirect of a POST, so a hub that redirects the subscription request
  never gets it where it points. ``verify-unknown-topic`` FAIL: it confirms any
  verification it is sent, whatever the topic. The six signature tests NOT RUN: it gives the hub
  HMAC-SHA1(secret, topic) as ``hub.secret`` but checks signatures with the secret itself
  (andris9/pubsubhubbub#9), so it ignores every notification, valid ones included (202),
  and ignoring a bad one cannot be seen.
- ``listen``: ``discovery-caplist`` NOT RUN (run with ``--topic {topic}`` only); it stores
  notifications and fetches none of the resources they name, so the signature tests
  NOT RUN.
"""

from __future__ import annotations

from pathlib import Path

from explorer.core.subscribers import TEST_IDS
from explorer.net.subscribers import SubscriberResult, SubscriberSettings
from helpers.referees.commands import flask_websub_command, listen_command, pubsubhubbub_command

REFEREES = ("flask-websub", "pubsubhubbub", "listen")
BAD_SIGNATURES = ("signature-wrong", "signature-missing", "signature-algorithm")
ALGORITHMS = ("signature-sha1", "signature-sha384", "signature-sha512")
PASSED = ("pass", None)
REDIRECTED_HUB = ("discovery-hub-307", "discovery-hub-308")
FETCHES_NOTHING = dict.fromkeys(BAD_SIGNATURES, ("not-run", "subscribers.reason.fetches-nothing"))
FETCHES_NOTHING |= dict.fromkeys(
    ALGORITHMS, ("not-run", "subscribers.reason.fetches-nothing-accepted")
)

EXPECTED: dict[str, dict[str, tuple[str, str | None]]] = {
    "flask-websub": dict.fromkeys(TEST_IDS, PASSED)
    | {"signature-algorithm": ("fail", "subscribers.reason.acted")},
    "pubsubhubbub": dict.fromkeys(TEST_IDS, PASSED)
    | dict.fromkeys(REDIRECTED_HUB, ("fail", "subscribers.reason.no-subscription"))
    | {"verify-unknown-topic": ("fail", "subscribers.reason.unknown-confirmed")}
    | FETCHES_NOTHING,
    "listen": dict.fromkeys(TEST_IDS, PASSED)
    | {"discovery-caplist": ("not-run", "subscribers.reason.needs-placeholder")}
    | FETCHES_NOTHING,
}
"""test id -> (verdict, reason key for a verdict that is not PASS)."""

SUITE = SubscriberSettings(
    timeout=20.0,
    fetch_timeout=5.0,
    quiet=0.5,
    short_lease=8,  # listen renews at 80 %, never sooner than 5 s after the last
    large_bytes=256 * 1024,
    request_timeout=10.0,
    parallel=4,
)
"""One run in the suite: shorter quiet waits and a small "large" notification."""
BENCH = SubscriberSettings(parallel=4)
"""The ten runs of the benchmark: the command's own defaults (a 10 MB notification), four
tests side by side."""


def command(referee: str, npm_modules: Path, store_folder: Path) -> str:
    """The ``--run`` command line of ``referee``."""
    if referee == "flask-websub":
        return flask_websub_command()
    if referee == "pubsubhubbub":
        return pubsubhubbub_command(npm_modules)
    if referee == "listen":
        return listen_command(store_folder)
    raise ValueError(referee)


def verdict_table(results: list[SubscriberResult]) -> dict[str, tuple[str, str | None]]:
    """test id -> (verdict, reason key unless PASS), as ``EXPECTED`` says it."""
    return {
        r.test.id: (str(r.verdict), None if str(r.verdict) == "pass" else r.reason.key)
        for r in results
    }
