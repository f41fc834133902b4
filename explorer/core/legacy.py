"""Mapping the 2012 alpha syntax (core 0.1-alpha) onto the 1.1 model.

Sources that implemented the first drafts still publish Change Sets with
``lastmod rs:type``/``expires`` and per-resource child elements (``rs:size`` ...). The
explorer reads them into the same ``rs:md`` keys a 1.1 document would use, so every view
and rule works, and the parser reports each legacy form once with its 1.1 equivalent.
"""

from __future__ import annotations

import base64
import binascii
import contextlib

from explorer.core.findings import Finding, finding
from explorer.core.tags import Kind

# Legacy element kind -> (finding code, the rs:md key that replaces it in 1.1).
ELEMENT_TO_MD = {
    Kind.RS_SIZE: ("parse.legacy-size", "length"),
    Kind.RS_MIMETYPE: ("parse.legacy-mimetype", "type"),
    Kind.RS_CONTENTENCODING: ("parse.legacy-contentencoding", "encoding"),
    Kind.RS_PATH: ("parse.legacy-path", "path"),
}

DESCRIPTIONS = {
    "parse.legacy-changeset": 'a Change Set root (rs:type="changeset"); 1.1 uses '
    '<rs:md capability="changelist"/> (read as a Change List)',
    "parse.legacy-lastmod-type": "<lastmod rs:type=...>; 1.1 uses <rs:md change=... datetime=...>",
    "parse.legacy-expires": '<expires>; 1.1 uses <rs:md change="deleted" datetime=...>',
    "parse.legacy-fixity": '<rs:fixity> (base64); 1.1 uses <rs:md hash="alg:hex">',
    "parse.legacy-size": "<rs:size>; 1.1 uses <rs:md length=...>",
    "parse.legacy-mimetype": "<rs:mimetype>; 1.1 uses <rs:md type=...>",
    "parse.legacy-contentencoding": "<rs:contentencoding>; 1.1 uses <rs:md encoding=...>",
    "parse.legacy-path": '<rs:path>; 1.1 uses <rs:md path="/...">',
    "parse.legacy-xhtml-link": "<xhtml:link>; 1.1 uses <rs:ln rel=... href=...>",
    "parse.legacy-xhtml-meta": '<xhtml:meta name="DCTERMS.modified">; 1.1 uses '
    "<rs:md at=...> (from=... on change documents)",
}

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
        for code, (count, line) in self._seen.items():
            times = "once" if count == 1 else f"{count} times"
            result.append(
                finding(code, f"pre-1.0 syntax used {times}: {DESCRIPTIONS[code]}", line=line)
            )
        return result
