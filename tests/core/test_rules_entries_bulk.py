"""The entries rule's list-at-once path (``entries._plain_columns``): a list whose loop
would find nothing per entry gives the same findings, lines and order through ``map`` as
through the loop, and any list with something for the loop to see goes through the loop."""

from __future__ import annotations

import pytest

from explorer.core.parser import parse_document
from explorer.core.rules import entries
from explorer.core.validator import validate_document

HEAD = (
    '<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
    ' xmlns:rs="http://www.openarchives.org/rs/terms/">\n'
    '<rs:md capability="resourcelist" at="2020-01-01T00:00:00Z"/>\n'
)
ROW = "<url><loc>{loc}</loc><lastmod>{lastmod}</lastmod><rs:md {md}/></url>\n"


def _list(count: int, odd: dict[int, dict[str, str]] | None = None) -> bytes:
    rows = []
    for i in range(count):
        values = {
            "loc": f"https://e.org/r/{i}",
            "lastmod": "2020-01-01T00:00:00Z",
            "md": f'length="{i}" type="text/plain" hash="md5:{i:032x}"',
        }
        values.update((odd or {}).get(i, {}))
        rows.append(ROW.format(**values))
    return (HEAD + "".join(rows) + "</urlset>\n").encode()


ODD = {
    "bad values": {
        7: {"lastmod": "yesterday"},
        90: {"md": 'length="12a" type="text/plain" hash="md5:1"'},
        400: {"md": 'length="3" type="not a type" hash="md5:00"'},
    },
    "a plain list": {},
    "a loc too long": {5: {"loc": "https://e.org/" + "x" * 2100}},
    "a loc at the edge": {5: {"loc": "https://e.org/" + "x" * 2034}},
    "a loc not http": {5: {"loc": "ftp://e.org/5"}, 6: {"loc": "HTTP://e.org/6"}},
    "a loc with a line break": {
        # each line within the length, the loc not
        5: {"loc": "https://e.org/" + "x" * 1500 + "&#10;https://e.org/" + "y" * 1500}
    },
    "an empty loc": {5: {"loc": ""}},
    "another layout": {5: {"md": 'type="text/plain" length="5" hash="md5:00"'}},
    "a change on a resource list": {5: {"md": 'length="5" change="created"'}},
}


@pytest.mark.parametrize("case", sorted(ODD))
def test_the_list_at_once_reads_as_the_loop(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    document = parse_document(_list(600, ODD[case]))
    at_once = validate_document(document)
    with monkeypatch.context() as patched:
        patched.setattr(entries, "_plain_columns", lambda _entries: None)
        looped = validate_document(document)
    assert at_once == looped
    if case == "bad values":
        codes = {item.code for item in at_once}
        assert {"document.lastmod-invalid", "document.length-invalid"} <= codes


def test_a_plain_list_goes_through_no_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted, not timed: the columns are read at once for a plain list, not for one with
    a loc the loop must look at."""
    taken: list[bool] = []
    columns = entries._plain_columns

    def spied(read: list) -> object:
        found = columns(read)
        taken.append(found is not None)
        return found

    monkeypatch.setattr(entries, "_plain_columns", spied)
    validate_document(parse_document(_list(600)))
    validate_document(parse_document(_list(600, ODD["a loc too long"])))
    assert taken == [True, False]
