"""Findings said in the reader's language: titles, messages, severities and spec citations.

English is what a ``Finding`` already carries, word for word, so scripts and ``--json``
never change. Every other language comes from the catalog (``explorer.core.catalog``):
a title per code (the line keyed by the code) and message shapes over the finding's
``params`` (``<code>.message`` and ``<code>.message.<variant>``); a finding whose params
do not fill its shape (or that has none, e.g. one read back from JSON) is shown as the
title followed by the English detail, so nothing the English said is lost.
"""

from __future__ import annotations

from functools import cache
from string import Formatter

from explorer.core import catalog
from explorer.core.codes import CODES
from explorer.core.finding_groups import LINES_SHOWN, FindingGroup
from explorer.core.findings import Finding, Severity
from explorer.core.phrase import Phrase as Phrase
from explorer.core.phrase import as_phrase as as_phrase
from explorer.core.phrase import verbatim as verbatim
from explorer.core.rules.capabilities import display_name
from explorer.core.words.languages import ENGLISH as ENGLISH
from explorer.core.words.languages import JAPANESE as JAPANESE
from explorer.core.words.languages import LANGUAGES as LANGUAGES

_TRANSLATED_SPECS = {"framework-notification 1.0.1": "framework-notification"}
"""Specifications with an official Japanese translation, and the catalog line naming it:
citing one, the Japanese text names that translation and its section (N 項)."""


def render_title(code: str, lang: str = ENGLISH) -> str:
    """The code's title in ``lang`` (the code itself for an unregistered one)."""
    return catalog.text(code, lang) if code in CODES else code


def message_shapes(code: str, lang: str = JAPANESE) -> dict[str, str]:
    """The message shapes of ``code`` in ``lang``, by variant ('' for the plain one)."""
    prefix = f"{code}.message"
    shapes = {}
    for key, line in catalog.area(code.partition(".")[0]).items():
        if lang in line and (key == prefix or key.startswith(prefix + ".")):
            shapes[key.removeprefix(prefix).removeprefix(".")] = line[lang]
    return shapes


def said(key: str, /, **params: object) -> Phrase:
    """A ``Phrase`` whose every language is a catalog line, English included; ``params``
    may hold nested phrases, findings, lists of them and document names."""
    english = {name: _value_in(ENGLISH, name, value) for name, value in params.items()}
    return Phrase(catalog.text(key, ENGLISH, **english), key, params)


def phrase_key(key: str) -> str:
    """The catalog key of a ``Phrase`` key: a full key (its area is a catalog file, as
    ``said`` makes them), else a conformance check's ``conformance.said.<key>``."""
    if key.partition(".")[0] in catalog.areas():
        return key
    return f"conformance.said.{key}"


def render_phrase(phrase: Phrase, lang: str = ENGLISH) -> str:
    """``phrase`` in ``lang``; its English when the catalog has no fitting template."""
    if lang == ENGLISH or not phrase.key:
        return phrase.english
    key = phrase_key(phrase.key)
    if not catalog.has(key, lang):
        return phrase.english
    values = {name: _value_in(lang, name, value) for name, value in phrase.params.items()}
    try:
        return catalog.fill(catalog.template(key, lang), lang, values)
    except (KeyError, ValueError, IndexError, AttributeError, TypeError):
        return phrase.english


def render_check_title(check: str, english: str, lang: str = ENGLISH) -> str:
    """A conformance check's title in ``lang`` (``english`` when the catalog has none)."""
    key = f"conformance.check.{check}"
    return catalog.text(key, lang) if catalog.has(key, lang) else english


def render_template_title(key: str, english: str, lang: str = ENGLISH) -> str:
    """A payload template's title in ``lang``: the change notification, or a framework
    notification named by its key ``framework:<capability>:<change>``."""
    # loaded here, not at the top: an English ``validate`` of one file should start like a
    # script and never needs the payload templates
    from explorer.core.push.payload_templates import CHANGE_TEMPLATE

    if key == CHANGE_TEMPLATE:
        return catalog.text("conformance.template-change", lang)
    kind, _, rest = key.partition(":")
    capability, _, change = rest.partition(":")
    if kind != "framework" or not change:
        return english
    name = render_document_name(display_name(capability), lang)
    return catalog.text("conformance.template-framework", lang, name=name, change=change)


def render_message(item: Finding, lang: str = ENGLISH) -> str:
    """``item``'s message in ``lang``: its own English text in English."""
    if lang == ENGLISH:
        return item.message
    title = render_title(item.code, lang)
    template = message_shapes(item.code, lang).get(item.variant)
    if template is not None and item.params is not None:
        values = {key: _value_in(lang, key, value) for key, value in item.params.items()}
        values["title"] = title
        try:
            return catalog.fill(template, lang, values)
        except (KeyError, ValueError, IndexError, AttributeError, TypeError):
            pass  # params that do not fit the template: say the title and the English
    return catalog.text("common.title-and-detail", lang, title=title, detail=item.message)


