"""How large a document may be, apart from the XML reader (``safe_xml``, which loads lxml):
a command reads its input up to this before it parses, and a command refused before
reading anything must not load the parser to know the bound."""

from __future__ import annotations

MAX_DOCUMENT_BYTES = 64 * 1024 * 1024
"""The spec's limit is 50 MB per document (core 1.1 §7); a little headroom lets the
validator report an over-limit document as a size finding instead of refusing to read it."""
