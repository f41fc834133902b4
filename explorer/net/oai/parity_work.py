"""Both views of a repository in one working SQLite file, joined into the parity table.

The ResourceSync side arrives document by document from a streamed crawl
(``add_document`` is a crawl sink), the OAI-PMH side page by page from the ListRecords
walk (``add_records``); both are written to disk at once, so a million records on each
side cost a few megabytes of memory. ``finish`` settles the identifier map (given, or
guessed from a sample and said so), resolves each resource's latest state (its Resource
List entry, replaced by a later Change List entry), joins the sides by loc in order and
judges each pair with ``explorer.core.harvest.parity``. Each section keeps the first
``MAX_NAMED`` findings and counts the rest.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from explorer.core.findings import Finding, finding
from explorer.core.harvest import parity
from explorer.core.harvest.oai_map import IDENTITY, IdentifierMap, candidates, local_part
from explorer.core.harvest.oai_pages import OaiRecord
from explorer.core.harvest.parity import OaiSide, ResourceSyncSide
from explorer.core.rules import capabilities as caps
from explorer.core.rules.datetimes import parse_w3c_datetime
from explorer.net.source.crawl_tree import DocumentNode
from explorer.net.source.streamed_crawl import entry_url
from explorer.net.store.schema import PARITY_INDEXES, PARITY_WORK, open_scratch

MAX_NAMED = 10_000
"""Findings one section of the table names; past it the section only counts."""
GUESS_SAMPLE = 20
"""OAI identifiers a guessed map is tried on; the template that maps most of them wins."""
_BATCH = 5_000


@dataclass(slots=True)
class ParityTable:
    """The four sections (findings, at most ``MAX_NAMED`` each), their full counts, the
    map used and, when it was guessed, the finding that says so."""

    sections: dict[str, list[Finding]] = field(
        default_factory=lambda: {kind: [] for kind in parity.KINDS}
    )
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(parity.KINDS, 0))
    mapping: IdentifierMap = IDENTITY
    guessed: Finding | None = None

    def add(self, kind: str, item: Finding) -> None:
        self.counts[kind] += 1
        if len(self.sections[kind]) < MAX_NAMED:
            self.sections[kind].append(item)

    def named(self, kind: str) -> list[str]:
        """The loc (or identifier, for an unmapped record) of each named finding."""
        return [str(item.url) for item in self.sections[kind]]

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            kind: [item.to_json() for item in self.sections[kind]] for kind in parity.KINDS
        }
        data["counts"] = dict(self.counts)
        data["map"] = self.mapping.text
        data["map_guessed"] = self.guessed is not None
        return data


class ParityWork:
    """The working database; ``close`` removes it (``with`` does too)."""

    def __init__(self, mapping: IdentifierMap | None = None) -> None:
        self.mapping = mapping
        self.db = open_scratch(PARITY_WORK)

    def __enter__(self) -> ParityWork:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        self.db.close()

    def add_records(self, records: Sequence[OaiRecord]) -> None:
        """One ListRecords page's headers (a walk's sink)."""
        self.db.executemany(
            "INSERT INTO oai (identifier, datestamp, deleted) VALUES (?, ?, ?)",
            ((r.identifier, r.datestamp, int(r.deleted)) for r in records),
        )

    def add_document(self, node: DocumentNode) -> None:
        """A crawled document's entries, when it is a Resource List or a Change List (a
        crawl sink); every other document is no part of the resources' state."""
        document = node.document
        if document is None or document.is_index:
            return
        capability = node.capability
        if capability == caps.RESOURCELIST:
            at = _moment(document.md.get("at")) or 0.0
            rows = (
                (loc, at, 0, e.lastmod, 0, e.lastmod)
                for e in document.entries
                if (loc := entry_url(node, e)) is not None
            )
        elif capability == caps.CHANGELIST:
            rows = (
                (loc, _moment(stamp) or 0.0, 1, e.lastmod, int(e.change == "deleted"), stamp)
                for e in document.entries
                if (loc := entry_url(node, e)) is not None
                for stamp in (e.datetime or e.lastmod,)
            )
        else:
            return
        self.db.executemany("INSERT INTO rs VALUES (?, ?, ?, ?, ?, ?)", rows)

    def finish(self) -> ParityTable:
        """Settle the map, join both sides and judge every pair."""
        self.db.execute("COMMIT")
        self.db.execute(
            "INSERT INTO state SELECT loc, lastmod, deleted, stamp FROM ("
            " SELECT *, row_number() OVER (PARTITION BY loc ORDER BY at DESC, rank DESC) AS n"
            " FROM rs) WHERE n = 1"
        )
        state_loc, oai_loc = PARITY_INDEXES
        self.db.execute(state_loc)
        table = ParityTable()
        table.mapping, table.guessed = self._settle_map()
        self.db.create_function("mapped", 1, table.mapping.loc, deterministic=True)
        self.db.execute("UPDATE oai SET loc = mapped(identifier)")
        self.db.execute(oai_loc)
        for kind, item in self._judged():
            table.add(kind, item)
        return table

    def _settle_map(self) -> tuple[IdentifierMap, Finding | None]:
        if self.mapping is not None:
            return self.mapping, None
        sample = [
            row[0]
            for row in self.db.execute(
                "SELECT identifier FROM oai ORDER BY rowid LIMIT ?", (GUESS_SAMPLE,)
            )
        ]
        if not sample:
            return IDENTITY, None
        tried: dict[IdentifierMap, int] = {}
        for identifier in sample:
            for template in candidates(identifier, self._locs_holding(identifier)):
                if template not in tried:
                    tried[template] = sum(self._is_loc(template.loc(i)) for i in sample)
        if not tried:
            return IDENTITY, finding("harvest.map-guessed", params={}, variant="none")
        best = max(tried, key=lambda template: tried[template])
        guessed = finding(
            "harvest.map-guessed",
            params={"template": best.text, "matched": tried[best], "sampled": len(sample)},
        )
        return best, guessed

    def _locs_holding(self, identifier: str) -> list[str]:
        local = local_part(identifier)
        return [
            row[0]
            for row in self.db.execute(
                "SELECT loc FROM state WHERE instr(loc, ?) > 0 LIMIT 5", (local,)
            )
        ]

    def _is_loc(self, loc: str | None) -> bool:
        if loc is None:
            return False
        return self.db.execute("SELECT 1 FROM state WHERE loc = ?", (loc,)).fetchone() is not None

    def _judged(self) -> Iterator[tuple[str, Finding]]:
        both = self.db.execute(
            "SELECT o.identifier, o.datestamp, o.deleted, o.loc, s.loc, s.lastmod, s.deleted,"
            " s.stamp FROM oai o LEFT JOIN state s ON s.loc = o.loc ORDER BY o.loc, o.identifier"
        )
        for identifier, datestamp, oai_deleted, loc, found, lastmod, deleted, stamp in both:
            oai = OaiSide(datestamp, bool(oai_deleted))
            side = None if found is None else ResourceSyncSide(stamp, bool(deleted))
            kind = parity.judge(oai, side)
            if kind is not None:
                yield kind, _finding(kind, identifier, oai, loc, lastmod, side)
        alone = self.db.execute(
            "SELECT s.loc, s.lastmod, s.stamp, s.deleted FROM state s"
            " WHERE NOT EXISTS (SELECT 1 FROM oai o WHERE o.loc = s.loc) ORDER BY s.loc"
        )
        for loc, lastmod, stamp, deleted in alone:
            kind = parity.judge(None, ResourceSyncSide(stamp, bool(deleted)))
            if kind is not None:
                yield (
                    kind,
                    finding(
                        parity.CODES[kind], url=loc, params={"loc": loc, "lastmod": lastmod or "-"}
                    ),
                )


def _finding(
    kind: str,
    identifier: str,
    oai: OaiSide,
    loc: str | None,
    lastmod: str | None,
    side: ResourceSyncSide | None,
) -> Finding:
    params: dict[str, object] = {
        "identifier": identifier,
        "datestamp": oai.datestamp,
        "loc": loc or identifier,
        "lastmod": lastmod or "-",
        "stamp": (side.stamp if side is not None else None) or "-",
    }
    variant = ""
    if kind == parity.ONLY_OAI and loc is None:
        variant = "unmapped"
    elif kind == parity.DELETED_DIFFERS and side is not None:
        variant = "oai" if not side.deleted else "both" if oai.deleted else "resourcesync"
    return finding(parity.CODES[kind], url=loc or identifier, params=params, variant=variant)


def _moment(value: str | None) -> float | None:
    return parse_w3c_datetime(value) if value else None
