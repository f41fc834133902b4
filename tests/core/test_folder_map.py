"""URL_PREFIX=DIR mappings: one reading and one refusal for --map and the window's text box."""

from __future__ import annotations

import pytest

from explorer.core.harvest.folder_map import MappingError, parse_mapping, parse_mappings


def test_lines_are_read_in_order_blank_lines_skipped_and_spaces_stripped() -> None:
    text = " https://x.org/a/ = /srv/a \n\n\thttp://x.org/b=/srv/b=c\n"
    assert parse_mappings(text) == [("https://x.org/a/", "/srv/a"), ("http://x.org/b", "/srv/b=c")]


@pytest.mark.parametrize(
    "line", ["https://x.org/a/", "ftp://x.org/=/srv", "/srv/a=https://x.org/", "https://x.org/="]
)
def test_a_line_that_is_not_a_mapping_is_said_in_both_languages(line: str) -> None:
    with pytest.raises(MappingError) as caught:
        parse_mappings(f"https://x.org/ok/=/srv/ok\n{line}\n")
    assert caught.value.params == {"value": line}
    assert "URL_PREFIX=DIR" in caught.value.describe("en")
    assert "の形ではありません" in caught.value.describe("ja")


def test_one_mapping_as_the_command_line_gives_it() -> None:
    assert parse_mapping("https://x.org/=./copy") == ("https://x.org/", "./copy")
