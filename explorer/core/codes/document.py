"""Codes from the document validator (core 1.1, the notification specs).

Severity follows the spec's wording: error where it says must (or mandatory), warning
where it says should or where a value is a likely mistake, info for recommendations.
Two deliberate softenings, both because the spec's own examples do otherwise:
a missing ``up`` link is a warning although §9-§13 call it mandatory (the walkthrough's
Examples 1-5 and 8 omit it, so its message says "should" and names the section), and
hash digests that are not hex of the right length are warnings (core 1.1 Example 27).
Rules the Sitemaps protocol makes, not ResourceSync (``loc`` syntax and length), cite it.
"""

from explorer.core import catalog
from explorer.core.code_info import CodeInfo
from explorer.core.code_info import Severity as S

_SITEMAPS_LOC = catalog.text("finding_codes.sitemaps-loc", catalog.ENGLISH)
"""The Sitemaps protocol's section on ``<loc>``, cited in English as every spec is."""

CODES: tuple[CodeInfo, ...] = (
    # Document-level rs:md
    CodeInfo(
        "document.plain-sitemap",
        S.WARNING,
        "core 1.1 §7",
    ),
    CodeInfo(
        "document.legacy-md-missing",
        S.WARNING,
        "core 1.1 §7",
    ),
    CodeInfo("document.md-missing", S.ERROR, "core 1.1 §7"),
    CodeInfo("document.capability-missing", S.ERROR, "core 1.1 §7"),
    CodeInfo(
        "document.capability-unknown",
        S.ERROR,
        "core 1.1 §7",
    ),
    CodeInfo(
        "document.capability-mismatch",
        S.ERROR,
        "core 1.1 §6.1",
    ),
    CodeInfo(
        "document.index-not-allowed",
        S.ERROR,
        "core 1.1 §6.1",
    ),
    CodeInfo(
        "document.index-discouraged",
        S.WARNING,
        "core 1.1 §9",
    ),
    CodeInfo("document.nested-index", S.WARNING, "core 1.1 §6.1"),
    CodeInfo(
        "document.time-missing",
        S.ERROR,
        "core 1.1 Appendix A Table 4",
    ),
    CodeInfo(
        "document.time-not-used",
        S.ERROR,
        "core 1.1 Appendix A Table 4",
    ),
    CodeInfo(
        "document.datetime-invalid",
        S.ERROR,
        "core 1.1 §7",
    ),
    CodeInfo("document.completed-before-at", S.ERROR, "core 1.1 §7"),
    CodeInfo("document.until-before-from", S.ERROR, "core 1.1 §7"),
    # Document-level rs:ln
    CodeInfo("document.capability-list-at-well-known", S.WARNING, "core 1.1 §6.3.2, §8"),
    CodeInfo(
        "document.up-missing",
        S.WARNING,
        "core 1.1 §9-§13",
    ),
    CodeInfo("document.up-unexpected", S.WARNING, "core 1.1 §6.2"),
    CodeInfo("document.up-repeated", S.WARNING, "core 1.1 §6.2"),
    CodeInfo(
        "document.up-not-parent",
        S.WARNING,
        "core 1.1 §6.2",
    ),
    CodeInfo(
        "document.index-link-unexpected",
        S.WARNING,
        "core 1.1 §6.2",
    ),
    CodeInfo(
        "document.index-link-missing",
        S.INFO,
        "core 1.1 §10.1",
    ),
    CodeInfo(
        "document.index-link-not-parent",
        S.WARNING,
        "core 1.1 §6.2",
    ),
    CodeInfo("document.describedby-missing", S.INFO, "core 1.1 §9"),
    CodeInfo("document.link-href-missing", S.ERROR, "core 1.1 §7"),
    CodeInfo("document.link-rel-missing", S.ERROR, "core 1.1 §7"),
    CodeInfo(
        "document.link-href-invalid",
        S.ERROR,
        "core 1.1 §7",
    ),
    CodeInfo(
        "document.attribute-unnamespaced",
        S.ERROR,
        "core 1.1 §7",
    ),
    CodeInfo(
        "document.link-pri-invalid",
        S.ERROR,
        "core 1.1 §7",
    ),
    # Entries
    CodeInfo("document.loc-missing", S.ERROR, "core 1.1 §7"),
    CodeInfo(
        "document.loc-not-absolute",
        S.ERROR,
        _SITEMAPS_LOC,
    ),
    CodeInfo(
        "document.loc-too-long",
        S.ERROR,
        _SITEMAPS_LOC,
    ),
    CodeInfo("document.lastmod-invalid", S.ERROR, "core 1.1 §7"),
    CodeInfo(
        "document.change-missing",
        S.ERROR,
        "core 1.1 §12.1",
    ),
    CodeInfo(
        "document.change-invalid",
        S.ERROR,
        "core 1.1 §7",
    ),
    CodeInfo(
        "document.change-not-used",
        S.WARNING,
        "core 1.1 §7",
    ),
    CodeInfo(
        "document.datetime-outside-interval",
        S.ERROR,
        "core 1.1 §7",
    ),
    CodeInfo(
        "document.entry-time-not-used",
        S.WARNING,
        "core 1.1 Appendix A Table 4",
    ),
    CodeInfo(
        "document.entry-from-missing",
        S.WARNING,
        "core 1.1 Appendix A Table 4",
    ),
    CodeInfo(
        "document.hash-malformed",
        S.WARNING,
        "core 1.1 §7",
    ),
    CodeInfo(
        "document.hash-digest-length",
        S.WARNING,
        "core 1.1 §7",
    ),
    CodeInfo("document.length-invalid", S.ERROR, "core 1.1 §7"),
    CodeInfo("document.type-invalid", S.WARNING, "core 1.1 §7"),
    CodeInfo(
        "document.path-missing",
        S.ERROR,
        "core 1.1 §11.2",
    ),
    CodeInfo("document.path-not-absolute", S.ERROR, "core 1.1 §11.2"),
    CodeInfo("document.path-not-used", S.WARNING, "core 1.1 §7"),
    CodeInfo("document.datetime-not-used", S.WARNING, "core 1.1 §7"),
    CodeInfo("document.entry-capability-not-used", S.WARNING, "core 1.1 §7, §10.1"),
    CodeInfo(
        "document.entry-capability-missing",
        S.ERROR,
        "core 1.1 §9",
    ),
    CodeInfo(
        "document.description-entry-capability-missing",
        S.WARNING,
        "core 1.1 §8",
    ),
    CodeInfo(
        "document.entry-capability-not-allowed",
        S.ERROR,
        "core 1.1 §6.1",
    ),
    CodeInfo(
        "document.capability-repeated",
        S.ERROR,
        "core 1.1 §9",
    ),
    CodeInfo(
        "document.channel-hub-missing",
        S.ERROR,
        "change-notification 1.0.1 §5",
    ),
    # Order
    CodeInfo(
        "document.out-of-order",
        S.ERROR,
        "core 1.1 §12.1",
    ),
    CodeInfo(
        "document.index-out-of-order",
        S.ERROR,
        "core 1.1 §12.2",
    ),
    CodeInfo(
        "document.manifest-out-of-order",
        S.ERROR,
        "core 1.1 §13.2",
    ),
    CodeInfo(
        "document.open-list-not-last",
        S.WARNING,
        "core 1.1 §12.2",
    ),
    CodeInfo(
        "document.change-dump-out-of-order",
        S.WARNING,
        "core 1.1 §13.1",
    ),
    # Entries without datetime are ordered by their lastmod instead. lastmod is the time
    # of the resource's last modification, not of the change (core 1.1 §12.1 Example 19
    # shows them differ), so an order broken by lastmod alone is a warning.
    CodeInfo("document.out-of-order-by-lastmod", S.WARNING, "core 1.1 §12.1"),
    CodeInfo(
        "document.notification-out-of-order",
        S.ERROR,
        "change-notification 1.0.1 §3",
    ),
    # Size
    CodeInfo(
        "document.too-many-entries",
        S.ERROR,
        "core 1.1 §7",
    ),
    CodeInfo("document.near-entry-limit", S.WARNING, "core 1.1 §7"),
    CodeInfo("document.too-large", S.ERROR, "core 1.1 §7"),
    CodeInfo("document.near-size-limit", S.WARNING, "core 1.1 §7"),
    CodeInfo(
        "document.findings-capped",
        S.INFO,
        None,
    ),
    # Duplicates
    CodeInfo(
        "document.duplicate-loc",
        S.ERROR,
        "core 1.1 §10.1",
    ),
    # Notifications
    CodeInfo(
        "document.notification-interval-missing",
        S.ERROR,
        "change-notification 1.0.1 §3",
    ),
    CodeInfo(
        "document.notification-index",
        S.ERROR,
        "change-notification 1.0.1 §3",
    ),
    CodeInfo(
        "document.framework-entry-incomplete",
        S.ERROR,
        "framework-notification 1.0.1 §3",
    ),
    CodeInfo(
        "document.framework-change-not-allowed",
        S.ERROR,
        "framework-notification 1.0.1 §2.1 Table 2",
    ),
    CodeInfo(
        "document.framework-capability-unknown",
        S.WARNING,
        "framework-notification 1.0.1 §3",
    ),
)
