"""Codes from the hub workbench: publishing and conformance checks."""

from explorer.core.code_info import CodeInfo
from explorer.core.code_info import Severity as S

CODES: tuple[CodeInfo, ...] = (
    CodeInfo(
        "hub.unreachable",
        S.ERROR,
        None,
    ),
    CodeInfo(
        "hub.publish-refused",
        S.ERROR,
        "change-notification 1.0.1 §4.1",
    ),
    CodeInfo(
        "hub.publish-status",
        S.WARNING,
        "change-notification 1.0.1 §4.1",
    ),
    CodeInfo(
        "hub.legacy-publish",
        S.INFO,
        "WebSub §6",
    ),
    CodeInfo(
        "hub.publish-not-taken",
        S.WARNING,
        "WebSub §6",
    ),
    CodeInfo(
        "hub.topic-refused",
        S.WARNING,
        "WebSub §5.2",
    ),
    CodeInfo(
        "hub.lease-refused",
        S.WARNING,
        "WebSub §5.3.1",
    ),
    CodeInfo(
        "hub.subscribe-refused",
        S.ERROR,
        "WebSub §5.1.2",
    ),
    CodeInfo(
        "hub.subscribe-status",
        S.WARNING,
        "WebSub §5.1.2",
    ),
    CodeInfo(
        "hub.legacy-flavour",
        S.WARNING,
        "framework-notification 1.0 (PubSubHubbub) §4.2",
    ),
    CodeInfo("hub.denied", S.ERROR, "WebSub §5.2"),
    CodeInfo(
        "hub.verification-missing",
        S.ERROR,
        "WebSub §5.3",
    ),
    CodeInfo(
        "hub.verification-wrong-topic",
        S.ERROR,
        "WebSub §5.3",
    ),
    CodeInfo(
        "hub.lease-missing",
        S.ERROR,
        "WebSub §5.3",
    ),
    CodeInfo(
        "hub.lease-zero",
        S.WARNING,
        "WebSub §5.3.1",
    ),
    CodeInfo(
        "hub.lease-clamped",
        S.INFO,
        "WebSub §5.3.1",
    ),
    CodeInfo(
        "hub.extra-parameters-refused",
        S.ERROR,
        "WebSub §5.1",
    ),
    CodeInfo(
        "hub.delivery-missing",
        S.ERROR,
        "WebSub §7",
    ),
    CodeInfo(
        "hub.delivery-unsigned",
        S.ERROR,
        "WebSub §7.1",
    ),
    CodeInfo(
        "hub.delivery-duplicated",
        S.ERROR,
        "WebSub §5.1",
    ),
    CodeInfo(
        "hub.delivery-after-unsubscribe",
        S.ERROR,
        "WebSub §5.3",
    ),
    CodeInfo(
        "hub.unsubscribe-unverified",
        S.WARNING,
        "WebSub §5.3",
    ),
    CodeInfo(
        "hub.delivery-content-type",
        S.ERROR,
        "WebSub §7",
    ),
    CodeInfo(
        "hub.delivery-link-self",
        S.ERROR,
        "WebSub §7",
    ),
    CodeInfo(
        "hub.delivery-link-hub",
        S.ERROR,
        "WebSub §7",
    ),
    CodeInfo(
        "hub.delivery-slow",
        S.WARNING,
        "WebSub §5.1.2",
    ),
    CodeInfo(
        "hub.bad-request-accepted",
        S.ERROR,
        "WebSub §5.1.2",
    ),
    CodeInfo(
        "hub.bad-request-no-reason",
        S.WARNING,
        "WebSub §5.1.2",
    ),
    CodeInfo(
        "hub.wrong-challenge-accepted",
        S.ERROR,
        "WebSub §5.3.1",
    ),
    # the memory checks: what a hub remembers (explorer/net/conformance/memory.py)
    CodeInfo("hub.no-retry", S.WARNING, "WebSub §7"),
    CodeInfo("hub.dropped-after-failures", S.ERROR, "WebSub §7"),
    CodeInfo("hub.delivery-after-gone", S.WARNING, "WebSub §7"),
    CodeInfo("hub.delivery-after-lease", S.WARNING, "WebSub §5.3"),
    CodeInfo("hub.subscription-forgotten", S.ERROR, "WebSub §7"),
    CodeInfo("hub.forgot-after-restart", S.ERROR, "WebSub §7"),
)
