"""Document names glossed with their English, as the official Japanese translation of
Framework Notification 1.0.1 does once per text: 「機能リスト（Capability List）」.

People who read the specifications in English, or who meet the English names in other
tools (WEKO3 keeps "Resource List" in English), can then match the two vocabularies. In
English there is nothing to gloss.
"""

from __future__ import annotations

import re
from functools import cache

from explorer.core import catalog
from explorer.core.words.messages import ENGLISH

_NOT_NAMES = frozenset({"documents.index", "documents.document"})
"""Catalog lines of the documents area that are not a document's name."""


def glossed_name(name: str, lang: str = ENGLISH) -> str:
    """``name`` (a document name in ``lang``) followed by its English in brackets."""
    english = _names(lang).get(name)
    if lang == ENGLISH or english is None:
        return name
    return catalog.text("glosses.document", lang, name=name, english=english)


def gloss_document_names(text: str, lang: str = ENGLISH) -> str:
    """``text`` with the first mention of each document name glossed with its English."""
    names = _names(lang)
    if lang == ENGLISH or not names:
        return text
    seen: set[str] = set()

    def gloss(found: re.Match[str]) -> str:
        name = found.group(0)
        if name in seen:
            return name
        seen.add(name)
        return glossed_name(name, lang)

    return _pattern(lang).sub(gloss, text)


@cache
def _names(lang: str) -> dict[str, str]:
    """Each document name in ``lang``, plain and as an index, to its English."""
    names = {}
    for key, line in catalog.area("documents").items():
        if key in _NOT_NAMES or lang not in line:
            continue
        names[line[lang]] = line[ENGLISH]
        indexed = catalog.text("documents.index", lang, name=line[lang])
        names[indexed] = catalog.text("documents.index", ENGLISH, name=line[ENGLISH])
    return names


@cache
def _pattern(lang: str) -> re.Pattern[str]:
    """The names of ``lang``, longest first, so 変更リストインデックス wins over 変更リスト."""
    ordered = sorted(_names(lang), key=len, reverse=True)
    return re.compile("|".join(map(re.escape, ordered)))
