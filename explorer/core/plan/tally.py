"""Counts taken from a Source's entries as they stream past, one entry at a time.

A Source of a million resources is never held: a Resource List entry adds to sums and to
a set of URL hashes (for repeats); a Change List entry dated inside the incremental
window keeps its last change per URL, which is what resync 2.0.1 acts on after
``prune_dupes`` (the last entry for a resource wins).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from explorer.core.plan.sampling import LENGTH_SAMPLE_MAX, Sample
from explorer.core.rules.datetimes import parse_w3c_datetime

TIMED = 5
"""Resources plan GETs again to time the Source and weigh an answer's head."""


def parse_length(value: str | None) -> int | None:
    """``rs:md length`` as bytes, None when absent or not a whole number."""
    if value is None:
        return None
    value = value.strip()
    return int(value) if value.isascii() and value.isdigit() else None


@dataclass
class Bytes:
    """Body bytes of a set of resources: the sum of the lengths listed, how many had none,
    and a ``Sample`` of those (``LENGTH_SAMPLE_MAX``) for plan to ask their size with
    HEAD: the same URLs whatever order the entries arrive in."""

    count: int = 0
    listed: int = 0
    unlisted: int = 0
    unlisted_urls: Sample = field(default_factory=lambda: Sample(LENGTH_SAMPLE_MAX))

    def add(self, url: str, length: int | None) -> None:
        self.count += 1
        if length is None:
            self.unlisted += 1
            self.unlisted_urls.add(url)
        else:
            self.listed += length

    @property
    def sample(self) -> list[str]:
        """The URLs without a length that HEADs may size, in the order they are asked."""
        return self.unlisted_urls.urls

    def estimate(self, mean_unlisted: float | None) -> int:
        """The listed sum plus, for each resource without a length, the mean size the HEAD
        sample found (or, without one, the mean listed length; else nothing)."""
        if not self.unlisted:
            return self.listed
        if mean_unlisted is None:
            known = self.count - self.unlisted
            mean_unlisted = self.listed / known if known else 0.0
        return self.listed + round(self.unlisted * mean_unlisted)


@dataclass
class ResourceTally:
    """Resource List entries: what a baseline fetches, and what forces refetching."""

    bytes: Bytes = field(default_factory=Bytes)
    no_hash: int = 0
    no_length: int = 0
    repeated: int = 0
    timed: Sample = field(default_factory=lambda: Sample(TIMED))
    """A few URLs listed: plan times a GET of each and weighs its answer's head."""
    _seen: set[int] = field(default_factory=set)

    def add(self, url: str, length: str | None, hash_: str | None) -> None:
        key = hash(url)
        if key in self._seen:
            self.repeated += 1
            return
        self._seen.add(key)
        self.timed.add(url)
        size = parse_length(length)
        self.bytes.add(url, size)
        self.no_length += size is None
        self.no_hash += not hash_


@dataclass
class ChangeTally:
    """Change List entries, in the order read: every one for the refetch reasons, those
    dated at or after ``since`` (POSIX seconds; None: no incremental window) for the
    incremental run."""

    since: float | None
    entries: int = 0
    undated: int = 0
    deleted_no_hash: int = 0
    _counts: Counter[int] = field(default_factory=Counter)
    _last: dict[str, tuple[str, int | None]] = field(default_factory=dict)
    _when: dict[str, float] = field(default_factory=dict)

    def add(
        self,
        url: str,
        change: str | None,
        datetime: str | None,
        length: str | None,
        hash_: str | None,
    ) -> None:
        self.entries += 1
        self._counts[hash(url)] += 1
        if change == "deleted" and not hash_:
            self.deleted_no_hash += 1
        when = parse_w3c_datetime(datetime) if datetime else None
        if when is None:
            self.undated += 1
            return
        if self.since is not None and when >= self.since:
            # the latest change of a URL wins (the later one read, at equal times), in its
            # place: the crawl hands over a Change List Index's lists in whatever order
            # they arrive, and the figures must not depend on it
            if when < self._when.get(url, when):
                return
            self._last.pop(url, None)
            self._last[url] = (change or "", parse_length(length))
            self._when[url] = when

    @property
    def repeated_resources(self) -> int:
        """Resources named by more than one Change List entry."""
        return sum(1 for count in self._counts.values() if count > 1)

    @property
    def repeated_entries(self) -> int:
        """Entries past each resource's first: the fetches a client that acts on every
        entry makes again."""
        return sum(count - 1 for count in self._counts.values() if count > 1)

    def to_fetch(self) -> Bytes:
        """The resources an incremental run fetches: each URL whose last change inside
        the window is not ``deleted``."""
        fetched = Bytes()
        for url, (change, length) in self._last.items():
            if change != "deleted":
                fetched.add(url, length)
        return fetched

    def fetched_urls(self) -> list[str]:
        """The URLs ``to_fetch`` counts, in the order a client fetches them."""
        return [url for url, (change, _) in self._last.items() if change != "deleted"]
