"""The catalog is whole: every line in every language, with the same placeholders."""

from __future__ import annotations

import pytest

from explorer.core import catalog
from explorer.core.codes import CODES


def all_lines() -> list[tuple[str, dict[str, str]]]:
    return [(key, line) for name in catalog.areas() for key, line in catalog.area(name).items()]


def test_every_key_lives_in_the_file_of_its_area() -> None:
    for name in catalog.areas():
        for key in catalog.area(name):
            assert key.partition(".")[0] == name, key


def is_translation(key: str) -> bool:
    """A line whose English is said where the engine says it, because it is part of the
    JSON byte for byte: a finding's message shapes (``<code>.message[.<variant>]``) and
    what a conformance check said (``conformance.said.*``); and the demo's faults
    (``demo.fault-*``), whose English the demo and Qt's ``DemoFaults`` share. Those carry
    only the other languages; every other line carries every language."""
    code, dot, rest = key.partition(".message")
    if dot and code in CODES and (rest == "" or rest.startswith(".")):
        return True
    return key.startswith(("conformance.said.", "demo.fault-"))


@pytest.mark.parametrize("lang", catalog.LANGUAGES)
def test_every_line_has_every_language(lang: str) -> None:
    missing = [
        key
        for key, line in all_lines()
        if not line.get(lang, "").strip() and not (lang == catalog.ENGLISH and is_translation(key))
    ]
    assert missing == []


def test_every_finding_code_has_a_title_in_every_language() -> None:
    for code in CODES:
        for lang in catalog.LANGUAGES:
            assert catalog.has(code, lang), f"{code} has no {lang} title"


def test_languages_use_the_same_placeholders() -> None:
    """Every language reads the same params, but for those a line lists as ``optional``
    (a language may leave them out: English keeps a finding's title out of hub-check's
    lines, which scripts read)."""
    differing = []
    for key, line in all_lines():
        optional = set(line.get("optional", ()))
        said = [line[lang] for lang in catalog.LANGUAGES if lang in line]
        if len({frozenset(catalog.placeholders(value) - optional) for value in said}) > 1:
            differing.append(key)
    assert differing == []


def test_text_fills_placeholders_and_falls_back_to_english_for_unknown_languages() -> None:
    assert catalog.text("common.yes", "ja") == "はい"
    assert catalog.text("common.yes", "fr") == "yes"


def test_an_unknown_key_is_a_catalog_error() -> None:
    with pytest.raises(catalog.CatalogError):
        catalog.text("common.no-such-line")
    with pytest.raises(catalog.CatalogError):
        catalog.text("no-such-area.line")


def test_saying_many_nested_phrases_lists_the_catalog_folder_at_most_once() -> None:
    """``phrase_key`` asks which areas exist for every nested phrase said in another
    language; ``compare`` says one phrase per unannounced change (7,000 for a million
    entries), and listing the folder for each was a fifth of its time at 200,000."""
    from unittest import mock

    from explorer.core.words.messages import render_phrase, said

    phrases = [said("snapshot.either", first="updated", second=str(n)) for n in range(50)]
    catalog.areas.cache_clear()
    with mock.patch.object(catalog.os, "listdir", wraps=catalog.os.listdir) as listed:
        for phrase in phrases:
            render_phrase(phrase, catalog.JAPANESE)
            render_phrase(phrase, catalog.ENGLISH)
    assert listed.call_count == 1
    assert "snapshot" in catalog.areas() and "core" not in catalog.areas()
