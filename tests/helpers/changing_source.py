"""A third-party-shaped Source (written with resync's classes) in two states, with a
known set of changes between them: ``before``, then ``after``. Between the two, a was
removed, d re-dated and f added without a word in the Change List; b removed, c changed
and e added, each announced (core 1.1 §12.1); a Resource Dump is named that answers 404.
"""

from __future__ import annotations

from helpers.third_party_source import Change, Listed, SourceFiles, build_source

BEFORE_AT = "2024-03-10T00:00:00Z"
AFTER_AT = "2024-03-20T00:00:00Z"
OLD = "2024-03-01T00:00:00Z"


def before(base: str, files: SourceFiles) -> None:
    build_source(
        base,
        files,
        [
            [Listed("/r/a", OLD, 3, "aaa"), Listed("/r/b", OLD, 3, "bbb")],
            [Listed("/r/c", OLD, 3, "ccc"), Listed("/r/d", OLD, 3, "ddd")],
        ],
        [Change("/r/g", "updated", "2024-03-05T00:00:00Z", OLD)],
        BEFORE_AT,
        "2024-03-01T00:00:00Z",
    )


def after(base: str, files: SourceFiles) -> None:
    """a removed, d re-dated and f added without a word in the Change List; b removed, c
    changed and e added, each announced; a Resource Dump named that answers 404."""
    files.documents.clear()
    build_source(
        base,
        files,
        [
            [Listed("/r/e", "2024-03-12T00:00:00Z", 3, "eee")],
            [
                Listed("/r/c", "2024-03-13T00:00:00Z", 4, "c2"),
                Listed("/r/d", "2024-03-14T00:00:00Z", 3, "ddd"),
            ],
            [Listed("/r/f", "2024-03-15T00:00:00Z", 1, "fff")],
        ],
        [
            Change("/r/g", "updated", "2024-03-05T00:00:00Z", OLD),
            Change("/r/e", "created", "2024-03-12T00:00:00Z", "2024-03-12T00:00:00Z"),
            Change("/r/b", "deleted", "2024-03-12T06:00:00Z"),
            Change("/r/c", "updated", "2024-03-13T00:00:00Z", "2024-03-13T00:00:00Z", 4, "c2"),
        ],
        AFTER_AT,
        "2024-03-01T00:00:00Z",
        {"resourcedump": "/resourcedump.xml"},
    )
