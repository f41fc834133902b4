"""The audit counts in SQL the local copies it can show the same (``SAME_COPY``) and
judges the rest with ``compare_copy``: on any listed lastmod, length and hash and any
file time and size, its verdicts must be the rule's own, and only the copies SQL cannot
decide reach the rule (counted, not timed)."""

from __future__ import annotations

from collections.abc import Iterator
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.core import audit_rules
from explorer.core.audit_rules import Listed, LocalCopy, Mapping, Verdict, compare_copy
from explorer.core.digests import parse_hash
from explorer.core.rules.datetimes import parse_w3c_datetime
from explorer.net.history import audit
from explorer.net.history.audit import AuditState

BASE = 1767225600.0  # 2026-01-01T00:00:00Z
LASTMODS = st.sampled_from(
    [
        None,
        "",
        "2026-01-01T00:00:00Z",
        "2026-01-01T00:00:00.999Z",
        "2026-01-01T00:00:01Z",
        "2026-01-01T01:00:00+01:00",
        "2026-01-01",
        "not a date",
    ]
)
LENGTHS = st.sampled_from(
    [None, "", "0", "3", " 3", "3 ", "03", "3.0", "-3", "²", "٣", "99999999999999999999"]
)
HASHES = st.sampled_from([None, "md5:00", "sha-256:ab md5:cd", "nonsense"])
MTIMES = st.sampled_from([BASE - 1.0, BASE - 0.5, BASE, BASE + 0.999, BASE + 1.0, BASE + 3600])
SIZES = st.sampled_from([0, 3, 4])
RESOURCE = st.tuples(LASTMODS, LENGTHS, HASHES, st.none() | st.tuples(MTIMES, SIZES))
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MAPPINGS = [Mapping("http://src", "/dest")]


@pytest.fixture(autouse=True)
def _cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        yield


def _state(resources: list[tuple[object, ...]]) -> AuditState:
    """A working file holding ``resources`` as a Resource List listed them and, where
    given, their local copies (the files are never read: no ``--checksum`` here, or a
    digest no file was hashed with)."""
    state = AuditState()
    for i, (lastmod, length, hash_, local) in enumerate(resources):
        loc = f"http://src/{i}"
        seconds = parse_w3c_datetime(lastmod) if isinstance(lastmod, str) and lastmod else None
        state.db.execute(
            "INSERT INTO source (loc, stamp, origin, lastmod, length, hash, document, seconds)"
            " VALUES (?, 0, 'resourcelist', ?, ?, ?, 'http://src/rl', ?)",
            (loc, lastmod, length, hash_, seconds),
        )
        if local is not None:
            mtime, size = local  # type: ignore[misc]
            state.db.execute(
                "INSERT INTO local VALUES (?, ?, ?, ?)", (loc, f"/dest/{i}", mtime, size)
            )
    return state


def _expected(resources: list[tuple[object, ...]], checksum: bool) -> dict[str, Verdict]:
    verdicts = {}
    for i, (lastmod, length, hash_, local) in enumerate(resources):
        if local is None:
            verdicts[f"http://src/{i}"] = Verdict.CREATE
            continue
        mtime, size = local  # type: ignore[misc]
        listed = Listed(
            parse_w3c_datetime(lastmod) if isinstance(lastmod, str) and lastmod else None,
            audit_rules.parse_length(length),  # type: ignore[arg-type]
            parse_hash(hash_) if checksum else {},  # type: ignore[arg-type]
        )
        # the files do not exist: a listed digest finds nothing to compare
        different = compare_copy(listed, LocalCopy(mtime, size, {}))
        verdicts[f"http://src/{i}"] = Verdict.UPDATE if different else Verdict.SAME
    return verdicts


def _judged(resources: list[tuple[object, ...]], checksum: bool) -> dict[str, Verdict]:
    state = _state(resources)
    try:
        counts = state.judge(MAPPINGS, checksum)
        judged = {item.loc: item.verdict for item in state.verdicts()}
    finally:
        state.close()
    for i in range(len(resources)):
        judged.setdefault(f"http://src/{i}", Verdict.SAME)
    assert counts[Verdict.SAME] == sum(v is Verdict.SAME for v in judged.values())
    return judged


@FAST
@given(resources=st.lists(RESOURCE, min_size=1, max_size=12), checksum=st.booleans())
def test_every_verdict_is_the_rule_s(resources: list[tuple[object, ...]], checksum: bool) -> None:
    assert _judged(resources, checksum) == _expected(resources, checksum)


def test_only_the_copies_sql_cannot_show_the_same_reach_the_rule() -> None:
    resources: list[tuple[object, ...]] = [
        ("2026-01-01T00:00:00Z", "3", None, (BASE + 0.5, 3)) for _ in range(50)
    ]
    resources += [
        ("2026-01-01T00:00:00Z", "3", None, (BASE + 5, 3)),  # lastmod differs
        ("2026-01-01T00:00:00Z", " 3", None, (BASE, 3)),  # the rule decides: same
        ("2026-01-01T00:00:00Z", "3", None, None),  # no copy
    ]
    with mock.patch.object(audit, "compare_copy", wraps=compare_copy) as rule:
        judged = _judged(resources, checksum=False)
    assert rule.call_count == 2
    assert judged["http://src/50"] is Verdict.UPDATE
    assert judged["http://src/51"] is Verdict.SAME
    assert judged["http://src/52"] is Verdict.CREATE


@pytest.mark.parametrize(
    ("value", "length"),
    [(None, None), ("3", 3), (" 03 ", 3), ("٣", 3), ("²", None), ("3.0", None), ("-3", None)],
)
def test_a_length_is_a_count_of_digits_or_nothing(value: str | None, length: int | None) -> None:
    """``²`` is a digit to ``str.isdigit`` but not to ``int``: no length, not a crash."""
    assert audit_rules.parse_length(value) == length


def test_a_resource_lists_rows_are_each_entrys_and_plain_locs_are_not_resolved_alone() -> None:
    """The rows the audit writes for a Resource List, built a column at a time, are the
    ones a loop over its entries gives (a relative loc joined, a blank one left out, a
    lastmod missing or not a date), in loc order; a list of plain absolute locs resolves
    none alone."""
    from explorer.core.model import Document, Entry
    from explorer.net.source import streamed_crawl
    from explorer.net.source.crawl_tree import DocumentNode

    entries = [
        Entry("https://e.org/a", "2026-01-01T00:00:00Z", md={"length": "3", "hash": "md5:aa"}),
        Entry("b/c", None, md={"type": "text/plain"}),
        Entry("  ", "not a date"),
        Entry(None, "2026-01-01T00:00:00Z"),
        Entry("https://e.org/d", "", md={"hash": "sha-256:bb", "length": "x"}),
    ]
    node = DocumentNode("https://e.org/rs/list.xml")
    node.document = Document(root="urlset", entries=entries)
    expected = [
        (loc, e.lastmod, e.length, e.hash, parse_w3c_datetime(e.lastmod or "x"))
        for e in entries
        if (loc := streamed_crawl.entry_url(node, e)) is not None
    ]
    assert audit._resource_rows(node) == sorted(expected, key=lambda row: str(row[0]))
    plain = [Entry(f"https://e.org/{i}", "2026-01-01T00:00:00Z") for i in range(50)]
    node.document = Document(root="urlset", entries=plain)
    with mock.patch.object(streamed_crawl, "resolve_loc") as each:
        assert len(audit._resource_rows(node)) == 50
    assert each.call_count == 0
