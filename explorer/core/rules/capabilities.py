"""The capability hierarchy: which document types exist and how they nest.

Pure knowledge, no findings, so that the crawl, the demo and the UI can reuse it
(``allowed_child_capabilities``, ``expected_up_capability``, ``can_be_index``).
Sources: core 1.1 §6.1 and §8-§13, Appendix A Table 4; change-notification 1.0.1
§3 and §5; framework-notification 1.0.1 §2.1 Table 2 and §3; ResourceSync
Archives 1.0 for the four archive capabilities.
"""

from __future__ import annotations

from explorer.core import catalog

DESCRIPTION = "description"
CAPABILITYLIST = "capabilitylist"
RESOURCELIST = "resourcelist"
CHANGELIST = "changelist"
RESOURCEDUMP = "resourcedump"
CHANGEDUMP = "changedump"
RESOURCEDUMP_MANIFEST = "resourcedump-manifest"
CHANGEDUMP_MANIFEST = "changedump-manifest"
CHANGE_NOTIFICATION = "change-notification"
FRAMEWORK_NOTIFICATION = "framework-notification"
RESOURCELIST_ARCHIVE = "resourcelist-archive"
RESOURCEDUMP_ARCHIVE = "resourcedump-archive"
CHANGELIST_ARCHIVE = "changelist-archive"
CHANGEDUMP_ARCHIVE = "changedump-archive"

ARCHIVES = frozenset(
    {RESOURCELIST_ARCHIVE, RESOURCEDUMP_ARCHIVE, CHANGELIST_ARCHIVE, CHANGEDUMP_ARCHIVE}
)
NOTIFICATIONS = frozenset({CHANGE_NOTIFICATION, FRAMEWORK_NOTIFICATION})
# The capability documents a Capability List points at (core 1.1 §9, Archives).
CAPABILITY_DOCUMENTS = frozenset({RESOURCELIST, CHANGELIST, RESOURCEDUMP, CHANGEDUMP} | ARCHIVES)
KNOWN_CAPABILITIES = frozenset(
    {DESCRIPTION, CAPABILITYLIST, RESOURCEDUMP_MANIFEST, CHANGEDUMP_MANIFEST}
    | CAPABILITY_DOCUMENTS
    | NOTIFICATIONS
)
MANIFESTS = frozenset({RESOURCEDUMP_MANIFEST, CHANGEDUMP_MANIFEST})

# Documents whose entries describe changes and must carry rs:md/@change
# (core 1.1 §12.1, §13.2; change-notification 1.0.1 §3).
CHANGE_ENTRY_DOCUMENTS = frozenset({CHANGELIST, CHANGEDUMP_MANIFEST, CHANGE_NOTIFICATION})

# Capabilities that may be published as a <sitemapindex> (core 1.1 §8, §10.2, §11.1,
# §12.2, §13.1; archives alike). A Capability List index is possible but discouraged (§9).
INDEXABLE = frozenset({DESCRIPTION, RESOURCELIST, CHANGELIST, RESOURCEDUMP, CHANGEDUMP} | ARCHIVES)

# Framework notification Table 2 (framework-notification 1.0.1 §2.1): allowed changes.
FRAMEWORK_CHANGES: dict[str, frozenset[str]] = {
    RESOURCELIST: frozenset({"created", "updated"}),
    RESOURCEDUMP: frozenset({"created"}),
    CHANGELIST: frozenset({"created", "updated"}),
    CHANGEDUMP: frozenset({"created", "updated"}),
    CAPABILITYLIST: frozenset({"created", "updated", "deleted"}),
    DESCRIPTION: frozenset({"created", "updated", "deleted"}),
}

CHANGE_VALUES = frozenset({"created", "updated", "deleted"})

# Appendix A Table 4 (core 1.1): the time attributes of the document rs:md, keyed by
# (capability, is_index). "at" documents may add completed, "from" ones until.
SNAPSHOT_DOCUMENTS = frozenset({RESOURCELIST, RESOURCEDUMP, RESOURCEDUMP_MANIFEST})
INTERVAL_DOCUMENTS = frozenset({CHANGELIST, CHANGEDUMP, CHANGEDUMP_MANIFEST})


def display_name(capability: str | None, is_index: bool = False) -> str:
    """'Resource List Index', 'Change List', ... in English (the catalog's ``documents``
    lines; ``explorer.core.words.messages.render_document_name`` says them in other languages),
    or the raw value when unknown."""
    key = f"documents.{capability or 'document'}"
    if not catalog.has(key):
        return f"'{capability}' document"
    name = catalog.text(key)
    indexed = is_index and capability in INDEXABLE | {CAPABILITYLIST}
    return catalog.text("documents.index", name=name) if indexed else name


def is_known(capability: str | None) -> bool:
    return capability in KNOWN_CAPABILITIES


def allowed_child_capabilities(
    parent_capability: str | None, parent_is_index: bool = False
) -> frozenset[str]:
    """Capabilities an entry of a document of ``parent_capability`` may point at.

    An index lists documents of its own capability (core 1.1 §6.1). A Source
    Description lists Capability Lists (§8); a Capability List lists capability
    documents and notification channels (§9, notification specs §5); a framework
    notification reports on capability documents, Capability Lists and Source
    Descriptions (framework-notification 1.0.1 §3). Other documents list resources or
    packages, which carry no capability: the result is empty.
    """
    if parent_is_index:
        return frozenset({parent_capability}) if parent_capability else frozenset()
    if parent_capability == DESCRIPTION:
        return frozenset({CAPABILITYLIST})
    if parent_capability == CAPABILITYLIST:
        return CAPABILITY_DOCUMENTS | NOTIFICATIONS
    if parent_capability == FRAMEWORK_NOTIFICATION:
        return CAPABILITY_DOCUMENTS | {CAPABILITYLIST, DESCRIPTION}
    return frozenset()


def expected_up_capability(capability: str | None) -> str | None:
    """The capability of the document an ``up`` link should point at (core 1.1 §6.2).

    A Capability List points up at the Source Description; capability documents,
    manifests and notifications point up at their Capability List; a Source
    Description has no up. None also for unknown capabilities.
    """
    if capability == CAPABILITYLIST:
        return DESCRIPTION
    if capability in CAPABILITY_DOCUMENTS or capability in MANIFESTS or capability in NOTIFICATIONS:
        return CAPABILITYLIST
    return None


def up_required(capability: str | None) -> bool:
    """Whether the spec makes the document ``up`` link mandatory (optional on notifications)."""
    return capability is not None and capability not in NOTIFICATIONS and capability != DESCRIPTION


def can_be_index(capability: str | None) -> bool:
    """Whether documents of this capability may be published as a <sitemapindex>."""
    return capability in INDEXABLE


def is_channel(capability: str | None) -> bool:
    """Capability List entries that are notification channels (WebSub topics)."""
    return capability in NOTIFICATIONS


def requires_change(capability: str | None, is_index: bool = False) -> bool:
    """Whether entries of this document must carry rs:md/@change."""
    return not is_index and capability in CHANGE_ENTRY_DOCUMENTS
