"""Every test of ``subscriber-check``: a stable id, its group and the section it rests on.

The ids are part of the command line (``--only``) and of the JSON scripts read, so they
never change once released; a new test gets a new id. websub.rocks' subscriber tests are
re-expressed for a ResourceSync Destination (``rocks`` names the one a test mirrors),
and the ResourceSync-specific ones cite change-notification 1.0.1 or
framework-notification 1.0.1. A test's title and the reasons it gives are catalog lines
(``subscribers.test.<id>``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Verdict(StrEnum):
    PASS = "pass"
    WARN = "warn"
    FAIL = "fail"
    NOT_RUN = "not-run"  # the test could not be made; the reason says why


DISCOVERY, VERIFICATION, DISTRIBUTION, PAYLOADS, LEASE = (
    "discovery",
    "verification",
    "distribution",
    "payloads",
    "lease",
)
GROUPS = (DISCOVERY, VERIFICATION, DISTRIBUTION, PAYLOADS, LEASE)

WEBSUB = "WebSub"
CHANGE_NOTIFICATION = "change-notification 1.0.1"
FRAMEWORK_NOTIFICATION = "framework-notification 1.0.1"


@dataclass(frozen=True, slots=True)
class SubscriberTest:
    """One test: what it is called, where it belongs, what it cites."""

    id: str
    group: str
    spec: str  # "WebSub §5.3", the section a failure breaks
    rocks: str | None = None  # the websub.rocks subscriber test it mirrors


TESTS: tuple[SubscriberTest, ...] = (
    SubscriberTest("discovery-link-header", DISCOVERY, f"{WEBSUB} §4", "100"),
    SubscriberTest("discovery-caplist", DISCOVERY, f"{CHANGE_NOTIFICATION} §5"),
    SubscriberTest("discovery-self", DISCOVERY, f"{WEBSUB} §5.1", "200"),
    SubscriberTest("discovery-302", DISCOVERY, f"{WEBSUB} §6.1", "201"),
    SubscriberTest("discovery-301", DISCOVERY, f"{WEBSUB} §6.1", "202"),
    SubscriberTest("discovery-hub-307", DISCOVERY, f"{WEBSUB} §5.1.2", "203"),
    SubscriberTest("discovery-hub-308", DISCOVERY, f"{WEBSUB} §5.1.2", "204"),
    SubscriberTest("subscribe-once", DISCOVERY, f"{WEBSUB} §5.1"),
    SubscriberTest("verify-status", VERIFICATION, f"{WEBSUB} §5.3.1"),
    SubscriberTest("verify-challenge", VERIFICATION, f"{WEBSUB} §5.3.1"),
    SubscriberTest("verify-unknown-topic", VERIFICATION, f"{WEBSUB} §5.3.1", "205"),
    SubscriberTest("verify-denied", VERIFICATION, f"{WEBSUB} §5.2"),
    SubscriberTest("deliver-valid", DISTRIBUTION, f"{WEBSUB} §7", "300"),
    SubscriberTest("signature-wrong", DISTRIBUTION, f"{WEBSUB} §7.1.2", "301"),
    SubscriberTest("signature-missing", DISTRIBUTION, f"{WEBSUB} §7.1.2", "302"),
    SubscriberTest("signature-algorithm", DISTRIBUTION, f"{WEBSUB} §7.1.1"),
    SubscriberTest("signature-sha1", DISTRIBUTION, f"{WEBSUB} §7.1.1"),
    SubscriberTest("signature-sha384", DISTRIBUTION, f"{WEBSUB} §7.1.1"),
    SubscriberTest("signature-sha512", DISTRIBUTION, f"{WEBSUB} §7.1.1"),
    SubscriberTest("payload-change", PAYLOADS, f"{CHANGE_NOTIFICATION} §3"),
    SubscriberTest("payload-framework", PAYLOADS, f"{FRAMEWORK_NOTIFICATION} §3"),
    SubscriberTest("payload-sitemapindex", PAYLOADS, f"{CHANGE_NOTIFICATION} §3"),
    SubscriberTest("payload-large", PAYLOADS, f"{CHANGE_NOTIFICATION} §3"),
    SubscriberTest("payload-gzip", PAYLOADS, f"{WEBSUB} §7"),
    SubscriberTest("lease-renew", LEASE, f"{WEBSUB} §5.1"),
    SubscriberTest("lease-unsubscribe", LEASE, f"{WEBSUB} §5.1"),
)
TEST_IDS: tuple[str, ...] = tuple(test.id for test in TESTS)
_BY_ID = {test.id: test for test in TESTS}


def named(test_id: str) -> SubscriberTest:
    """The test with this id (``KeyError`` for an unknown one: callers check ``TEST_IDS``)."""
    return _BY_ID[test_id]
