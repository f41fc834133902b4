"""Codes from change tracking: notifications that contradict what the explorer knew."""

from explorer.core.findings import CodeInfo
from explorer.core.findings import Severity as S

CODES: tuple[CodeInfo, ...] = (
    # Change notification entries judged against the resource state (change-notification §3)
    CodeInfo(
        "changes.update-unknown-resource",
        S.INFO,
        "change-notification 1.0.1 §3",
        "an 'updated' notification for a resource the explorer has never seen",
    ),
    CodeInfo(
        "changes.delete-unknown-resource",
        S.INFO,
        "change-notification 1.0.1 §3",
        "a 'deleted' notification for a resource the explorer has never seen",
    ),
    CodeInfo(
        "changes.create-known-resource",
        S.WARNING,
        "change-notification 1.0.1 §3",
        "a 'created' notification for a resource already known and not deleted",
    ),
    CodeInfo(
        "changes.out-of-order",
        S.WARNING,
        "change-notification 1.0.1 §3",
        "a change datetime older than the last known change: out of order, or a replay",
    ),
    CodeInfo(
        "changes.update-without-change",
        S.WARNING,
        "change-notification 1.0.1 §3",
        "an 'updated' notification with the same hash and length as already known",
    ),
    # Framework notifications: refetching the document each entry names (framework §3)
    CodeInfo(
        "changes.refetch-failed",
        S.WARNING,
        "framework-notification 1.0.1 §3",
        "the document named in a framework notification could not be fetched or read",
    ),
    CodeInfo(
        "changes.refetch-capped",
        S.INFO,
        "framework-notification 1.0.1 §3",
        "documents a framework notification names were not refetched: past the cap per "
        "notification or the refetch budget",
    ),
    CodeInfo(
        "changes.prime-failed",
        S.WARNING,
        "core 1.1 §6.1",
        "a Capability List document read to learn the resource state could not be read",
    ),
    # The diff command
    CodeInfo(
        "changes.line-diff-skipped",
        S.INFO,
        None,
        "the documents are too large for a line diff; the entry by entry diff is whole",
    ),
    CodeInfo(
        "changes.input-unreadable",
        S.ERROR,
        None,
        "a document given to diff could not be read (missing file, failed fetch)",
    ),
)
