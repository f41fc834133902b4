"""Change tracking and diffs: what each notification changed, relative to what
the explorer already knew.

- ``resource_state``: loc → last known metadata with provenance, per set of resources.
- ``entry_diff``: change notification entries against that state, anomalies as findings.
- ``document_diff``: structural diff of two versions of a document (by loc, field by field).
- ``line_diff``: canonicalised line diff driving side-by-side and unified views.
"""

from explorer.core.changes.document_diff import (
    ChangedEntry,
    DocumentDiff,
    FieldDiff,
    diff_documents,
)
from explorer.core.changes.entry_diff import (
    EntryDiff,
    NotificationDiff,
    apply_notification,
    diff_entry,
)
from explorer.core.changes.line_diff import (
    Hunk,
    LineDiff,
    LineDiffTooLarge,
    SideBySideRow,
    canonical_lines,
    diff_documents_text,
    diff_lines,
)
from explorer.core.changes.resource_state import Provenance, ResourceRecord, ResourceState

__all__ = [
    "ChangedEntry",
    "DocumentDiff",
    "EntryDiff",
    "FieldDiff",
    "Hunk",
    "LineDiff",
    "LineDiffTooLarge",
    "NotificationDiff",
    "Provenance",
    "ResourceRecord",
    "ResourceState",
    "SideBySideRow",
    "apply_notification",
    "canonical_lines",
    "diff_documents",
    "diff_documents_text",
    "diff_entry",
    "diff_lines",
]
