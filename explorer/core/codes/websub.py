"""Codes from the subscriber, the callback server and notification deliveries (WebSub)."""

from explorer.core.code_info import CodeInfo
from explorer.core.code_info import Severity as S

CODES: tuple[CodeInfo, ...] = (
    # Hub discovery (WebSub §4, change-notification 1.0.1 §4.1 and §5)
    CodeInfo(
        "websub.no-hub",
        S.ERROR,
        "WebSub §4",
    ),
    CodeInfo(
        "websub.topic-link-missing",
        S.WARNING,
        "change-notification 1.0.1 §4.1",
    ),
    CodeInfo(
        "websub.topic-self-differs",
        S.INFO,
        "WebSub §5.1",
    ),
    CodeInfo(
        "websub.topic-unreachable",
        S.WARNING,
        "WebSub §4",
    ),
    # Subscription requests and hub responses (WebSub §5.1)
    CodeInfo(
        "websub.hub-error",
        S.ERROR,
        "WebSub §5.1.2",
    ),
    CodeInfo(
        "websub.hub-unreachable",
        S.ERROR,
        "WebSub §5.1",
    ),
    CodeInfo(
        "websub.hub-redirect",
        S.INFO,
        "WebSub §5.1.2",
    ),
    CodeInfo(
        "websub.hub-bad-redirect",
        S.ERROR,
        "WebSub §5.1.2",
    ),
    CodeInfo(
        "websub.hub-status",
        S.WARNING,
        "WebSub §5.1.2",
    ),
    CodeInfo(
        "websub.legacy-hub",
        S.INFO,
        "framework-notification 1.0 (PubSubHubbub) §4.2",
    ),
    CodeInfo(
        "websub.verification-timeout",
        S.ERROR,
        "WebSub §5.3",
    ),
    # Verification of intent (WebSub §5.2, §5.3)
    CodeInfo(
        "websub.unknown-intent",
        S.WARNING,
        "WebSub §5.3.1",
    ),
    CodeInfo("websub.denied", S.ERROR, "WebSub §5.2"),
    CodeInfo(
        "websub.lease-missing",
        S.WARNING,
        "WebSub §5.3",
    ),
    CodeInfo(
        "websub.lease-invalid",
        S.ERROR,
        "WebSub §5.3",
    ),
    CodeInfo(
        "websub.lease-unusual",
        S.INFO,
        "change-notification 1.0.1 §4.2",
    ),
    CodeInfo(
        "websub.lease-expired",
        S.WARNING,
        "WebSub §5.3.1",
    ),
    CodeInfo(
        "websub.lease-very-short",
        S.WARNING,
        "WebSub §5.3",
    ),
    # Content distribution (WebSub §7)
    CodeInfo(
        "websub.signature-invalid",
        S.ERROR,
        "WebSub §7.1.2",
    ),
    CodeInfo(
        "websub.signature-missing",
        S.ERROR,
        "WebSub §7.1",
    ),
    CodeInfo(
        "websub.signature-malformed",
        S.ERROR,
        "WebSub §7.1.1",
    ),
    CodeInfo(
        "websub.signature-weak",
        S.INFO,
        "WebSub §8.3",
    ),
    CodeInfo(
        "websub.signature-unexpected",
        S.WARNING,
        "WebSub §7.1",
    ),
    CodeInfo(
        "websub.delivery-too-large",
        S.ERROR,
        None,
    ),
    CodeInfo(
        "websub.delivery-timeout",
        S.ERROR,
        None,
    ),
    CodeInfo(
        "websub.delivery-undecodable",
        S.ERROR,
        None,
    ),
    CodeInfo("websub.delivery-replayed", S.WARNING, "WebSub §7.1"),
    CodeInfo("websub.rejected-body-cut", S.INFO, None),
    CodeInfo("websub.unverified-over-quota", S.ERROR, None),
    CodeInfo(
        "websub.check-failed",
        S.ERROR,
        None,
    ),
    CodeInfo(
        "websub.content-type",
        S.WARNING,
        "change-notification 1.0.1 §4.3",
    ),
    CodeInfo(
        "websub.link-self-missing",
        S.WARNING,
        "WebSub §7",
    ),
    CodeInfo("websub.link-hub-missing", S.WARNING, "WebSub §7"),
    CodeInfo(
        "websub.link-self-mismatch",
        S.INFO,
        "WebSub §7",
    ),
    CodeInfo(
        "websub.link-hub-mismatch",
        S.INFO,
        "WebSub §7",
    ),
    # Notification payloads (change-notification 1.0.1 §3, framework-notification 1.0.1 §3)
    CodeInfo(
        "websub.not-a-notification",
        S.ERROR,
        "change-notification 1.0.1 §3",
    ),
    CodeInfo(
        "websub.capability-mismatch",
        S.ERROR,
        "change-notification 1.0.1 §2",
    ),
    CodeInfo(
        "websub.continuity-gap",
        S.WARNING,
        "change-notification 1.0.1 §3",
    ),
    CodeInfo(
        "websub.continuity-overlap",
        S.WARNING,
        "change-notification 1.0.1 §3",
    ),
    # The 2012 alpha draft's push forms (core 0.1-alpha §5.2), read beside WebSub
    CodeInfo("websub.legacy-pushed-change-set", S.WARNING, "core 0.1-alpha §5.2"),
    CodeInfo("websub.legacy-callback-unverified", S.WARNING, "core 0.1-alpha §5.2.2"),
)
