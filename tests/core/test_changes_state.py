"""ResourceState: fed by Resource Lists, Change Lists and notifications, never rolled back."""

from __future__ import annotations

from explorer.core.changes import Provenance, ResourceState
from explorer.core.parser import parse_document

HEAD = (
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/">'
)


def document(capability: str, *entries: str, md: str = "") -> bytes:
    return (
        f'{HEAD}<rs:md capability="{capability}" {md}/>' + "".join(entries) + "</urlset>"
    ).encode()


def url(loc: str, md: str = "", lastmod: str | None = None) -> str:
    stamp = f"<lastmod>{lastmod}</lastmod>" if lastmod else ""
    return f"<url><loc>{loc}</loc>{stamp}<rs:md {md}/></url>"


LIST = Provenance("http://example.com/resourcelist.xml", "resourcelist", "2024-01-01T00:00:00Z")
CHANGES = Provenance("http://example.com/changelist.xml", "changelist", "2024-01-02T00:00:00Z")


def test_resource_list_sets_metadata_with_provenance_and_baseline() -> None:
    state = ResourceState("http://example.com/capabilitylist.xml")
    doc = parse_document(
        document(
            "resourcelist",
            url(
                "http://example.com/a",
                'hash="md5:aa" length="10" type="text/plain"',
                "2024-01-01T00:00:00Z",
            ),
            url("http://example.com/b", 'length="20"'),
            md='at="2024-01-01T00:00:00Z"',
        )
    )
    assert state.load_document(doc, LIST) == 2
    record = state.get("http://example.com/a")
    assert record is not None
    assert record.metadata == {
        "hash": "md5:aa",
        "length": "10",
        "type": "text/plain",
        "lastmod": "2024-01-01T00:00:00Z",
    }
    assert record.change is None
    assert record.provenance == LIST
    assert state.baseline
    assert len(state) == 2 and "http://example.com/b" in state


def test_change_list_is_applied_in_order_and_deletion_keeps_last_metadata() -> None:
    state = ResourceState()
    doc = parse_document(
        document(
            "changelist",
            url(
                "http://example.com/a",
                'change="created" datetime="2024-01-01T00:00:00Z" hash="md5:aa" length="10"',
            ),
            url(
                "http://example.com/a",
                'change="updated" datetime="2024-01-02T00:00:00Z" hash="md5:bb" length="11"',
            ),
            url("http://example.com/a", 'change="deleted" datetime="2024-01-03T00:00:00Z"'),
            md='from="2024-01-01T00:00:00Z"',
        )
    )
    assert state.load_document(doc, CHANGES) == 3
    record = state.get("http://example.com/a")
    assert record is not None and record.deleted
    assert record.metadata["hash"] == "md5:bb"
    assert record.metadata["datetime"] == "2024-01-03T00:00:00Z"
    assert not state.baseline  # a Change List is not a complete inventory


def test_an_older_list_does_not_roll_the_state_back() -> None:
    state = ResourceState()
    newer = parse_document(
        document(
            "changelist",
            url(
                "http://example.com/a",
                'change="updated" datetime="2024-02-01T00:00:00Z" hash="md5:new"',
            ),
        )
    )
    older = parse_document(
        document(
            "resourcelist", url("http://example.com/a", 'hash="md5:old"', "2024-01-01T00:00:00Z")
        )
    )
    state.load_document(newer, CHANGES)
    assert state.load_document(older, LIST) == 0
    assert state.get("http://example.com/a").metadata["hash"] == "md5:new"  # type: ignore[union-attr]


def test_entries_without_loc_or_with_unknown_change_are_skipped() -> None:
    state = ResourceState()
    doc = parse_document(
        document(
            "changelist",
            '<url><rs:md change="updated"/></url>',
            url("http://example.com/a", 'change="renamed"'),
        )
    )
    assert state.load_document(doc, CHANGES) == 0
    assert len(state) == 0


def test_record_to_json_names_its_source() -> None:
    state = ResourceState()
    record = state.record("http://example.com/a", {"length": "1"}, "created", CHANGES)
    assert record.to_json() == {
        "loc": "http://example.com/a",
        "metadata": {"length": "1"},
        "change": "created",
        "provenance": {"url": CHANGES.url, "kind": "changelist", "received": CHANGES.received},
    }
