"""Line diff of two documents after canonicalising them: the drill-down under the
structural diff (docs/architecture.md, "Diffs").

Canonical form: the bytes are parsed with the hardened parser (``safe_xml.load_root``:
no DTD, no entities, no network, size-capped gzip; comments and processing instructions
dropped), whitespace-only text is re-indented by two spaces and the tree is serialised
without XML declaration. Every element then sits on its own line, so a changed attribute
shows as one changed line, and re-indented or re-wrapped sources compare equal.
Attribute order is kept as published (sorting it would cost a pass over every element).

Lines are diffed with diff-match-patch in line mode: each distinct line becomes one
character and ``diff_main`` runs on those strings (no ``diff_cleanupSemantic``: it would
merge unrelated lines). Two measured costs shape the code (50,000-entry lists, 250,000
lines): dmp's own ``diff_linesToChars`` takes about 0.8 s, so lines are encoded with dict
operations instead; and ``diff_main``'s bisection grows with the square of the number of
edits, so lines that occur once in each document and keep their relative order anchor
the diff (patience-diff style) and dmp runs only on the gaps between anchors.

The result (``LineDiff``) drives both a side-by-side view (aligned rows, filler where a
side has no line) and a unified view (hunks with context, ``diff -u`` text).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import compress, zip_longest
from typing import Any

from diff_match_patch import diff_match_patch
from lxml import etree

from explorer.core.safe_xml import load_root
from explorer.core.said_error import SaidError

EQUAL, DELETE, INSERT = "equal", "delete", "insert"
REPLACE = "replace"

MAX_LINE_DIFF_BYTES = 4 * 1024 * 1024
"""Largest version a line diff is made of: the canonical tree, its text and its lines
cost many times the document's bytes, for both versions at once (two 63 MB documents
took 2.9 GB and two minutes, two 8 MiB lists 430 MB with ``diff --json``); a larger
document is diffed entry by entry only."""
MAX_SHOWN_CHANGED_LINES = 20_000
"""Changed lines (removed plus added) a line diff shows: past it the hunks cost many times
the documents (two rewritten 8 MiB lists: 35 MB of JSON, 13 MB of text), and
the entry by entry diff already says what changed; the counts stay."""
_MAX_DISTINCT_LINES = 0x10FFFF - 1
_DMP_TIMEOUT = 2.0
"""Seconds dmp may spend per call before settling for a valid but less minimal diff."""


class LineDiffTooLarge(SaidError, ValueError):
    """The documents are too large or hold more distinct lines than line-mode diffing can
    encode; said by a catalog line (its English is diff --json's lines_reason)."""


def canonical_text(data: bytes) -> str:
    """The canonical, indented text of an XML document; raises ``DocumentParseError``."""
    root, _ = load_root(data)
    etree.indent(root, space="  ")
    return etree.tostring(root, encoding="unicode")


def canonical_lines(data: bytes) -> list[str]:
    """The canonical lines of one version; raises ``LineDiffTooLarge`` past
    ``MAX_LINE_DIFF_BYTES`` (the structural diff stays available for any readable size)."""
    if len(data) > MAX_LINE_DIFF_BYTES:
        size, limit = f"{len(data):,}", f"{MAX_LINE_DIFF_BYTES:,}"
        raise LineDiffTooLarge("changes.version-too-large", size=size, limit=limit)
    return canonical_text(data).split("\n")


@dataclass(frozen=True, slots=True)
class LineBlock:
    """A run of lines with one operation; indexes are 0-based, ends exclusive."""

    op: str
    old_start: int
    old_end: int
    new_start: int
    new_end: int


@dataclass(frozen=True, slots=True)
class SideBySideRow:
    """One aligned row; a side without a line (filler) has number and text None.
    Numbers are 1-based. ``kind`` is equal, delete, insert or replace."""

    kind: str
    old_number: int | None
    old_text: str | None
    new_number: int | None
    new_text: str | None


@dataclass(frozen=True, slots=True)
class HunkLine:
    tag: str  # " " context, "-" removed, "+" added
    text: str
    old_number: int | None
    new_number: int | None


@dataclass(frozen=True, slots=True)
class Hunk:
    """A unified-diff hunk; starts are 1-based as ``diff -u`` prints them."""

    old_start: int
    old_count: int
    new_start: int
    new_count: int
    lines: tuple[HunkLine, ...]

    def header(self) -> str:
        old = _range(self.old_start, self.old_count)
        return f"@@ -{old} +{_range(self.new_start, self.new_count)} @@"

    def to_json(self) -> dict[str, Any]:
        return {
            "old_start": self.old_start,
            "old_count": self.old_count,
            "new_start": self.new_start,
            "new_count": self.new_count,
            "lines": [[line.tag, line.text] for line in self.lines],
        }


def _range(start: int, count: int) -> str:
    return str(start) if count == 1 else f"{start},{count}"


class LineDiff:
    """The line-level difference of two texts, as runs of equal/deleted/inserted lines."""

    def __init__(self, old_lines: list[str], new_lines: list[str], blocks: list[LineBlock]) -> None:
        self.old_lines = old_lines
        self.new_lines = new_lines
        self.blocks = blocks

    def without_text(self) -> LineDiff:
        """The same blocks without the lines: the counts and ``identical`` only, for a
        feed that keeps many diffs (the lines of two versions cost several times their
        bytes)."""
        return LineDiff([], [], self.blocks)

    @property
    def identical(self) -> bool:
        return all(block.op == EQUAL for block in self.blocks)

    @property
    def removed_lines(self) -> int:
        return sum(b.old_end - b.old_start for b in self.blocks if b.op == DELETE)

    @property
    def added_lines(self) -> int:
        return sum(b.new_end - b.new_start for b in self.blocks if b.op == INSERT)

    def side_by_side(self) -> list[SideBySideRow]:
        """Aligned rows for two panes: a deletion next to the insertion that replaces it,
        filler rows (None) where one side has fewer lines."""
        rows: list[SideBySideRow] = []
        old, new = self.old_lines, self.new_lines
        blocks = self.blocks
        i = 0
        while i < len(blocks):
            block = blocks[i]
            if block.op == EQUAL:
                rows.extend(
                    SideBySideRow(EQUAL, o + 1, old[o], n + 1, new[n])
                    for o, n in zip(
                        range(block.old_start, block.old_end),
                        range(block.new_start, block.new_end),
                        strict=True,
                    )
                )
            elif block.op == DELETE and i + 1 < len(blocks) and blocks[i + 1].op == INSERT:
                paired = blocks[i + 1]
                for o, n in zip_longest(
                    range(block.old_start, block.old_end), range(paired.new_start, paired.new_end)
                ):
                    kind = (
                        REPLACE
                        if o is not None and n is not None
                        else (DELETE if n is None else INSERT)
                    )
                    rows.append(
                        SideBySideRow(
                            kind,
                            None if o is None else o + 1,
                            None if o is None else old[o],
                            None if n is None else n + 1,
                            None if n is None else new[n],
                        )
                    )
                i += 1
            elif block.op == DELETE:
                rows.extend(
                    SideBySideRow(DELETE, o + 1, old[o], None, None)
                    for o in range(block.old_start, block.old_end)
                )
            else:
                rows.extend(
                    SideBySideRow(INSERT, None, None, n + 1, new[n])
                    for n in range(block.new_start, block.new_end)
                )
            i += 1
        return rows

    def hunks(self, context: int = 3) -> list[Hunk]:
        """Changes grouped with ``context`` equal lines around them, like ``diff -u``."""
        changes = self._change_ranges()
        groups: list[list[tuple[int, int, int, int]]] = []
        for change in changes:
            if groups and change[0] - groups[-1][-1][1] <= 2 * context:
                groups[-1].append(change)
            else:
                groups.append([change])
        return [self._hunk(group, context) for group in groups]

    def _change_ranges(self) -> list[tuple[int, int, int, int]]:
        """Maximal runs of non-equal blocks as (old_start, old_end, new_start, new_end)."""
        ranges: list[tuple[int, int, int, int]] = []
        current: list[int] | None = None
        for block in self.blocks:
            if block.op == EQUAL:
                if current is not None:
                    ranges.append((current[0], current[1], current[2], current[3]))
                    current = None
                continue
            if current is None:
                current = [block.old_start, block.old_end, block.new_start, block.new_end]
            else:
                current[1], current[3] = block.old_end, block.new_end
        if current is not None:
            ranges.append((current[0], current[1], current[2], current[3]))
        return ranges

    def _hunk(self, group: list[tuple[int, int, int, int]], context: int) -> Hunk:
        old, new = self.old_lines, self.new_lines
        lead = min(context, group[0][0], group[0][2])
        old_at, new_at = group[0][0] - lead, group[0][2] - lead
        lines: list[HunkLine] = []

        def equal_run(count: int) -> None:
            nonlocal old_at, new_at
            for _ in range(count):
                lines.append(HunkLine(" ", old[old_at], old_at + 1, new_at + 1))
                old_at += 1
                new_at += 1

        start_old, start_new = old_at, new_at
        for old_start, old_end, new_start, new_end in group:
            equal_run(old_start - old_at)
            lines.extend(HunkLine("-", old[o], o + 1, None) for o in range(old_start, old_end))
            lines.extend(HunkLine("+", new[n], None, n + 1) for n in range(new_start, new_end))
            old_at, new_at = old_end, new_end
        equal_run(min(context, len(old) - old_at, len(new) - new_at))
        old_count, new_count = old_at - start_old, new_at - start_new
        return Hunk(
            start_old + 1 if old_count else start_old,
            old_count,
            start_new + 1 if new_count else start_new,
            new_count,
            tuple(lines),
        )

    def unified(self, old_name: str = "old", new_name: str = "new", context: int = 3) -> str:
        """The diff as ``diff -u`` prints it; empty when the texts are identical."""
        hunks = self.hunks(context)
        if not hunks:
            return ""
        out = [f"--- {old_name}", f"+++ {new_name}"]
        for hunk in hunks:
            out.append(hunk.header())
            out.extend(line.tag + line.text for line in hunk.lines)
        return "\n".join(out) + "\n"

    def to_json(self, context: int = 3) -> dict[str, Any]:
        return {
            "identical": self.identical,
            "added_lines": self.added_lines,
            "removed_lines": self.removed_lines,
            "hunks": [hunk.to_json() for hunk in self.hunks(context)],
        }


def check_showable(diff: LineDiff) -> None:
    """Raise ``LineDiffTooLarge`` when ``diff`` changes more lines than a reader is shown
    (``MAX_SHOWN_CHANGED_LINES``), before its hunks are made."""
    changed = diff.removed_lines + diff.added_lines
    if changed > MAX_SHOWN_CHANGED_LINES:
        count, limit = f"{changed:,}", f"{MAX_SHOWN_CHANGED_LINES:,}"
        raise LineDiffTooLarge("changes.too-many-changed-lines", count=count, limit=limit)


def diff_lines(old_lines: list[str], new_lines: list[str]) -> LineDiff:
    """Diff two lists of lines; raises ``LineDiffTooLarge`` past ~1.1 million distinct lines
    in one dmp call (the anchors, or one gap between them)."""
    ops: list[tuple[str, int]] = []
    head = _common_prefix(old_lines, new_lines)
    if head:
        _push(ops, EQUAL, head)
    tail = _common_suffix(old_lines, new_lines, head)
    old_mid = old_lines[head : len(old_lines) - tail]
    new_mid = new_lines[head : len(new_lines) - tail]
    if old_mid or new_mid:
        _diff_anchored(_dmp(), old_mid, new_mid, ops)
    if tail:
        _push(ops, EQUAL, tail)
    return LineDiff(old_lines, new_lines, _blocks(ops))


def _common_prefix(old: list[str], new: list[str]) -> int:
    """Length of the common prefix, by bisection over slice comparisons (done in C).

    A growing Change List differs only at its end: this settles most of it at once."""
    low, high = 0, min(len(old), len(new))
    while low < high:
        mid = (low + high + 1) // 2
        if old[low:mid] == new[low:mid]:
            low = mid
        else:
            high = mid - 1
    return low


def _common_suffix(old: list[str], new: list[str], prefix: int) -> int:
    """Length of the common suffix that does not overlap the common prefix."""
    low, high = 0, min(len(old), len(new)) - prefix
    while low < high:
        mid = (low + high + 1) // 2
        if old[len(old) - mid : len(old) - low] == new[len(new) - mid : len(new) - low]:
            low = mid
        else:
            high = mid - 1
    return low


def _diff_anchored(
    engine: diff_match_patch, old_lines: list[str], new_lines: list[str], ops: list[tuple[str, int]]
) -> None:
    """Diff two line lists split at anchors: lines that occur once in each, in order."""
    unique = _once(old_lines) & _once(new_lines)
    old_flags = list(map(unique.__contains__, old_lines))
    new_flags = list(map(unique.__contains__, new_lines))
    old_anchors = list(compress(old_lines, old_flags))
    if len(old_anchors) > _MAX_DISTINCT_LINES:
        raise LineDiffTooLarge("diffing.too-many-lines", count=len(old_anchors))
    # Anchor k (in old order) is the character chr(k + 1): dmp line mode on the anchors.
    old_positions = list(compress(range(len(old_lines)), old_flags))
    code_of = dict(zip(old_anchors, map(chr, range(1, len(old_anchors) + 1)), strict=True))
    new_chars = "".join(map(code_of.__getitem__, compress(new_lines, new_flags)))
    new_position_of = dict(zip(new_chars, compress(range(len(new_lines)), new_flags), strict=True))
    old_chars = "".join(code_of.values())
    # Anchors that keep their relative order: the equal runs of a dmp diff of the two
    # anchor sequences (a move breaks the order; dmp settles which anchors to give up).
    kept = "".join(text for op, text in engine.diff_main(old_chars, new_chars, False) if op == 0)

    def anchor_at(index: int) -> tuple[int, int]:
        code = kept[index]
        return old_positions[ord(code) - 1], new_position_of[code]

    _split(
        engine,
        old_lines,
        0,
        len(old_lines),
        new_lines,
        0,
        len(new_lines),
        anchor_at,
        0,
        len(kept),
        ops,
    )


def _once(lines: list[str]) -> set[str]:
    """The lines that occur exactly once (C-level iteration: this runs on every line)."""
    counts = Counter(lines)
    return set(compress(counts.keys(), map((1).__eq__, counts.values())))


def diff_documents_text(old: bytes, new: bytes) -> LineDiff:
    """Canonicalise two documents and diff their lines; raises ``DocumentParseError``."""
    return diff_lines(canonical_lines(old), canonical_lines(new))


def _dmp() -> diff_match_patch:
    engine = diff_match_patch()
    engine.Diff_Timeout = _DMP_TIMEOUT
    return engine


def _dmp_diff(
    engine: diff_match_patch, old: list[str], new: list[str]
) -> list[tuple[str, list[str]]]:
    """dmp line mode on two line lists: each distinct line becomes one character.

    dmp's own ``diff_linesToChars`` works on texts with a find() per line; on the short
    lists this gets (anchors, gaps) a dict does the same job without joining and splitting.
    """
    codes: dict[str, str] = {}
    lines: list[str] = []
    for line in old:
        if line not in codes:
            lines.append(line)
            codes[line] = chr(len(lines))
    for line in new:
        if line not in codes:
            lines.append(line)
            codes[line] = chr(len(lines))
    if len(lines) > _MAX_DISTINCT_LINES:
        raise LineDiffTooLarge("diffing.too-many-lines", count=len(lines))
    old_chars = "".join(map(codes.__getitem__, old))
    new_chars = "".join(map(codes.__getitem__, new))
    names = {0: EQUAL, -1: DELETE, 1: INSERT}
    return [
        (names[op], [lines[ord(c) - 1] for c in text])
        for op, text in engine.diff_main(old_chars, new_chars, False)
        if text
    ]


def _split(
    engine: diff_match_patch,
    old: list[str],
    old_lo: int,
    old_hi: int,
    new: list[str],
    new_lo: int,
    new_hi: int,
    anchor_at: Callable[[int], tuple[int, int]],
    lo: int,
    hi: int,
    ops: list[tuple[str, int]],
) -> None:
    """Diff old[old_lo:old_hi] against new[new_lo:new_hi], splitting at the middle anchor.

    Anchors ``lo`` to ``hi`` (``anchor_at`` gives their old and new line index) lie inside
    both ranges, in order.
    Equal ranges are settled by one list comparison (in C), so the Python work grows
    with the number of edits times log(lines), not with the number of lines.
    """
    old_part, new_part = old[old_lo:old_hi], new[new_lo:new_hi]
    if old_part == new_part:
        if old_part:
            _push(ops, EQUAL, len(old_part))
        return
    if lo >= hi:
        _diff_gap(engine, old_part, new_part, ops)
        return
    mid = (lo + hi) // 2
    old_mid, new_mid = anchor_at(mid)
    _split(engine, old, old_lo, old_mid, new, new_lo, new_mid, anchor_at, lo, mid, ops)
    _push(ops, EQUAL, 1)
    _split(engine, old, old_mid + 1, old_hi, new, new_mid + 1, new_hi, anchor_at, mid + 1, hi, ops)


def _diff_gap(
    engine: diff_match_patch, old: list[str], new: list[str], ops: list[tuple[str, int]]
) -> None:
    """Diff a stretch between anchors. Most are a few lines around one edited line, so
    the shared head and tail are peeled off first and dmp runs only when something in
    between is shared (when nothing is, dmp would answer delete-all, insert-all)."""
    head = 0
    limit = min(len(old), len(new))
    while head < limit and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < limit - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    _push(ops, EQUAL, head)
    old_rest, new_rest = old[head : len(old) - tail], new[head : len(new) - tail]
    if not old_rest or not new_rest or set(old_rest).isdisjoint(new_rest):
        _push(ops, DELETE, len(old_rest))
        _push(ops, INSERT, len(new_rest))
    else:
        for op, run in _dmp_diff(engine, old_rest, new_rest):
            _push(ops, op, len(run))
    _push(ops, EQUAL, tail)


def _push(ops: list[tuple[str, int]], op: str, count: int) -> None:
    if not count:
        return
    if ops and ops[-1][0] == op:
        ops[-1] = (op, ops[-1][1] + count)
    else:
        ops.append((op, count))


def _blocks(ops: list[tuple[str, int]]) -> list[LineBlock]:
    """Turn runs into blocks; within a changed region deletions come before insertions."""
    blocks: list[LineBlock] = []
    old_at = new_at = 0
    pending_delete = pending_insert = 0

    def flush() -> None:
        nonlocal old_at, new_at, pending_delete, pending_insert
        if pending_delete:
            blocks.append(LineBlock(DELETE, old_at, old_at + pending_delete, new_at, new_at))
            old_at += pending_delete
        if pending_insert:
            blocks.append(LineBlock(INSERT, old_at, old_at, new_at, new_at + pending_insert))
            new_at += pending_insert
        pending_delete = pending_insert = 0

    for op, count in ops:
        if op == DELETE:
            pending_delete += count
        elif op == INSERT:
            pending_insert += count
        else:
            flush()
            blocks.append(LineBlock(EQUAL, old_at, old_at + count, new_at, new_at + count))
            old_at += count
            new_at += count
    flush()
    return blocks
