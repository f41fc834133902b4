"""Codes from the document validator (core 1.1, the notification specs).

Severity follows the spec's wording: error where it says must (or mandatory), warning
where it says should or where a value is a likely mistake, info for recommendations.
Two deliberate softenings, both because the spec's own examples do otherwise:
a missing ``up`` link is a warning although §9-§13 call it mandatory (the walkthrough's
Examples 1-5 and 8 omit it, so its message says "should" and names the section), and
hash digests that are not hex of the right length are warnings (core 1.1 Example 27).
Rules the Sitemaps protocol makes, not ResourceSync (``loc`` syntax and length), cite it.
"""

from explorer.core.findings import CodeInfo
from explorer.core.findings import Severity as S

CODES: tuple[CodeInfo, ...] = (
    # Document-level rs:md
    CodeInfo(
        "document.plain-sitemap",
        S.WARNING,
        "core 1.1 §7",
        "plain Sitemap without ResourceSync rs:md",
    ),
    CodeInfo(
        "document.legacy-md-missing",
        S.WARNING,
        "core 1.1 §7",
        "pre-1.0 document without the 1.1 rs:md",
    ),
    CodeInfo("document.md-missing", S.ERROR, "core 1.1 §7", "document has no rs:md"),
    CodeInfo(
        "document.capability-missing", S.ERROR, "core 1.1 §7", "document rs:md has no capability"
    ),
    CodeInfo(
        "document.capability-unknown",
        S.ERROR,
        "core 1.1 §7",
        "document capability is not a defined value",
    ),
    CodeInfo(
        "document.capability-mismatch",
        S.ERROR,
        "core 1.1 §6.1",
        "document capability differs from what its parent declared",
    ),
    CodeInfo(
        "document.index-not-allowed",
        S.ERROR,
        "core 1.1 §6.1",
        "this capability cannot be a <sitemapindex>",
    ),
    CodeInfo(
        "document.index-discouraged",
        S.WARNING,
        "core 1.1 §9",
        "Capability List published as a <sitemapindex>",
    ),
    CodeInfo(
        "document.nested-index", S.WARNING, "core 1.1 §6.1", "an index listed inside another index"
    ),
    CodeInfo(
        "document.time-missing",
        S.ERROR,
        "core 1.1 Appendix A Table 4",
        "document rs:md lacks a mandatory at/from",
    ),
    CodeInfo(
        "document.time-not-used",
        S.ERROR,
        "core 1.1 Appendix A Table 4",
        "document rs:md carries at/completed or from/until its type does not use",
    ),
    CodeInfo(
        "document.datetime-invalid",
        S.ERROR,
        "core 1.1 §7",
        "a datetime attribute is not a W3C Datetime",
    ),
    CodeInfo(
        "document.completed-before-at", S.ERROR, "core 1.1 §7", "completed is earlier than at"
    ),
    CodeInfo("document.until-before-from", S.ERROR, "core 1.1 §7", "until is earlier than from"),
    # Document-level rs:ln
    CodeInfo(
        "document.capability-list-at-well-known",
        S.WARNING,
        "core 1.1 §6.3.2, §8",
        "A Capability List is published at the Source Description's address",
    ),
    CodeInfo(
        "document.up-missing",
        S.WARNING,
        "core 1.1 §9-§13",
        'document has no rs:ln rel="up": mandatory in §9-§13, a warning because the '
        "spec's walkthrough examples omit it",
    ),
    CodeInfo(
        "document.up-unexpected", S.WARNING, "core 1.1 §6.2", "Source Description has an up link"
    ),
    CodeInfo("document.up-repeated", S.WARNING, "core 1.1 §6.2", "more than one up link"),
    CodeInfo(
        "document.up-not-parent",
        S.WARNING,
        "core 1.1 §6.2",
        "up link does not point at the document's parent",
    ),
    CodeInfo(
        "document.index-link-unexpected",
        S.WARNING,
        "core 1.1 §6.2",
        "index link on a document that cannot sit under an index",
    ),
    CodeInfo(
        "document.index-link-missing",
        S.INFO,
        "core 1.1 §10.1",
        "document under an index has no index link (recommended)",
    ),
    CodeInfo(
        "document.index-link-not-parent",
        S.WARNING,
        "core 1.1 §6.2",
        "index link does not point at the index the document was reached from",
    ),
    CodeInfo(
        "document.describedby-missing", S.INFO, "core 1.1 §9", "no describedby link (recommended)"
    ),
    CodeInfo("document.link-href-missing", S.ERROR, "core 1.1 §7", "rs:ln without href"),
    CodeInfo("document.link-rel-missing", S.ERROR, "core 1.1 §7", "rs:ln without rel"),
    CodeInfo(
        "document.link-href-invalid",
        S.ERROR,
        "core 1.1 §7",
        "rs:ln href is not a URI (RFC 3986)",
    ),
    CodeInfo(
        "document.attribute-unnamespaced",
        S.ERROR,
        "core 1.1 §7",
        "rs:ln attribute ResourceSync does not define, without a namespace prefix",
    ),
    CodeInfo(
        "document.link-pri-invalid",
        S.ERROR,
        "core 1.1 §7",
        "rs:ln pri is not an integer in 1..999999",
    ),
    # Entries
    CodeInfo("document.loc-missing", S.ERROR, "core 1.1 §7", "entry without <loc>"),
    CodeInfo(
        "document.loc-not-absolute",
        S.ERROR,
        "Sitemaps protocol, <loc>",
        "<loc> is not an absolute URI",
    ),
    CodeInfo(
        "document.loc-too-long",
        S.ERROR,
        "Sitemaps protocol, <loc>",
        "<loc> is longer than 2048 characters",
    ),
    CodeInfo("document.lastmod-invalid", S.ERROR, "core 1.1 §7", "<lastmod> is not a W3C Datetime"),
    CodeInfo(
        "document.change-missing",
        S.ERROR,
        "core 1.1 §12.1",
        "entry lacks the mandatory change attribute",
    ),
    CodeInfo(
        "document.change-invalid",
        S.ERROR,
        "core 1.1 §7",
        "change is not created, updated or deleted",
    ),
    CodeInfo(
        "document.change-not-used",
        S.WARNING,
        "core 1.1 §7",
        "change attribute in a document type that does not use it",
    ),
    CodeInfo(
        "document.datetime-outside-interval",
        S.ERROR,
        "core 1.1 §7",
        "entry datetime lies outside the document's from/until",
    ),
    CodeInfo(
        "document.entry-time-not-used",
        S.WARNING,
        "core 1.1 Appendix A Table 4",
        "entry rs:md carries at/completed or from/until its document type does not use",
    ),
    CodeInfo(
        "document.entry-from-missing",
        S.WARNING,
        "core 1.1 Appendix A Table 4",
        "index or Change Dump entries lack the recommended from",
    ),
    CodeInfo(
        "document.hash-malformed",
        S.WARNING,
        "core 1.1 §7",
        "hash is not a space-separated list of alg:hexdigest",
    ),
    CodeInfo(
        "document.hash-digest-length",
        S.WARNING,
        "core 1.1 §7",
        "hash digest has the wrong length for its algorithm",
    ),
    CodeInfo(
        "document.length-invalid", S.ERROR, "core 1.1 §7", "length is not a non-negative integer"
    ),
    CodeInfo(
        "document.type-invalid", S.WARNING, "core 1.1 §7", "type is not a media type (type/subtype)"
    ),
    CodeInfo(
        "document.path-missing",
        S.ERROR,
        "core 1.1 §11.2",
        "manifest entry lacks the mandatory path",
    ),
    CodeInfo("document.path-not-absolute", S.ERROR, "core 1.1 §11.2", "path does not start with /"),
    CodeInfo(
        "document.path-not-used", S.WARNING, "core 1.1 §7", "path attribute outside a manifest"
    ),
    CodeInfo(
        "document.entry-capability-missing",
        S.ERROR,
        "core 1.1 §9",
        "Capability List entry lacks its capability",
    ),
    CodeInfo(
        "document.description-entry-capability-missing",
        S.WARNING,
        "core 1.1 §8",
        'Source Description entry has an rs:md without capability="capabilitylist" '
        "(the rs:md itself is optional)",
    ),
    CodeInfo(
        "document.entry-capability-not-allowed",
        S.ERROR,
        "core 1.1 §6.1",
        "entry capability cannot sit under this document",
    ),
    CodeInfo(
        "document.capability-repeated",
        S.ERROR,
        "core 1.1 §9",
        "Capability List has more than one entry for a capability",
    ),
    CodeInfo(
        "document.channel-hub-missing",
        S.ERROR,
        "change-notification 1.0.1 §5",
        'notification channel entry has no rs:ln rel="hub"',
    ),
    # Order
    CodeInfo(
        "document.out-of-order",
        S.ERROR,
        "core 1.1 §12.1",
        "Change List entries not in forward chronological order",
    ),
    CodeInfo(
        "document.index-out-of-order",
        S.ERROR,
        "core 1.1 §12.2",
        "Change List Index entries not in forward chronological order",
    ),
    CodeInfo(
        "document.manifest-out-of-order",
        S.ERROR,
        "core 1.1 §13.2",
        "Change Dump Manifest entries not in forward chronological order",
    ),
    CodeInfo(
        "document.open-list-not-last",
        S.WARNING,
        "core 1.1 §12.2",
        "an open Change List (no until) is not the last entry of its index",
    ),
    CodeInfo(
        "document.change-dump-out-of-order",
        S.WARNING,
        "core 1.1 §13.1",
        "Change Dump entries not in forward chronological order",
    ),
    CodeInfo(
        "document.notification-out-of-order",
        S.ERROR,
        "change-notification 1.0.1 §3",
        "change notification entries not in forward chronological order",
    ),
    # Size
    CodeInfo(
        "document.too-many-entries",
        S.ERROR,
        "core 1.1 §7",
        "more than 50,000 entries in one document",
    ),
    CodeInfo(
        "document.near-entry-limit", S.WARNING, "core 1.1 §7", "close to the 50,000-entry limit"
    ),
    CodeInfo("document.too-large", S.ERROR, "core 1.1 §7", "document larger than 50 MB"),
    CodeInfo(
        "document.near-size-limit", S.WARNING, "core 1.1 §7", "close to the 50 MB document limit"
    ),
    CodeInfo(
        "document.findings-capped",
        S.INFO,
        None,
        "More validator findings of one code than are listed",
    ),
    # Duplicates
    CodeInfo(
        "document.duplicate-loc",
        S.ERROR,
        "core 1.1 §10.1",
        "the same <loc> appears twice in a Resource List",
    ),
    # Notifications
    CodeInfo(
        "document.notification-interval-missing",
        S.ERROR,
        "change-notification 1.0.1 §3",
        "change notification lacks from or until",
    ),
    CodeInfo(
        "document.notification-index",
        S.ERROR,
        "change-notification 1.0.1 §3",
        "notification payload uses <sitemapindex>",
    ),
    CodeInfo(
        "document.framework-entry-incomplete",
        S.ERROR,
        "framework-notification 1.0.1 §3",
        "framework notification entry lacks change or capability",
    ),
    CodeInfo(
        "document.framework-change-not-allowed",
        S.ERROR,
        "framework-notification 1.0.1 §2.1 Table 2",
        "change/capability pair not allowed in a framework notification",
    ),
    CodeInfo(
        "document.framework-capability-unknown",
        S.WARNING,
        "framework-notification 1.0.1 §3",
        "framework notification about an unknown capability",
    ),
)
