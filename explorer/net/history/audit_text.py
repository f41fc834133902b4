"""Why a resource of an audit is not the same, in words: one line per reason, each
ending with the section of the specification behind it. Shared by ``audit``'s text
output and the window's audit table."""

from __future__ import annotations

from explorer.core.audit_rules import METADATA_SECTION, Origin, Verdict
from explorer.core.catalog import text
from explorer.core.words.time_text import seconds_text
from explorer.net.history.audit import AuditItem


def reasons(item: AuditItem, lang: str) -> list[str]:
    """The lines that say why ``item`` is not the same, each ending with its section."""
    where = where_described(item, lang)
    if item.verdict is Verdict.CREATE:
        key = "audit.reason-missing" if item.path is not None else "audit.reason-unmapped"
        return [
            text("audit.reason-where", lang, reason=text(key, lang, path=item.path), where=where)
        ]
    if item.verdict is Verdict.DELETE:
        if item.change == "deleted":
            line = text("audit.reason-deleted", lang, datetime=item.datetime)
        else:
            line = text("audit.reason-not-listed", lang)
        reason = text("audit.reason-where", lang, reason=line, where=where)
        return [reason, text("audit.local-path", lang, path=item.path)]
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
        metadata = text("audit.where-metadata", lang, section=METADATA_SECTION, where=where)
        lines.append(text("audit.reason-where", lang, reason=line, where=metadata))
    return lines


def where_described(item: AuditItem, lang: str) -> str:
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
