"""Change notification entries diffed against the resource state; each anomaly a finding."""

from __future__ import annotations

import pytest

from explorer.core.changes import Provenance, ResourceState, apply_notification, diff_entry
from explorer.core.changes.entry_diff import same_hash
from explorer.core.findings import Severity
from explorer.core.model import Document, Entry
from explorer.core.parser import parse_document

A = "http://example.com/a"
SEEN = Provenance("http://example.com/resourcelist.xml", "resourcelist", "2024-01-01T00:00:00Z")
NOTE = Provenance("http://example.com/notifications", "change-notification", "2024-01-05T00:00:00Z")


def entry(change: str, **md: str) -> Entry:
    return Entry(loc=A, md={"change": change, **md}, line=7)


def known(change: str | None = None, **metadata: str) -> ResourceState:
    state = ResourceState()
    state.record(A, metadata, change, SEEN)
    return state


def codes(state: ResourceState, item: Entry) -> list[str]:
    diff = diff_entry(state.get(A), item, url=NOTE.url, baseline=state.baseline)
    assert diff is not None
    return [f.code for f in diff.findings]


def test_created_carries_the_new_metadata() -> None:
    diff = diff_entry(
        None, entry("created", hash="md5:aa", length="5", datetime="2024-01-02T00:00:00Z")
    )
    assert diff is not None
    assert diff.before is None
    assert diff.after == {"hash": "md5:aa", "length": "5", "datetime": "2024-01-02T00:00:00Z"}
    assert diff.changed == () and diff.findings == ()


def test_updated_lists_each_changed_field_old_to_new() -> None:
    state = known(hash="md5:aa", length="5", type="text/plain", datetime="2024-01-01T00:00:00Z")
    diff = diff_entry(
        state.get(A),
        entry(
            "updated", hash="md5:bb", length="6", type="text/plain", datetime="2024-01-02T00:00:00Z"
        ),
    )
    assert diff is not None
    assert diff.changed == ("hash", "length")
    assert diff.before["hash"] == "md5:aa" and diff.after["hash"] == "md5:bb"  # type: ignore[index]
    assert diff.findings == ()
    assert diff.to_json() == {
        "loc": A,
        "change": "updated",
        "before": {
            "hash": "md5:aa",
            "length": "5",
            "type": "text/plain",
            "datetime": "2024-01-01T00:00:00Z",
        },
        "after": {
            "hash": "md5:bb",
            "length": "6",
            "type": "text/plain",
            "datetime": "2024-01-02T00:00:00Z",
        },
        "changed": ["hash", "length"],
        "known_from": SEEN.to_json(),
    }


def test_deleted_shows_the_last_known_metadata() -> None:
    state = known(hash="md5:aa", length="5")
    diff = diff_entry(state.get(A), entry("deleted", datetime="2024-01-02T00:00:00Z"))
    assert diff is not None
    assert diff.before == {"hash": "md5:aa", "length": "5"}
    assert diff.changed == () and diff.findings == ()


def test_a_field_left_out_is_not_a_change() -> None:
    state = known(hash="md5:aa", length="5")
    diff = diff_entry(state.get(A), entry("updated", length="9"))
    assert diff is not None and diff.changed == ("length",)


@pytest.mark.parametrize(
    "change, code",
    [
        ("updated", "changes.update-unknown-resource"),
        ("deleted", "changes.delete-unknown-resource"),
    ],
)
def test_update_or_delete_of_a_never_seen_resource(change: str, code: str) -> None:
    read_the_list = ResourceState()
    read_the_list.baseline = True
    assert codes(read_the_list, entry(change)) == [code]
    assert codes(known(length="1"), entry(change, length="2")) == []


def test_never_seen_is_a_warning_once_a_full_resource_list_was_read() -> None:
    item = diff_entry(None, entry("updated"), baseline=True)
    assert item is not None and item.findings[0].severity == Severity.WARNING


@pytest.mark.parametrize("change", ["updated", "deleted"])
def test_unknown_is_not_said_before_any_resource_list_was_read(change: str) -> None:
    """Listening on a topic URL, or after a restart, the list was simply not read: an
    entry about a resource the state lacks is not news, and saying so would be noise."""
    item = diff_entry(None, entry(change), baseline=False)
    assert item is not None and item.findings == ()


