from explorer.core.visible_text import make_visible


def test_bidi_override_is_shown_as_its_escape() -> None:
    assert make_visible("invoice\u202efdp.exe") == "invoice\\u202efdp.exe"


def test_zero_width_isolates_controls_and_separators_are_shown() -> None:
    text = "a\u200bb\u2066c\u2069d\x1b[2Je\x9bf\x7fg\u2028h\ufeff"
    assert make_visible(text) == ("a\\u200bb\\u2066c\\u2069d\\x1b[2Je\\x9bf\\x7fg\\u2028h\\ufeff")


def test_line_breaks_kept_only_when_asked() -> None:
    assert make_visible("a\nb\tc", keep="\n\t") == "a\nb\tc"
    assert make_visible("a\nb") == "a\\x0ab"


def test_ordinary_text_of_any_script_is_unchanged() -> None:
    text = "https://example.org/資料/über naïve\u00a0x"
    assert make_visible(text) == text
