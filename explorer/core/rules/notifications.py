"""Framework notification entries (framework-notification 1.0.1 §2.1 Table 2, §3).

Each entry reports one change to the framework: its rs:md must carry both change and
capability, and the pair must be one Table 2 allows (a Resource Dump is only ever
created; Resource Lists, Change Lists and Change Dumps are never deleted). The change
notification rules (change-notification 1.0.1 §3: from and until, change on every
entry, order, no index) run with the general rules in ``document_md``, ``entries`` and
``order``, because they match the Change List rules.
"""

from __future__ import annotations

from explorer.core.findings import Finding, finding
from explorer.core.model import Document
from explorer.core.rules import capabilities as caps
from explorer.core.rules.context import ValidationContext
from explorer.core.rules.phrases import and_list

_KNOWN_ELSEWHERE = caps.ARCHIVES


def check(doc: Document, context: ValidationContext, out: list[Finding]) -> None:
    if doc.capability != caps.FRAMEWORK_NOTIFICATION:
        return
    for entry in doc.entries:
        md = entry.md
        change = md.get("change")
        capability = md.get("capability")
        if change is None or capability is None:
            missing = [
                name
                for name, value in (("change", change), ("capability", capability))
                if value is None
            ]
            out.append(
                finding(
                    "document.framework-entry-incomplete",
                    line=entry.line,
                    params={"loc": entry.loc, "missing": and_list(missing)},
                )
            )
            continue
        allowed = caps.FRAMEWORK_CHANGES.get(capability)
        if allowed is None:
            if capability not in _KNOWN_ELSEWHERE:
                out.append(
                    finding(
                        "document.framework-capability-unknown",
                        line=entry.line,
                        params={
                            "capability": capability,
                            "known": ", ".join(sorted(caps.FRAMEWORK_CHANGES)),
                        },
                    )
                )
            continue
        if change in caps.CHANGE_VALUES and change not in allowed:
            name = caps.display_name(capability)
            out.append(
                finding(
                    "document.framework-change-not-allowed",
                    line=entry.line,
                    params={"name": name, "change": change, "allowed": ", ".join(sorted(allowed))},
                )
            )
