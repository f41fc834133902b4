"""How a Destination's copy of one resource is judged against what the Source lists.

The rule is the reference client's (resync 2.0.1, ``Resource.equal`` with a one-second
delta), so ``audit`` counts what ``resync-sync --audit`` counts: a copy is the same when
nothing proves it different. Listed metadata is compared with the file only where both
sides have it:

- lastmod: the file's modification time must be within ``LASTMOD_TOLERANCE`` of the
  listed ``<lastmod>``; a resource listed without one cannot be shown current, so it is
  to update (core 1.1 §7: lastmod is how a Destination tells versions apart);
- length: ``rs:md/@length`` against the file's size;
- hash (only with ``--checksum``): every digest listed in ``rs:md/@hash`` that the file's
  bytes were hashed with.

Pure: no file or network access; the caller supplies the file's facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

LASTMOD_TOLERANCE = 1.0
"""Seconds two modification times may differ and still be one version (resync's delta)."""


class Verdict(StrEnum):
    SAME = "same"
    CREATE = "create"  # listed, no local copy
    UPDATE = "update"  # listed, local copy differs
    DELETE = "delete"  # local copy of a resource the Source no longer lists


class Origin(StrEnum):
    """Which document last described the resource: a Resource List's snapshot, or a
    Change List entry after it (core 1.1 §10.1, §12.1)."""

    RESOURCE_LIST = "resourcelist"
    CHANGE_LIST = "changelist"
    LOCAL = "local"  # known only from the local folder


SECTION = {
    Origin.RESOURCE_LIST: "core 1.1 §10.1",
    Origin.CHANGE_LIST: "core 1.1 §12.1",
    Origin.LOCAL: "core 1.1 §10.1",
}
METADATA_SECTION = "core 1.1 §7"


@dataclass(frozen=True, slots=True)
class Listed:
    """What the Source says about a resource (None: not said, or not understood)."""

    lastmod: float | None
    length: int | None
    digests: dict[str, str]


@dataclass(frozen=True, slots=True)
class LocalCopy:
    """The file's facts; ``digests`` only holds the algorithms it was hashed with."""

    mtime: float
    size: int
    digests: dict[str, str]


@dataclass(frozen=True, slots=True)
class Difference:
    """One field that proves the copy different, with both sides as text."""

    field: str  # "hash:md5", "length", "lastmod"
    listed: str
    local: str


def compare_copy(listed: Listed, local: LocalCopy) -> list[Difference]:
    """The fields that prove ``local`` differs from ``listed``: hash first, then length,
    then lastmod; empty when the copy is the same."""
    found = [
        Difference(f"hash:{name}", digest, local.digests[name])
        for name, digest in sorted(listed.digests.items())
        if name in local.digests and local.digests[name] != digest
    ]
    if listed.length is not None and listed.length != local.size:
        found.append(Difference("length", str(listed.length), str(local.size)))
    if listed.lastmod is None:
        found.append(Difference("lastmod", "", str(local.mtime)))
    elif abs(listed.lastmod - local.mtime) >= LASTMOD_TOLERANCE:
        found.append(Difference("lastmod", str(listed.lastmod), str(local.mtime)))
    return found


def parse_length(value: str | None) -> int | None:
    """``rs:md/@length`` as bytes, or None when absent or not a non-negative integer."""
    if value is None:
        return None
    text = value.strip()
    if not text.isdigit():
        return None
    try:
        return int(text)
    except ValueError:  # digits int() does not read, such as "²": not a length either
        return None


@dataclass(frozen=True, slots=True)
class Mapping:
    """A URL prefix served from a local folder (``--map URL_PREFIX=DIR``)."""

    prefix: str
    folder: str

    def path_of(self, url: str) -> str | None:
        """The local path of ``url`` under this mapping, or None when it is outside it."""
        relative = _under(url, self.prefix.rstrip("/"))
        if relative is None:
            return None
        return self.folder.rstrip("/") + relative

    def url_of(self, path: str) -> str | None:
        """The URL a local path stands for, or None when it is outside the folder."""
        relative = _under(path, self.folder.rstrip("/"))
        if relative is None:
            return None
        return self.prefix.rstrip("/") + relative


def _under(value: str, base: str) -> str | None:
    """The rest of ``value`` after ``base`` when it is ``base`` itself or below it."""
    if value == base:
        return ""
    if value.startswith(base + "/"):
        return value[len(base) :]
    return None


def first_mapping(mappings: list[Mapping], url: str) -> tuple[Mapping, str] | None:
    """The first mapping (in the order given) that covers ``url``, with its path."""
    for mapping in mappings:
        path = mapping.path_of(url)
        if path is not None:
            return mapping, path
    return None
