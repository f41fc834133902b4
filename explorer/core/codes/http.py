"""Codes from discovery, the crawl, HTTP checks, resource spot checks and dump checks."""

from explorer.core.code_info import CodeInfo
from explorer.core.code_info import Severity as S

CODES: tuple[CodeInfo, ...] = (
    # Discovery (core 1.1 §6.3)
    CodeInfo(
        "http.discovery-failed",
        S.ERROR,
        "core 1.1 §6.3",
    ),
    CodeInfo(
        "http.no-well-known",
        S.WARNING,
        "core 1.1 §6.3.2",
    ),
    CodeInfo(
        "http.not-source-description",
        S.WARNING,
        "core 1.1 §6.2",
    ),
    CodeInfo(
        "http.discovery-disagree",
        S.WARNING,
        "core 1.1 §6.3",
    ),
    # Transport
    CodeInfo("http.status", S.ERROR, None),
    CodeInfo(
        "http.unreachable",
        S.ERROR,
        None,
    ),
    CodeInfo("http.timeout", S.ERROR, None),
    CodeInfo(
        "http.auth-required",
        S.ERROR,
        "RFC 9110 §15.5.2",
    ),
    CodeInfo(
        "http.forbidden",
        S.ERROR,
        "RFC 9110 §15.5.4",
    ),
    CodeInfo(
        "http.tls-unverified",
        S.WARNING,
        None,
    ),
    CodeInfo("http.redirect", S.INFO, None),
    CodeInfo("http.redirect-loop", S.ERROR, None),
    CodeInfo("http.too-many-redirects", S.ERROR, None),
    CodeInfo("http.too-large", S.ERROR, "core 1.1 §7"),
    CodeInfo(
        "http.content-type",
        S.WARNING,
        "core 1.1 §7",
    ),
    CodeInfo("http.retried", S.INFO, None),
    # Walk and relations (core 1.1 §6.1, §6.2)
    CodeInfo(
        "http.child-capability",
        S.ERROR,
        "core 1.1 §6.1",
    ),
    CodeInfo(
        "http.up-target",
        S.ERROR,
        "core 1.1 §6.2",
    ),
    CodeInfo(
        "http.index-target",
        S.ERROR,
        "core 1.1 §6.2",
    ),
    CodeInfo(
        "http.link-broken",
        S.WARNING,
        "core 1.1 §6.2",
    ),
    CodeInfo(
        "http.revisit",
        S.WARNING,
        "core 1.1 §6.1",
    ),
    CodeInfo("http.limit-reached", S.WARNING, None),
    CodeInfo(
        "http.links-sampled",
        S.INFO,
        None,
    ),
    CodeInfo("http.discovery-targets-capped", S.INFO, "core 1.1 §6.3.3"),
    # Notification channels (change-notification 1.0.1 §4.1, §5)
    CodeInfo(
        "http.channel-no-hub",
        S.ERROR,
        "change-notification 1.0.1 §5",
    ),
    CodeInfo(
        "http.topic-status",
        S.ERROR,
        "change-notification 1.0.1 §4.1",
    ),
    CodeInfo(
        "http.topic-content-type",
        S.ERROR,
        "change-notification 1.0.1 §4.1",
    ),
    CodeInfo(
        "http.topic-link-self",
        S.ERROR,
        "change-notification 1.0.1 §4.1",
    ),
    CodeInfo(
        "http.topic-link-hub",
        S.ERROR,
        "change-notification 1.0.1 §4.1",
    ),
    CodeInfo(
        "http.topic-hub-mismatch",
        S.WARNING,
        "change-notification 1.0.1 §5",
    ),
    # Resource spot checks (core 1.1 §7)
    CodeInfo("http.resource-status", S.ERROR, "core 1.1 §10.1"),
    CodeInfo(
        "http.resource-length",
        S.ERROR,
        "core 1.1 §7",
    ),
    CodeInfo("http.resource-hash", S.ERROR, "core 1.1 §7"),
    CodeInfo(
        "http.resource-type",
        S.WARNING,
        "core 1.1 §7",
    ),
    CodeInfo(
        "http.resource-lastmod",
        S.WARNING,
        "core 1.1 §7",
    ),
    CodeInfo(
        "http.resource-last-modified-invalid",
        S.WARNING,
        "RFC 9110 §8.8.2",
    ),
    CodeInfo(
        "http.resource-deleted-present",
        S.WARNING,
        "core 1.1 §12.1",
    ),
    # Dumps (core 1.1 §11, §13)
    CodeInfo("http.dump-not-zip", S.ERROR, "core 1.1 §11.1"),
    CodeInfo(
        "http.dump-no-manifest",
        S.ERROR,
        "core 1.1 §11.2",
    ),
    CodeInfo(
        "http.dump-manifest-invalid",
        S.ERROR,
        "core 1.1 §11.2",
    ),
    CodeInfo(
        "http.dump-path-escape",
        S.ERROR,
        "core 1.1 §11.2",
    ),
    CodeInfo(
        "http.dump-missing-file",
        S.ERROR,
        "core 1.1 §11.2",
    ),
    CodeInfo(
        "http.dump-unlisted-file",
        S.ERROR,
        "core 1.1 §11.2",
    ),
    CodeInfo(
        "http.dump-length",
        S.ERROR,
        "core 1.1 §11.2",
    ),
    CodeInfo(
        "http.dump-hash",
        S.ERROR,
        "core 1.1 §11.2",
    ),
    CodeInfo(
        "http.dump-package-length",
        S.ERROR,
        "core 1.1 §11.1",
    ),
    CodeInfo(
        "http.dump-member-too-large",
        S.ERROR,
        "core 1.1 §7",
    ),
    CodeInfo("http.dump-too-many-members", S.ERROR, "core 1.1 §11.2"),
    CodeInfo("http.dump-directory-too-large", S.ERROR, "core 1.1 §11.2"),
    CodeInfo(
        "http.dump-too-large",
        S.WARNING,
        "core 1.1 §11.1",
    ),
    CodeInfo(
        "http.dump-contents-differ",
        S.WARNING,
        "core 1.1 §11.1",
    ),
)
