"""``inspect --report FILE.html``: one self-contained page to hand to the Source's keeper.

No script, no external style, image or font: a strict Content-Security-Policy
(``default-src 'none'; style-src 'unsafe-inline'``) makes any browser refuse to load
anything, so opening the file sends no request, and every string from the Source (URLs,
messages quoting documents) is HTML-escaped. URLs are text, not links: a hostile loc
cannot become a ``javascript:`` link. The style prints cleanly (no backgrounds needed,
tables kept whole where they fit).

Findings are grouped as Required (errors), Recommended (warnings) and Informational,
one row per code per document with its count and lines, as ``inspect`` prints them.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from html import escape

from explorer import __version__
from explorer.core import catalog
from explorer.core.finding_groups import FindingGroup, group_findings
from explorer.core.findings import Finding, Severity, count_by_severity, sort_findings
from explorer.core.words.messages import (
    ENGLISH,
    render_message,
    render_phrase,
    render_spec,
    render_title,
)
from explorer.net.reports.report_words import counted_totals, severity_group
from explorer.net.source.crawl_tree import DocumentNode
from explorer.net.source.inspection import Inspection, located_findings

CSP = "default-src 'none'; style-src 'unsafe-inline'"
LINES_SHOWN = 20

STYLE = """
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:70em;padding:0 1em;color:#111}
h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid #999;margin-top:1.5em}
table{border-collapse:collapse;width:100%;margin:.5em 0}
th,td{border:1px solid #bbb;padding:.25em .4em;text-align:left;vertical-align:top}
th{background:#eee;white-space:nowrap}
td.url,td.doc,.tree .url{word-break:break-all;font-family:monospace}
.error h2{color:#a00}.warning h2{color:#850}.info h2{color:#145}
ul.tree,ul.tree ul{list-style:none;padding-left:1.2em;margin:0}
ul.tree li{margin:.15em 0}.cap{font-weight:bold}.muted{color:#555}
dl{display:grid;grid-template-columns:max-content auto;gap:.2em 1em}dt{font-weight:bold}
dd{margin:0;word-break:break-all}
@media print{body{margin:0;max-width:none}tr,li{break-inside:avoid}h2{break-after:avoid}
th{background:none}}
"""


def report_html(inspection: Inspection, lang: str = ENGLISH) -> bytes:
    """The whole page, UTF-8."""
    result = inspection.result
    source = result.source_url or result.start_url
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="{escape(lang)}"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">',
        '<meta name="referrer" content="no-referrer">',
        f"<title>{_t('report.title', lang, source=source)}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{_t('report.heading', lang)}</h1>",
        _overview(inspection, lang),
        _discovery(inspection, lang),
        _tree(inspection, lang),
        *(_findings_section(inspection, severity, lang) for severity in Severity),
        _checks(inspection, lang),
        _channels(inspection, lang),
        _not_applicable(inspection, lang),
        '<p class="muted">'
        + _t(
            "report.footer",
            lang,
            version=__version__,
            when=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        )
        + "</p>",
        "</body></html>",
    ]
    return "\n".join(parts).encode("utf-8")


def _t(key: str, lang: str, /, **params: object) -> str:
    """A catalog line with every parameter escaped (the template itself is ours)."""
    return catalog.text(key, lang, **{name: escape(str(value)) for name, value in params.items()})


def _overview(inspection: Inspection, lang: str) -> str:
    result = inspection.result
    rows = []
    if result.root is None:
        rows.append(("report.source", _t("report.no-source", lang, url=result.start_url)))
    else:
        rows.append(("report.source", escape(result.root.url)))
    rows.append(("report.start-url", escape(result.start_url)))
    if result.discovery.route is not None:
        rows.append(("report.found-via", escape(str(result.discovery.route))))
    rows.append(("report.started", escape(inspection.started.strftime("%Y-%m-%d %H:%M:%S UTC"))))
    if inspection.disk is not None:
        disk = inspection.disk
        value = _t("report.on-disk-value", lang, folder=disk.folder, base_url=disk.base_url)
        rows.append(("report.on-disk", value))
    items = "".join(f"<dt>{_t(key, lang)}</dt><dd>{value}</dd>" for key, value in rows)
    summary = _t("report.summary", lang, **counted_totals(result.totals(), lang))
    return f'<dl>{items}</dl><p id="summary">{summary}</p>'


def _discovery(inspection: Inspection, lang: str) -> str:
    attempts = inspection.result.discovery.attempts
    rows = "".join(
        f"<tr><td>{escape(str(a.route))}</td><td class=url>{escape(a.url)}</td>"
        f"<td>{_t('report.ok' if a.ok else 'report.not-ok', lang)}: "
        f"{escape(render_phrase(a.phrase, lang))}</td></tr>"
        for a in attempts
    )
    head = _head(("report.route", "report.url", "report.outcome"), lang)
    return f"<h2>{_t('report.discovery', lang)}</h2><table>{head}{rows}</table>"


def _head(keys: Iterable[str], lang: str) -> str:
    return "<tr>" + "".join(f"<th>{_t(key, lang)}</th>" for key in keys) + "</tr>"


def _tree(inspection: Inspection, lang: str) -> str:
    root = inspection.result.root
    body = f'<ul class="tree">{_node(root, lang)}</ul>' if root is not None else ""
    return f"<h2>{_t('report.tree', lang)}</h2>{body or _t('report.none', lang)}"


def _node(node: DocumentNode, lang: str) -> str:
    counts = count_by_severity(
        [*node.findings, *(item for channel in node.channels for item in channel.findings)]
    )
    entries = node.entries
    detail = [_t(f"report.state-{node.state}", lang)]
    if node.status is not None:
        detail.append(str(node.status))
    if entries is not None:
        detail.append(escape(catalog.counted("counts.entry", entries, lang)))
    detail.append(
        _t(
            "report.counts",
            lang,
            **counted_totals(
                {
                    "errors": counts[Severity.ERROR],
                    "warnings": counts[Severity.WARNING],
                    "notes": counts[Severity.INFO],
                },
                lang,
            ),
        )
    )
    children = "".join(_node(child, lang) for child in node.children)
    nested = f"<ul>{children}</ul>" if children else ""
    status = _t("common.list-separator", lang).join(detail)  # 、 between Japanese words
    return (
        f'<li><span class="cap">{_document_name(node, lang)}</span> <span class="url">'
        f'{escape(node.url)}</span> <span class="muted">[{status}]</span>'
        f"{nested}</li>"
    )


def _document_name(node: DocumentNode, lang: str) -> str:
    """The node's kind in ``lang``; the English title (escaped) for a capability the
    catalog has no name for."""
    key = f"report.doc-{node.capability}"
    if node.capability is None or key not in catalog.area("report"):
        return escape(node.title)
    name = catalog.text(key, lang)  # our own words: nothing to escape
    return catalog.text("report.index", lang, name=name) if node.is_index else name


def _findings_section(inspection: Inspection, severity: Severity, lang: str) -> str:
    by_document: dict[str | None, list[Finding]] = {}
    for place in located_findings(inspection.result):
        if place.finding.severity is severity:
            by_document.setdefault(place.document, []).append(place.finding)
    rows = [
        _finding_row(group, document, lang)
        for document, findings in by_document.items()
        for group in _per_code(findings)
    ]
    title = severity_group(severity, lang)
    note = _t(f"report.group-{severity}-note", lang)
    count = sum(len(items) for items in by_document.values())
    head = _head(
        (
            "report.code",
            "report.document",
            "report.lines",
            "report.spec",
            "report.count",
            "report.message",
        ),
        lang,
    )
    table = f"<table>{head}{''.join(rows)}</table>" if rows else f"<p>{_t('report.none', lang)}</p>"
    return (
        f'<section class="{severity}" id="findings-{severity}">'
        f"<h2>{_t('common.counted', lang, what=title, count=count)}</h2>"
        f'<p class="muted">{note}</p>{table}</section>'
    )


def _per_code(findings: list[Finding]) -> list[FindingGroup]:
    """One group per code for one document: the findings of a resource check each carry
    their resource's URL, which must not make a row per resource."""
    groups: dict[str, list[Finding]] = {}
    for group in group_findings(findings):
        groups.setdefault(group.first.code, []).extend(group.occurrences)
    return [FindingGroup(tuple(sort_findings(items))) for items in groups.values()]


def _finding_row(group: FindingGroup, document: str | None, lang: str) -> str:
    """One code about one document: its count and lines (``data-code`` and ``data-count``
    let a reader, or a test, total the codes)."""
    item = group.first
    lines = group.lines
    shown = ", ".join(str(line) for line in lines[:LINES_SHOWN])
    if len(lines) > LINES_SHOWN:
        shown += ", …"
    place = escape(document) if document else _t("report.source-wide", lang)
    spec = escape(render_spec(item.spec, lang) or "")
    cells = (
        f"<code>{escape(item.code)}</code><br>{escape(render_title(item.code, lang))}",
        place,
        shown,
        spec,
        str(group.count),
        escape(render_message(item, lang)),
    )
    classes = ("code", "doc", "lines", "spec", "count", "message")
    tds = "".join(
        f'<td class="{name}">{cell}</td>' for name, cell in zip(classes, cells, strict=True)
    )
    return (
        f'<tr class="finding" data-code="{escape(item.code)}" data-count="{group.count}">{tds}</tr>'
    )


def _checks(inspection: Inspection, lang: str) -> str:
    codes = [place.finding.code for place in located_findings(inspection.result)]
    resources = sum(code.startswith("http.resource-") for code in codes)
    dumps = sum(code.startswith("http.dump-") for code in codes)
    lines = [
        _t("report.resources-checked", lang, count=inspection.resource_sample, found=resources)
        if inspection.resource_sample
        else _t("report.resources-not-checked", lang),
        _t("report.dumps-checked", lang, found=dumps)
        if inspection.dumps_checked
        else _t("report.dumps-not-checked", lang),
    ]
    return f"<h2>{_t('report.checks', lang)}</h2>" + "".join(f"<p>{line}</p>" for line in lines)


def _channels(inspection: Inspection, lang: str) -> str:
    channels = inspection.result.channels()
    heading = f"<h2>{_t('report.channels', lang)}</h2>"
    if not channels:
        return heading + f"<p>{_t('report.none', lang)}</p>"
    head = _head(
        (
            "report.topic",
            "report.capability",
            "report.hub",
            "report.capability-list",
            "report.findings",
        ),
        lang,
    )
    rows = "".join(
        f"<tr><td class=url>{escape(c.topic)}</td><td>{escape(c.capability or '')}</td>"
        f"<td class=url>{escape(c.hub) if c.hub else _t('report.no-hub', lang)}</td>"
        f"<td class=url>{escape(c.capability_list)}</td><td>{len(c.findings)}</td></tr>"
        for c in channels
    )
    return f"{heading}<table>{head}{rows}</table>"


def _not_applicable(inspection: Inspection, lang: str) -> str:
    if inspection.disk is None:
        return ""
    items = "".join(
        "<li>"
        + (
            _t("common.counted", lang, what=record.describe(lang), count=record.count)
            if record.count
            else escape(record.describe(lang))
        )
        + "</li>"
        for record in inspection.not_applicable
    )
    return f"<h2>{_t('report.not-applicable', lang)}</h2><ul>{items}</ul>"
