"""Codes from the hub workbench: publishing and conformance checks."""

from explorer.core.findings import CodeInfo
from explorer.core.findings import Severity as S

CODES: tuple[CodeInfo, ...] = (
    CodeInfo(
        "hub.unreachable",
        S.ERROR,
        None,
        "the hub could not be reached (connection error or timeout)",
    ),
    CodeInfo(
        "hub.publish-refused",
        S.ERROR,
        "change-notification 1.0.1 §4.1",
        "the hub did not accept a ResourceSync notification POST",
    ),
    CodeInfo(
        "hub.publish-status",
        S.WARNING,
        "change-notification 1.0.1 §4.1",
        "the hub accepted a notification with a status other than 200",
    ),
    CodeInfo(
        "hub.legacy-publish",
        S.INFO,
        "WebSub §6",
        "the hub takes publications as hub.mode=publish (PubSubHubbub 0.4 style)",
    ),
    CodeInfo(
        "hub.publish-not-taken",
        S.WARNING,
        "WebSub §6",
        "the hub took none of the publication styles tried (WebSub leaves publishing to the hub)",
    ),
    CodeInfo(
        "hub.topic-refused",
        S.WARNING,
        "WebSub §5.2",
        "the hub refused or denied the topic: it serves only its own topics (give --topic)",
    ),
    CodeInfo(
        "hub.lease-refused",
        S.WARNING,
        "WebSub §5.3.1",
        "the hub refused a subscription for the lease it asked, instead of granting another",
    ),
    CodeInfo(
        "hub.subscribe-refused",
        S.ERROR,
        "WebSub §5.1.2",
        "the hub refused a valid subscription request",
    ),
    CodeInfo(
        "hub.subscribe-status",
        S.WARNING,
        "WebSub §5.1.2",
        "the hub accepted a subscription with a status other than 202",
    ),
    CodeInfo(
        "hub.legacy-flavour",
        S.WARNING,
        "framework-notification 1.0 (PubSubHubbub) §4.2",
        "the hub behaves like PubSubHubbub 0.4 (204, synchronous verification, hub.verify)",
    ),
    CodeInfo("hub.denied", S.ERROR, "WebSub §5.2", "the hub denied the subscription"),
    CodeInfo(
        "hub.verification-missing",
        S.ERROR,
        "WebSub §5.3",
        "no verification of intent arrived in time",
    ),
    CodeInfo(
        "hub.verification-wrong-topic",
        S.ERROR,
        "WebSub §5.3",
        "the verification named a topic that was not requested",
    ),
    CodeInfo(
        "hub.lease-missing",
        S.ERROR,
        "WebSub §5.3",
        "a subscribe verification carried no hub.lease_seconds",
    ),
    CodeInfo(
        "hub.lease-zero",
        S.WARNING,
        "WebSub §5.3.1",
        "the hub granted a lease of 0 or an unreadable lease",
    ),
    CodeInfo(
        "hub.lease-clamped",
        S.INFO,
        "WebSub §5.3.1",
        "the hub granted a lease other than the one asked for",
    ),
    CodeInfo(
        "hub.extra-parameters-refused",
        S.ERROR,
        "WebSub §5.1",
        "the hub did not ignore request parameters it does not understand",
    ),
    CodeInfo(
        "hub.delivery-missing",
        S.ERROR,
        "WebSub §7",
        "a published notification was not delivered in time",
    ),
    CodeInfo(
        "hub.delivery-unsigned",
        S.ERROR,
        "WebSub §7.1",
        "a delivery to a subscription with a secret was not validly signed",
    ),
    CodeInfo(
        "hub.delivery-duplicated",
        S.ERROR,
        "WebSub §5.1",
        "after a re-subscription one publication was delivered more than once",
    ),
    CodeInfo(
        "hub.delivery-after-unsubscribe",
        S.ERROR,
        "WebSub §5.3",
        "the hub delivered to a subscription it had verified as ended",
    ),
    CodeInfo(
        "hub.unsubscribe-unverified",
        S.WARNING,
        "WebSub §5.3",
        "the hub sent no verification for an unsubscription",
    ),
    CodeInfo(
        "hub.delivery-content-type",
        S.ERROR,
        "WebSub §7",
        "the delivery's Content-Type differs from the topic's",
    ),
    CodeInfo(
        "hub.delivery-link-self",
        S.ERROR,
        "WebSub §7",
        "the delivery has no Link rel=self naming the topic",
    ),
    CodeInfo(
        "hub.delivery-link-hub",
        S.ERROR,
        "WebSub §7",
        "the delivery has no Link rel=hub naming the hub",
    ),
    CodeInfo(
        "hub.delivery-slow",
        S.WARNING,
        "WebSub §5.1.2",
        "deliveries arrive later than the configured threshold",
    ),
    CodeInfo(
        "hub.bad-request-accepted",
        S.ERROR,
        "WebSub §5.1.2",
        "the hub accepted a request without hub.callback or with a bad hub.mode",
    ),
    CodeInfo(
        "hub.bad-request-no-reason",
        S.WARNING,
        "WebSub §5.1.2",
        "the hub refused a bad request without a plain-text reason",
    ),
    CodeInfo(
        "hub.wrong-challenge-accepted",
        S.ERROR,
        "WebSub §5.3.1",
        "a subscription whose challenge was echoed wrongly became active",
    ),
)
