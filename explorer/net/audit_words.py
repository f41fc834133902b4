"""Why an audited resource is not the same, in words: the CLI's report and the window's
table say it alike, from the catalog (``audit.toml``), each reason with its section."""

from __future__ import annotations

from explorer.core.audit_rules import METADATA_SECTION, Origin, Verdict
from explorer.core.catalog import text
from explorer.core.time_text import seconds_text
from explorer.net.audit import AuditItem


def reasons(item: AuditItem, lang: str) -> list[str]:
    """The lines that say why ``item`` is not the same, each ending with its section."""
    where = described_where(item, lang)
    if item.verdict is Verdict.CREATE:
        key = "audit.reason-missing" if item.path is not None else "audit.reason-unmapped"
        return [f"{text(key, lang, path=item.path)} ({where})"]
    if item.verdict is Verdict.DELETE:
        if item.change == "deleted":
            line = text("audit.reason-deleted", lang, datetime=item.datetime)
        else:
            line = text("audit.reason-not-listed", lang)
        return [f"{line} ({where})", text("audit.local-path", lang, path=item.path)]
    lines = []
    for difference in item.differences:
        name, _, algorithm = difference.field.partition(":")
        local = difference.local
        listed = difference.listed
        if name == "lastmod":
            local = seconds_text(float(local))
            key = "audit.reason-lastmod" if listed else "audit.reason-no-lastmod"
            listed = seconds_text(float(listed)) if listed else ""
        else:
            key = f"audit.reason-{name}"
        line = text(key, lang, algorithm=algorithm, listed=listed, local=local)
        lines.append(f"{line} ({METADATA_SECTION}, {where})")
    return lines


def described_where(item: AuditItem, lang: str) -> str:
    if item.origin is Origin.CHANGE_LIST:
        return text(
            "audit.where-change-list",
            lang,
            section=item.section,
            change=item.change,
            datetime=item.datetime,
            document=item.document,
        )
    if item.origin is Origin.RESOURCE_LIST:
        return text("audit.where-resource-list", lang, section=item.section, document=item.document)
    return text("audit.where-local", lang, section=item.section)
