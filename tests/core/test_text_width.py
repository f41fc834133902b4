"""Terminal columns: a kanji or kana takes two, and lines break between them."""

from __future__ import annotations

from explorer.core.words.text_width import display_width, pad, widest, wrap


def test_wide_characters_take_two_columns_and_marks_none() -> None:
    assert display_width("abc") == 3
    assert display_width("検証済み") == 8
    assert display_width("（）") == 4  # full-width brackets
    assert display_width("e\u0301") == 1  # a combining accent adds nothing


def test_pad_fills_to_columns_not_characters() -> None:
    assert pad("不合格", 7) == "不合格 "
    assert pad("PASS", 7) == "PASS   "
    assert pad("サブスクライブ要求", 4) == "サブスクライブ要求"  # never cut
    assert widest(["合格", "NOT RUN"], 3) == 7
    assert widest([], 5) == 5


def test_japanese_wraps_between_characters_within_the_width() -> None:
    text = "SECONDS 秒ごとに、機能リストの変更リストを受信した通知と照合します（core 1.1 §12.1）"
    lines = wrap(text, 24)
    assert all(display_width(line) <= 24 for line in lines), lines
    assert lines[0].startswith("SECONDS 秒ごとに")  # not pushed to a line of its own
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_no_line_starts_with_closing_punctuation() -> None:
    for width in range(6, 30):
        for line in wrap("ハブ、トピック。コールバック（URL）「値」、サブスクリプション", width):
            assert line[0] not in "、。）」", (width, line)
            assert line[-1] not in "（「", (width, line)


def test_english_wraps_at_spaces_and_a_long_url_keeps_its_line() -> None:
    assert wrap("the quick  brown\nfox", 9) == ["the quick", "brown fox"]
    url = "https://example.org/a/very/long/path"
    assert wrap(f"see {url} now", 10) == ["see", url, "now"]