def test_created_for_a_resource_known_and_not_deleted() -> None:
    assert codes(known(length="1"), entry("created")) == ["changes.create-known-resource"]
    assert codes(known("deleted", length="1"), entry("created")) == []
    assert codes(ResourceState(), entry("created")) == []


def test_datetime_older_than_the_last_known_change() -> None:
    state = known("updated", datetime="2024-01-03T00:00:00Z")
    assert codes(state, entry("updated", datetime="2024-01-02T23:59:59Z", length="1")) == [
        "changes.out-of-order"
    ]
    assert codes(state, entry("updated", datetime="2024-01-03T00:00:00Z", length="1")) == []
    # time zones are compared as instants: 01:00+02:00 is 23:00Z the day before
    assert codes(state, entry("updated", datetime="2024-01-03T01:00:00+02:00")) == [
        "changes.out-of-order"
    ]


def test_lastmod_from_a_resource_list_also_dates_the_known_state() -> None:
    state = known(lastmod="2024-01-03T00:00:00Z")
    assert codes(state, entry("updated", datetime="2024-01-01T00:00:00Z", length="3")) == [
        "changes.out-of-order"
    ]


def test_updated_with_the_same_hash_and_length() -> None:
    state = known(hash="md5:AA", length="5")
    assert codes(state, entry("updated", hash="md5:aa", length="5")) == [
        "changes.update-without-change"
    ]
    assert codes(state, entry("updated", hash="md5:aa", length="6")) == []
    assert codes(state, entry("updated", hash="md5:bb", length="5")) == []
    # without a hash on one side the explorer cannot tell
    assert codes(state, entry("updated", length="5")) == []


def test_hashes_compare_per_algorithm() -> None:
    assert same_hash("md5:aa", "md5:aa sha-256:ff")
    assert not same_hash("md5:aa sha-256:ff", "sha-256:ee md5:aa")
    assert same_hash("sha-256:ff", "sha-256:FF")
    assert not same_hash("md5:aa", "sha-256:aa")


def test_entries_without_loc_or_known_change_are_not_diffed() -> None:
    assert diff_entry(None, Entry(loc=None, md={"change": "updated"})) is None
    assert diff_entry(None, Entry(loc=A, md={"change": "moved"})) is None


def test_apply_notification_diffs_in_order_then_updates_the_state() -> None:
    state = known(hash="md5:aa", length="5", datetime="2024-01-01T00:00:00Z")
    doc = parse_document(
        b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        b'xmlns:rs="http://www.openarchives.org/rs/terms/">'
        b'<rs:md capability="change-notification" from="2024-01-01T00:00:00Z" '
        b'until="2024-01-02T00:00:00Z"/>'
        b'<url><loc>http://example.com/a</loc><rs:md change="updated" '
        b'datetime="2024-01-01T10:00:00Z" hash="md5:bb" length="6"/></url>'
        b'<url><loc>http://example.com/a</loc><rs:md change="updated" '
        b'datetime="2024-01-01T11:00:00Z" hash="md5:cc" length="6"/></url>'
        b'<url><loc>http://example.com/new</loc><rs:md change="created" '
        b'datetime="2024-01-01T12:00:00Z" length="1"/></url>'
        b"</urlset>"
    )
    result = apply_notification(state, doc, NOTE)
    assert [(d.loc, d.changed) for d in result.entries] == [
        (A, ("hash", "length")),
        (A, ("hash",)),
        ("http://example.com/new", ()),
    ]
    assert result.findings == []
    assert state.get(A).metadata["hash"] == "md5:cc"  # type: ignore[union-attr]
    assert state.get(A).provenance == NOTE  # type: ignore[union-attr]
    # the same notification again is a replay: the state already has these changes
    replay = apply_notification(state, doc, NOTE)
    assert [f.code for f in replay.findings] == [
        "changes.out-of-order",  # first entry: 10:00 is before the known 11:00
        "changes.update-without-change",  # second: hash and length as already known
        "changes.create-known-resource",
    ]
    assert all(f.url == NOTE.url for f in replay.findings)
    assert replay.to_json()["findings"][0]["code"] == "changes.out-of-order"


def test_empty_notification_has_no_diff() -> None:
    result = apply_notification(ResourceState(), Document(root="urlset"), NOTE)
    assert result.entries == [] and result.findings == []
