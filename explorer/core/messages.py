"""Findings said in the reader's language: titles, messages, severities and spec citations.

English is what a ``Finding`` already carries, word for word, so scripts and ``--json``
never change. For Japanese, the catalog in ``explorer.core.codes.ja`` gives a title per
code and message templates over the finding's ``params``; a finding whose params do not
fill its template (or that has none, e.g. one read back from JSON) is shown as the
Japanese title followed by the English detail, so nothing the English said is lost.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from string import Formatter

from explorer.core.codes import CODES
from explorer.core.finding_groups import LINES_SHOWN, FindingGroup
from explorer.core.findings import Finding, Severity
from explorer.core.languages import ENGLISH as ENGLISH
from explorer.core.languages import JAPANESE as JAPANESE
from explorer.core.languages import LANGUAGES as LANGUAGES
from explorer.core.rules.capabilities import display_name

# The Japanese catalog and the payload templates load where Japanese is said (a function-
# level import): an English ``validate`` of one file should start like a script.

_SEVERITY_JA = {Severity.ERROR: "エラー", Severity.WARNING: "警告", Severity.INFO: "情報"}

JAPANESE_TRANSLATION_NOTE = "日本語訳あり"
_TRANSLATED_SPECS = ("framework-notification 1.0.1",)
"""Specifications with an official Japanese translation: citing one, the Japanese text
names that translation beside the section."""


def render_title(code: str, lang: str = ENGLISH) -> str:
    """The code's title in ``lang`` (the English registry title when there is none)."""
    if lang == JAPANESE:
        from explorer.core.codes import ja as catalog_ja

        if code in catalog_ja.TITLES:
            return catalog_ja.TITLES[code]
    info = CODES.get(code)
    return info.title if info is not None else code


@dataclass(frozen=True, slots=True)
class Phrase:
    """Text the engine says in English (``str()`` gives it, so f-strings stay as they were)
    and that other languages say through the catalog's ``PHRASES[key]`` over ``params``:
    for words that are not a finding, such as a conformance check's summary."""

    english: str
    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.english


def render_phrase(phrase: Phrase, lang: str = ENGLISH) -> str:
    """``phrase`` in ``lang``; its English when the catalog has no fitting template."""
    if lang != JAPANESE:
        return phrase.english
    from explorer.core.codes import ja as catalog_ja

    template = catalog_ja.PHRASES.get(phrase.key)
    if template is None:
        return phrase.english
    values = {key: _japanese_value(key, value) for key, value in phrase.params.items()}
    try:
        return template.format_map(values)
    except (KeyError, ValueError, IndexError, AttributeError, TypeError):
        return phrase.english


def render_check_title(check: str, english: str, lang: str = ENGLISH) -> str:
    """A conformance check's title in ``lang`` (``english`` when the catalog has none)."""
    if lang == JAPANESE:
        from explorer.core.codes import ja as catalog_ja

        return catalog_ja.CHECK_TITLES.get(check, english)
    return english


def render_template_title(key: str, english: str, lang: str = ENGLISH) -> str:
    """A payload template's title in ``lang``: the change notification, or a framework
    notification named by its key ``framework:<capability>:<change>``."""
    if lang != JAPANESE:
        return english
    from explorer.core.codes import ja as catalog_ja
    from explorer.core.payload_templates import CHANGE_TEMPLATE

    if key == CHANGE_TEMPLATE:
        return catalog_ja.CHANGE_TEMPLATE_TITLE
    kind, _, rest = key.partition(":")
    capability, _, change = rest.partition(":")
    if kind != "framework" or not change:
        return english
    name = _japanese_value("name", display_name(capability))
    return catalog_ja.FRAMEWORK_TEMPLATE_TITLE.format(name=name, change=change)


def render_message(item: Finding, lang: str = ENGLISH) -> str:
    """``item``'s message in ``lang``: its own English text unless ``lang`` is Japanese."""
    if lang != JAPANESE:
        return item.message
    from explorer.core.codes import ja as catalog_ja

    title = render_title(item.code, lang)
    template = catalog_ja.TEMPLATES.get(item.code, {}).get(item.variant)
    if template is not None and item.params is not None:
        values = {key: _japanese_value(key, value) for key, value in item.params.items()}
        values["title"] = title
        try:
            return template.format_map(values)
        except (KeyError, ValueError, IndexError, AttributeError, TypeError):
            pass  # params that do not fit the template: say the title and the English
    return f"{title}。{item.message}"


def _japanese_value(key: str, value: object) -> object:
    """A parameter said in Japanese: a nested phrase or finding in its own Japanese, a list
    of them one after another, a document name (``name`` or ``*_name``) by the catalog."""
    if isinstance(value, Phrase):
        return render_phrase(value, JAPANESE)
    if isinstance(value, Finding):
        return render_message(value, JAPANESE)
    if isinstance(value, list | tuple):
        return "；".join(str(_japanese_value(key, part)).rstrip("。") for part in value)
    if not key.endswith("name") or not isinstance(value, str):
        return value
    from explorer.core.codes import ja as catalog_ja

    base, index = (value[: -len(" Index")], True) if value.endswith(" Index") else (value, False)
    japanese = catalog_ja.DOCUMENT_NAMES.get(base)
    if japanese is None:
        return value
    return f"{japanese}インデックス" if index else japanese


def render_severity(severity: Severity, lang: str = ENGLISH) -> str:
    return _SEVERITY_JA[severity] if lang == JAPANESE else str(severity)


def render_spec(spec: str | None, lang: str = ENGLISH) -> str | None:
    """``spec`` as cited in ``lang``: in Japanese, a section of a specification that has
    an official Japanese translation says so beside it."""
    if spec is None or lang != JAPANESE:
        return spec
    if spec.startswith(_TRANSLATED_SPECS):
        return f"{spec}（{JAPANESE_TRANSLATION_NOTE}）"
    return spec


def render_occurrences(group: FindingGroup, lang: str = ENGLISH) -> str:
    """'' for one finding; else how many and at which lines, e.g. '996 件（行 5, 9, …）'."""
    if lang != JAPANESE:
        return group.lines_text()
    if group.count == 1:
        return ""
    lines = group.lines
    listed = ", ".join(str(line) for line in lines[:LINES_SHOWN])
    more = ", …" if len(lines) > LINES_SHOWN else ""
    return f"{group.count:,} 件（行 {listed}{more}）" if lines else f"{group.count:,} 件"


def template_fields(template: str) -> set[str]:
    """The names a template's placeholders read (``{count:,}`` reads ``count``)."""
    names = set()
    for _, name, _, _ in Formatter().parse(template):
        if name:
            names.add(name.split(".", 1)[0].split("[", 1)[0])
    return names
