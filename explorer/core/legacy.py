"""Mapping older syntax onto the 1.1 model: the 2012 alpha (core 0.1-alpha) and 0.9.

Sources that implemented the first drafts still publish Change Sets with
``lastmod rs:type``/``expires`` and per-resource child elements (``rs:size`` ...); 0.9 and
0.9.1 Sources (2013, core 1.1 Appendix D) call the Source Description ``resourcesync``,
time their documents with ``modified`` and link up with ``rel="resourcesync"``. The
explorer reads them into what a 1.1 document would say, so every view and rule works,
and the parser reports each legacy form once, naming the version and the 1.1 form.
"""

from __future__ import annotations

import base64
import binascii
import contextlib

from explorer.core.findings import Finding, finding
from explorer.core.model import Document
from explorer.core.tags import Kind

# Legacy element kind -> (finding code, the rs:md key that replaces it in 1.1).
ELEMENT_TO_MD = {
    Kind.RS_SIZE: ("parse.legacy-size", "length"),
    Kind.RS_MIMETYPE: ("parse.legacy-mimetype", "type"),
    Kind.RS_CONTENTENCODING: ("parse.legacy-contentencoding", "encoding"),
    Kind.RS_PATH: ("parse.legacy-path", "path"),
}

_VERSIONS = {
    "parse.legacy-resourcesync-capability": "0.9",
    "parse.legacy-modified": "0.9",
    "parse.legacy-modified-change": "0.9",
    "parse.legacy-modified-other": "0.9",
    "parse.legacy-resourcesync-link": "0.9",
}
"""The version a legacy form comes from, for its message; the others are the 2012 alpha."""

# One registered code for the three readings of 0.9's document ``modified``: each reading
# is a variant of its message (``parse.legacy-modified.message.change``).
_CODE_OF = {
    "parse.legacy-modified-change": ("parse.legacy-modified", "change"),
    "parse.legacy-modified-other": ("parse.legacy-modified", "other"),
}

V09_DESCRIPTION = "resourcesync"
# core 1.1 Appendix A Table 4: the documents whose time is ``at``, which is what 0.9's
# document ``modified`` meant for them (the state the document reflects).
_AT_DOCUMENTS = frozenset({"resourcelist", "resourcedump", "resourcedump-manifest"})
_FROM_DOCUMENTS = frozenset({"changelist", "changedump", "changedump-manifest"})

# 2012 fixity types (Table 3.4) -> 1.1 hash algorithm names (core 1.1 §7, hash attribute).
_FIXITY_ALGORITHMS = {"md5": "md5", "sha-1": "sha-1", "sha1": "sha-1", "sha-256": "sha-256"}


def fixity_to_hash(fixity_type: str | None, value: str) -> str:
    """``rs:fixity type="md5"`` with a base64 digest -> ``md5:<hex>`` as 1.1 writes it.

    A digest that is not valid base64 is kept as written so the validator can flag it.
    """
    algorithm = _FIXITY_ALGORITHMS.get((fixity_type or "").strip().lower(), fixity_type or "")
    digest = value.strip()
    with contextlib.suppress(binascii.Error, ValueError):
        digest = base64.b64decode(digest, validate=True).hex()
    return f"{algorithm}:{digest}"


class LegacyTally:
    """Counts each legacy form so the document gets one finding per form, not per entry."""

    __slots__ = ("_seen",)

    def __init__(self) -> None:
        self._seen: dict[str, list[int | None]] = {}

    def __bool__(self) -> bool:
        return bool(self._seen)

    def note(self, code: str, line: int | None) -> None:
        seen = self._seen.get(code)
        if seen is None:
            self._seen[code] = [1, line]
        else:
            seen[0] = (seen[0] or 0) + 1

    def findings(self) -> list[Finding]:
        result = []
        for form, (count, line) in self._seen.items():
            code, reading = _CODE_OF.get(form, (form, ""))
            once = "once" if count == 1 else ""
            result.append(
                finding(
                    code,
                    line=line,
                    params={
                        "version": _VERSIONS.get(form, "2012 alpha (core 0.1)"),
                        "count": count,
                    },
                    variant="-".join(part for part in (reading, once) if part),
                )
            )
        return result


def read_v09_forms(doc: Document, tally: LegacyTally) -> None:
    """Map the document-level 0.9 forms onto 1.1 in place, noting each in ``tally``.

    Only the document's own rs:md and rs:ln change: 0.9 entries already look like 1.1's.
    ``modified`` stays in ``md`` as written (views show what the Source published); a 1.1
    value written beside it wins (``at`` beside ``modified``).
    """
    md = doc.md
    line = doc.md_line
    if md.get("capability") == V09_DESCRIPTION:
        tally.note("parse.legacy-resourcesync-capability", line)
        md["capability"] = "description"
    if "modified" in md:
        capability = md.get("capability")
        if capability in _AT_DOCUMENTS:
            tally.note("parse.legacy-modified", line)
            md.setdefault("at", md["modified"])
        elif capability in _FROM_DOCUMENTS:
            tally.note("parse.legacy-modified-change", line)
        else:
            tally.note("parse.legacy-modified-other", line)
    for link in doc.links:
        if link.rel == "resourcesync":
            tally.note("parse.legacy-resourcesync-link", link.line)
            link.rel = "up"