_LISTED_PARAMS = frozenset(("known", "allowed", "choices", "names", "fields", "keys", "codings"))
"""Params that hold values the engine joined with ", " (kept so in ``--json``): said with
the language's own separator, 「、」 in Japanese, as a list inside a sentence is."""


def _value_in(lang: str, key: str, value: object) -> object:
    """A parameter said in ``lang``: a nested phrase or finding in its own words, a list
    of them one sentence after another, a document name (``name`` or ``*_name``), and a
    path of document names (``documents``: 'Resource List → Capability List')."""
    if isinstance(value, Phrase):
        return render_phrase(value, lang)
    if isinstance(value, Finding):
        return render_message(value, lang)
    if key == "documents" and isinstance(value, list | tuple):
        arrow = catalog.text("common.arrow", lang)
        return arrow.join(render_document_name(str(name), lang) for name in value)
    if isinstance(value, list | tuple):
        end = catalog.text("common.sentence-end", lang)
        return end.join(str(_value_in(lang, key, part)).rstrip("。") for part in value)
    if key in _LISTED_PARAMS and isinstance(value, str):
        return value.replace(", ", catalog.text("common.list-separator", lang))
    if key.endswith("name") and isinstance(value, str):
        return render_document_name(value, lang)
    return value


def render_document_name(name: str, lang: str = ENGLISH) -> str:
    """A document kind as the core names it ('Change List Index', from ``display_name``)
    in ``lang``; a name the catalog does not know stays as it is."""
    known = _document_names().get(name)
    if lang == ENGLISH or known is None:
        return name
    key, indexed = known
    word = catalog.text(key, lang)
    return catalog.text("documents.index", lang, name=word) if indexed else word


@cache
def _document_names() -> dict[str, tuple[str, bool]]:
    """Each English document name, plain and as an index, to its catalog key."""
    names = {}
    for key, line in catalog.area("documents").items():
        if key != "documents.index":
            names[line[ENGLISH]] = (key, False)
            names[catalog.text("documents.index", name=line[ENGLISH])] = (key, True)
    return names


def render_severity(severity: Severity, lang: str = ENGLISH) -> str:
    return catalog.text(f"common.severity-{severity}", lang)


def render_spec(spec: str | None, lang: str = ENGLISH) -> str | None:
    """``spec`` as cited in ``lang``: in Japanese a table is 表, and a section of a
    specification with an official Japanese translation names that translation's 項."""
    if spec is None or lang == ENGLISH:
        return spec
    if spec == catalog.text("finding_codes.sitemaps-loc"):  # a citation said as a whole
        return catalog.text("finding_codes.sitemaps-loc", lang)
    cited = spec.replace(" Table ", " " + catalog.text("common.table", lang) + " ")
    cited = cited.replace(" Appendix ", " " + catalog.text("common.appendix", lang) + " ")
    for english, name in _TRANSLATED_SPECS.items():
        if spec.startswith(english):
            section = spec.removeprefix(english).split()[0].lstrip("§") if "§" in spec else ""
            note = f"common.translated-{name}" + ("-section" if section else "")
            return catalog.text(note, lang, spec=cited, section=section)
    return cited


def has_translation(spec: str) -> bool:
    """Whether ``spec`` is a specification with an official Japanese translation."""
    return spec.startswith(tuple(_TRANSLATED_SPECS))


def render_cited(spec: str | None, lang: str = ENGLISH) -> str:
    """`` (spec)`` after a message, in the brackets of ``lang``; '' without a spec."""
    cited = render_spec(spec, lang)
    return catalog.text("common.cited", lang, spec=cited) if cited else ""


def render_occurrences(group: FindingGroup, lang: str = ENGLISH) -> str:
    """'' for one finding; else how many and at which lines, e.g. '996 件（5、9、… 行目）'."""
    if lang == ENGLISH:
        return group.lines_text()
    if group.count == 1:
        return ""
    lines = group.lines
    if not lines:
        return catalog.text("common.occurrences", lang, count=group.count)
    listed = catalog.text("common.list-separator", lang).join(map(str, lines[:LINES_SHOWN]))
    more = catalog.text("common.list-more", lang) if len(lines) > LINES_SHOWN else ""
    return catalog.text("common.occurrences-at", lang, count=group.count, lines=listed + more)


def template_fields(template: str) -> set[str]:
    """The names a template's placeholders read (``{count:,}`` reads ``count``)."""
    names = set()
    for _, name, _, _ in Formatter().parse(template):
        if name:
            names.add(name.split(".", 1)[0].split("[", 1)[0])
    return names


def finding_words(item: Finding) -> Phrase:
    """A finding's message as a phrase (its message shape over its params), for words
    that are one finding's message, such as a rejected delivery's reason; a finding
    without params is its English, verbatim."""
    if item.params is None:
        return verbatim(item.message)
    key = f"{item.code}.message" + (f".{item.variant}" if item.variant else "")
    return Phrase(item.message, key, item.params)
