"""Japanese uses the words of the official translation of Framework Notification 1.0.1.

The window's translations, the engine and command-line catalog, the command line's code
and the Japanese guide say 機能リスト, 変更リスト, 変更ダンプ, ソースの記述, チャンネル and
検出 (see explorer/ui/translations/GLOSSARY.md), never the transliterations below.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = (
    "ケイパビリティ",
    "チェンジリスト",
    "チェンジダンプ",
    "ソースディスクリプション",
    "チャネル",
    "ディスカバリー",
)
TRANSLATION = re.compile(r"<(?:translation|numerusform)[^>]*>(.*?)</(?:translation|numerusform)>")


def window_texts() -> list[tuple[str, str]]:
    ts = ROOT / "explorer/ui/translations/explorer_ja.ts"
    text = ts.read_text(encoding="utf-8")
    return [(f"{ts.name}: {said}", said) for said in TRANSLATION.findall(text)]


def catalog_texts() -> list[tuple[str, str]]:
    found = []
    for area in sorted((ROOT / "explorer/core/catalog").glob("*.toml")):
        for key, line in tomllib.loads(area.read_text(encoding="utf-8")).items():
            found += [(f"{area.name} {key}", str(value)) for value in line.values()]
    return found


def command_line_texts() -> list[tuple[str, str]]:
    return [
        (str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"))
        for path in sorted((ROOT / "explorer/cli").glob("*.py"))
    ]


def guide_texts() -> list[tuple[str, str]]:
    guide = ROOT / "docs/user-guide.ja.md"
    return [(guide.name, guide.read_text(encoding="utf-8"))]


@pytest.mark.parametrize(
    "texts",
    [window_texts, catalog_texts, command_line_texts, guide_texts],
    ids=lambda f: f.__name__,
)
def test_no_transliteration_the_official_translation_does_not_use(texts) -> None:
    said = texts()
    assert said, "nothing was read"
    found = [f"{where}: {word}" for where, text in said for word in FORBIDDEN if word in text]
    assert not found, "\n".join(found)
