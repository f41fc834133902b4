"""Codes from the subscriber, the callback server and notification deliveries (WebSub)."""

from explorer.core.findings import CodeInfo
from explorer.core.findings import Severity as S

CODES: tuple[CodeInfo, ...] = (
    # Hub discovery (WebSub §4, change-notification 1.0.1 §4.1 and §5)
    CodeInfo(
        "websub.no-hub",
        S.ERROR,
        "WebSub §4",
        "no hub found for the topic (no Link rel=hub, no Capability List channel entry)",
    ),
    CodeInfo(
        "websub.topic-link-missing",
        S.WARNING,
        "change-notification 1.0.1 §4.1",
        "the topic URI does not answer with Link rel=self and rel=hub headers",
    ),
    CodeInfo(
        "websub.topic-self-differs",
        S.INFO,
        "WebSub §5.1",
        "the topic's rel=self URL differs from the URL asked; the self URL is subscribed",
    ),
    CodeInfo(
        "websub.topic-unreachable",
        S.WARNING,
        "WebSub §4",
        "the topic URI could not be fetched for discovery",
    ),
    # Subscription requests and hub responses (WebSub §5.1)
    CodeInfo(
        "websub.hub-error",
        S.ERROR,
        "WebSub §5.1.2",
        "the hub refused the (un)subscription request with a 4xx/5xx status",
    ),
    CodeInfo(
        "websub.hub-unreachable",
        S.ERROR,
        "WebSub §5.1",
        "the hub could not be reached after retries (connection error or timeout)",
    ),
    CodeInfo(
        "websub.hub-redirect",
        S.INFO,
        "WebSub §5.1.2",
        "the hub redirected the request with 307/308; it was re-sent to Location",
    ),
    CodeInfo(
        "websub.hub-bad-redirect",
        S.ERROR,
        "WebSub §5.1.2",
        "the hub redirected without a usable Location, with another 3xx, or in a loop",
    ),
    CodeInfo(
        "websub.hub-status",
        S.WARNING,
        "WebSub §5.1.2",
        "the hub answered a 2xx other than 202 (or 204 from a PubSubHubbub 0.4 hub)",
    ),
    CodeInfo(
        "websub.legacy-hub",
        S.INFO,
        "framework-notification 1.0 (PubSubHubbub) §4.2",
        "the hub behaves like a PubSubHubbub 0.4 hub (204, synchronous verification)",
    ),
    CodeInfo(
        "websub.verification-timeout",
        S.ERROR,
        "WebSub §5.3",
        "the hub accepted the request but never sent the verification of intent",
    ),
    # Verification of intent (WebSub §5.2, §5.3)
    CodeInfo(
        "websub.unknown-intent",
        S.WARNING,
        "WebSub §5.3.1",
        "a verification for no pending intent (mode, topic, callback) was answered 404",
    ),
    CodeInfo("websub.denied", S.ERROR, "WebSub §5.2", "the hub denied the subscription"),
    CodeInfo(
        "websub.lease-missing",
        S.WARNING,
        "WebSub §5.3",
        "a subscribe verification carried no hub.lease_seconds",
    ),
    CodeInfo(
        "websub.lease-invalid",
        S.ERROR,
        "WebSub §5.3",
        "hub.lease_seconds is not a positive integer",
    ),
    CodeInfo(
        "websub.lease-unusual",
        S.INFO,
        "change-notification 1.0.1 §4.2",
        "the granted lease is outside the recommended 300 s to 2,678,400 s",
    ),
    CodeInfo(
        "websub.lease-expired",
        S.WARNING,
        "WebSub §5.3.1",
        "the lease ran out before it could be renewed",
    ),
    CodeInfo(
        "websub.lease-very-short",
        S.WARNING,
        "WebSub §5.3",
        "the granted lease is too short to renew in time; renewed at the floor instead",
    ),
    # Content distribution (WebSub §7)
    CodeInfo(
        "websub.signature-invalid",
        S.ERROR,
        "WebSub §7.1.2",
        "X-Hub-Signature does not match the body; the delivery is rejected",
    ),
    CodeInfo(
        "websub.signature-missing",
        S.ERROR,
        "WebSub §7.1",
        "no X-Hub-Signature although a secret was given; the delivery is rejected",
    ),
    CodeInfo(
        "websub.signature-malformed",
        S.ERROR,
        "WebSub §7.1.1",
        "X-Hub-Signature is not method=hex with a recognised method; rejected",
    ),
    CodeInfo(
        "websub.signature-weak",
        S.INFO,
        "WebSub §8.3",
        "the delivery is signed with SHA-1; SHA-256 or better is advised",
    ),
    CodeInfo(
        "websub.signature-unexpected",
        S.WARNING,
        "WebSub §7.1",
        "a signature came although no secret was given; it cannot be checked",
    ),
    CodeInfo(
        "websub.delivery-too-large",
        S.ERROR,
        None,
        "the delivery body exceeds the configured limit and was refused with 413",
    ),
    CodeInfo(
        "websub.delivery-timeout",
        S.ERROR,
        None,
        "the sender was too slow to send the delivery body; refused with 408",
    ),
    CodeInfo(
        "websub.delivery-undecodable",
        S.ERROR,
        None,
        "the delivery's Content-Encoding cannot be undone (corrupt or unsupported); "
        "refused with 400 and stored raw as rejected",
    ),
    CodeInfo(
        "websub.delivery-replayed",
        S.WARNING,
        "WebSub §7.1",
        "the delivery's body and signature equal a delivery already stored for this "
        "subscription: a replay, kept as rejected, not a new notification",
    ),
    CodeInfo(
        "websub.rejected-body-cut",
        S.INFO,
        None,
        "a rejected delivery keeps only the start of its body and the body's SHA-256",
    ),
    CodeInfo(
        "websub.check-failed",
        S.ERROR,
        None,
        "the explorer could not check a delivery (a bug); it is stored raw",
    ),
    CodeInfo(
        "websub.content-type",
        S.WARNING,
        "change-notification 1.0.1 §4.3",
        "the delivery's Content-Type is not application/xml",
    ),
    CodeInfo(
        "websub.link-self-missing",
        S.WARNING,
        "WebSub §7",
        "the delivery has no Link rel=self header",
    ),
    CodeInfo(
        "websub.link-hub-missing", S.WARNING, "WebSub §7", "the delivery has no Link rel=hub header"
    ),
    CodeInfo(
        "websub.link-self-mismatch",
        S.INFO,
        "WebSub §7",
        "the delivery's Link rel=self differs from the subscribed topic",
    ),
    CodeInfo(
        "websub.link-hub-mismatch",
        S.INFO,
        "WebSub §7",
        "the delivery's Link rel=hub differs from the hub subscribed at",
    ),
    # Notification payloads (change-notification 1.0.1 §3, framework-notification 1.0.1 §3)
    CodeInfo(
        "websub.not-a-notification",
        S.ERROR,
        "change-notification 1.0.1 §3",
        "the payload's capability is not change-notification or framework-notification",
    ),
    CodeInfo(
        "websub.capability-mismatch",
        S.ERROR,
        "change-notification 1.0.1 §2",
        "the payload's capability does not match the channel it was subscribed as",
    ),
    CodeInfo(
        "websub.continuity-gap",
        S.WARNING,
        "change-notification 1.0.1 §3",
        "from is later than the previous notification's until: notifications may be missing",
    ),
    CodeInfo(
        "websub.continuity-overlap",
        S.WARNING,
        "change-notification 1.0.1 §3",
        "from is earlier than the previous notification's until: intervals overlap",
    ),
)
