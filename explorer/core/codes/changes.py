"""Codes from change tracking: notifications that contradict what the explorer knew."""

from explorer.core.code_info import CodeInfo
from explorer.core.code_info import Severity as S

CODES: tuple[CodeInfo, ...] = (
    # Change notification entries judged against the resource state (change-notification §3)
    CodeInfo(
        "changes.update-unknown-resource",
        S.WARNING,
        "change-notification 1.0.1 §3",
    ),
    CodeInfo(
        "changes.delete-unknown-resource",
        S.WARNING,
        "change-notification 1.0.1 §3",
    ),
    CodeInfo(
        "changes.create-known-resource",
        S.WARNING,
        "change-notification 1.0.1 §3",
    ),
    CodeInfo(
        "changes.out-of-order",
        S.WARNING,
        "change-notification 1.0.1 §3",
    ),
    CodeInfo(
        "changes.update-without-change",
        S.WARNING,
        "change-notification 1.0.1 §3",
    ),
    # Framework notifications: refetching the document each entry names (framework §3)
    CodeInfo(
        "changes.refetch-failed",
        S.WARNING,
        "framework-notification 1.0.1 §3",
    ),
    CodeInfo("changes.refetch-capped", S.INFO, "framework-notification 1.0.1 §3"),
    CodeInfo(
        "changes.prime-failed",
        S.WARNING,
        "core 1.1 §6.1",
    ),
    # The diff command
    CodeInfo("changes.line-diff-skipped", S.INFO, None),
    CodeInfo(
        "changes.input-unreadable",
        S.ERROR,
        None,
    ),
    # The compare command: the Source against its own Change Lists
    CodeInfo("changes.unannounced-change", S.WARNING, "core 1.1 §12.1"),
    # A closed Change List (until) is never read again by a Destination that finished it.
    CodeInfo("changes.closed-list-grew", S.ERROR, "core 1.1 §12.1"),
)
