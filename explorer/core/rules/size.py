"""Sitemap limits adopted by ResourceSync: 50,000 entries and 50 MB per document (core 1.1 §7).

A warning comes early (above 90 %) so that a Source splits a growing list into an
index before it breaks the limit.
"""

from __future__ import annotations

from explorer.core.findings import Finding, finding
from explorer.core.model import Document
from explorer.core.rules.context import ValidationContext

MAX_ENTRIES = 50_000
MAX_BYTES = 50 * 1024 * 1024
WARN_RATIO = 0.9


def check(doc: Document, context: ValidationContext, out: list[Finding]) -> None:
    count = len(doc.entries)
    split = "split it into several documents under an index (core 1.1 §10.2, §12.2)"
    if count > MAX_ENTRIES:
        out.append(finding(
            "document.too-many-entries",
            f"The document has {count:,} entries; the limit is {MAX_ENTRIES:,}. "
            f"{split.capitalize()}.",
            line=doc.line,
        ))
    elif count > MAX_ENTRIES * WARN_RATIO:
        out.append(finding(
            "document.near-entry-limit",
            f"The document has {count:,} entries, close to the {MAX_ENTRIES:,} limit; plan to "
            f"{split}.",
            line=doc.line,
        ))
    size = doc.size
    megabytes = size / (1024 * 1024)
    if size > MAX_BYTES:
        out.append(finding(
            "document.too-large",
            f"The document is {megabytes:.1f} MB uncompressed; the limit is 50 MB. "
            f"{split.capitalize()}.",
            line=doc.line,
        ))
    elif size > MAX_BYTES * WARN_RATIO:
        out.append(finding(
            "document.near-size-limit",
            f"The document is {megabytes:.1f} MB uncompressed, close to the 50 MB limit; plan to "
            f"{split}.",
            line=doc.line,
        ))
