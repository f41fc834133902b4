"""Japanese uses the words of the official translation of Framework Notification 1.0.1.

The window's translations, the engine and command-line catalog, the command line's code
and the Japanese guide say 機能リスト, 変更リスト, 変更ダンプ, ソースの記述, チャンネル and
検出 (see explorer/ui/translations/GLOSSARY.md), never the transliterations below, and
one word for each idea: once two words name one thing (購読 beside サブスクライブ, 変化
beside 変更), a reader takes them for two things. The punctuation rule of the glossary
(full-width （） around Japanese) is held here too, since ASCII brackets beside Japanese
are what a translator types without noticing.
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
    # the glossary writes document names without the official nakaguro
    "リソース・リスト",
    "リソース・ダンプ",
    "・インデックス",
    # one word for an idea that has its glossary word
    "購読",  # サブスクライブ, サブスクリプション
    "告知",  # 変更リストに記載のない変更
    "資格情報",  # 認証情報
    "変化",  # 変更
    "文書",  # ドキュメント
    "エントリー",  # エントリ
    "エクスプローラー",  # the app is ResourceSync Explorer or 本ツール, not Windows Explorer
    "として配信",  # served as: として返される
    "ディスク上では適用",  # ディスク上では対象外
    "ディスク上では該当",
    "同期済み",  # 同期しています / 同期していません
    "未同期",
    "作成予定",  # 作成が必要
    "確認待ち",  # a hub's verification of intent is 検証, never bare 確認
    "トピックの URL",  # トピック URI
    "ハブの URL",  # ハブ URI
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


JAPANESE = "\u3000-\u30ff\u3400-\u9fff\uff01-\uff07\uff0a-\uffef"
# ASCII brackets that are syntax, not punctuation: a menu's access key (ファイル(&F)), a
# file dialog's patterns (Qt reads 「証明書 (*.pem)」 by its brackets) and http(s).
SYNTAX_BRACKETS = re.compile(r"\((?:&(?:amp;)?\w|\*[^()]*)\)|(?<=[A-Za-z])\([A-Za-z]\)")
ASCII_BRACKET_BY_JAPANESE = re.compile(
    rf"[{JAPANESE}] *\(|\) *[{JAPANESE}]|\([^()]*[{JAPANESE}][^()]*\)"
)


def japanese_catalog_texts() -> list[tuple[str, str]]:
    found = []
    for area in sorted((ROOT / "explorer/core/catalog").glob("*.toml")):
        for key, line in tomllib.loads(area.read_text(encoding="utf-8")).items():
            if "ja" in line:
                found.append((f"{area.name} {key}", str(line["ja"])))
    return found


@pytest.mark.parametrize("texts", [window_texts, japanese_catalog_texts], ids=lambda f: f.__name__)
def test_no_ascii_brackets_beside_japanese(texts) -> None:
    """「必須（10）」, not 「必須 (10)」; only brackets that are syntax stay ASCII."""
    said = texts()
    assert said, "nothing was read"
    found = [
        f"{where}: {text!r}"
        for where, text in said
        if ASCII_BRACKET_BY_JAPANESE.search(SYNTAX_BRACKETS.sub("", text))
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    "text",
    ["必須 (10)", "A(前)", "検証(意思確認)", "。 (core 1.1 §9)", "(spec) 未実施"],
)
def test_the_bracket_rule_catches_what_the_review_found(text: str) -> None:
    assert ASCII_BRACKET_BY_JAPANESE.search(text)


@pytest.mark.parametrize(
    "text",
    [
        "必須（10）",
        "ファイル(&F)",
        "証明書 (*.pem *.crt)",
        "http(s) の URL",
        "GET (304)",
        "hub.mode=subscribe (WebSub §5.1)",
    ],
)
def test_the_bracket_rule_lets_ascii_and_full_width_be(text: str) -> None:
    assert not ASCII_BRACKET_BY_JAPANESE.search(SYNTAX_BRACKETS.sub("", text))
