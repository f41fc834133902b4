"""One description of a diff's entries, read by the text and the HTML renderers alike."""

from __future__ import annotations

from explorer.core.change_descriptions import (
    ChangeKind,
    FieldChange,
    change_lines,
    change_text,
    describe_entry,
)
from explorer.core.words.messages import said


def entry(change: str, before: dict | None, after: dict, changed: list[str]) -> dict:
    return {
        "loc": "http://s/r",
        "change": change,
        "before": before,
        "after": after,
        "changed": changed,
    }


def test_changed_fields_keep_their_order_with_old_and_new() -> None:
    described = describe_entry(
        entry(
            "updated",
            {"length": "1", "hash": "a"},
            {"length": "2", "hash": "b"},
            ["hash", "length"],
        )
    )
    assert described.kind is ChangeKind.FIELDS
    assert described.fields == (FieldChange("hash", "a", "b"), FieldChange("length", "1", "2"))


def test_a_deletion_says_what_was_last_known() -> None:
    described = describe_entry(entry("deleted", {"length": "3"}, {}, []))
    assert described.kind is ChangeKind.LAST_KNOWN and dict(described.values) == {"length": "3"}


def test_a_resource_the_tracker_never_saw_is_new() -> None:
    for change in ("created", "updated"):
        described = describe_entry(entry(change, None, {"length": "4"}, []))
        assert described.kind is ChangeKind.NEW and dict(described.values) == {"length": "4"}


def test_a_known_resource_with_nothing_changed_says_so() -> None:
    described = describe_entry(entry("created", {"length": "4"}, {"length": "4"}, []))
    assert described.kind is ChangeKind.UNCHANGED


def test_a_framework_entry_counts_and_names_at_most_five_added() -> None:
    locs = [f"http://s/r{n}" for n in range(7)]
    described = describe_entry(
        {
            "loc": "http://s/cl.xml",
            "change": "updated",
            "capability": "changelist",
            "diff": {"added": 7, "removed": 1, "changed": 2},
            "added_locs": locs,
        }
    )
    assert described.kind is ChangeKind.DOCUMENT
    assert (described.added, described.removed, described.changed) == (7, 1, 2)
    assert described.added_locs == tuple(locs[:5]) and described.more_added
    assert change_lines(
        [
            {
                "loc": "http://s/cl.xml",
                "change": "updated",
                "capability": "changelist",
                "diff": {"added": 7, "removed": 1, "changed": 2},
                "added_locs": locs,
            }
        ]
    ) == [
        "updated changelist http://s/cl.xml: 7 added, 1 removed, 2 changed "
        "(+ http://s/r0, http://s/r1, http://s/r2, http://s/r3, http://s/r4, ...)"
    ]


def test_a_framework_entry_without_a_diff_keeps_its_reason() -> None:
    described = describe_entry(
        {
            "loc": "http://s/rl.xml",
            "change": "updated",
            "capability": "resourcelist",
            "diff": None,
            "reason": "HTTP 404",
        }
    )
    assert described.kind is ChangeKind.NO_DIFF and str(described.reason) == "HTTP 404"


def test_text_lines_for_deletions_without_history_and_unchanged_entries() -> None:
    assert change_lines([entry("deleted", None, {}, [])]) == ["deleted http://s/r: not seen before"]
    assert change_lines([entry("updated", {"length": "4"}, {"length": "4"}, [])]) == [
        "updated http://s/r: no tracked field changed"
    ]


def test_a_no_diff_reason_is_said_anew_in_japanese_from_its_key() -> None:
    reason = said("changes.reason-fetch", reason="timeout: timed out")
    entry = describe_entry(
        {
            "change": "updated",
            "loc": "http://s/cl.xml",
            "capability": "changelist",
            "diff": None,
            "reason": str(reason),
            "said": reason.to_json(),
        }
    )
    japanese = change_text(entry, "ja")
    assert "取得できませんでした（詳細: timeout: timed out）" in japanese
    assert "could not fetch" not in japanese
    assert str(reason) in change_text(entry, "en")
    size = said("changes.version-too-large", size="9,000,000", limit="8,388,608")
    too_large = describe_entry(
        {"change": "created", "loc": "u", "diff": None, "reason": str(size), "said": size.to_json()}
    )
    assert "一方の版が 9,000,000 バイトあります" in change_text(too_large, "ja")


def test_a_no_diff_reason_without_its_key_is_quoted_as_it_came() -> None:
    """Its English alone (a diff made before reasons carried keys) is not read back into
    a key: it is outside words to the reader, quoted."""
    english = str(said("changes.reason-no-earlier"))
    kept = describe_entry({"change": "created", "loc": "u", "diff": None, "reason": english})
    assert f"（詳細: {english}）" in change_text(kept, "ja")
    unknown = describe_entry({"change": "created", "loc": "u", "diff": None, "reason": "odd"})
    assert "（詳細: odd）" in change_text(unknown, "ja")
