"""The demo Source's state: two sets of resources, their change history and live changes.

Everything before the demo starts is derived from the seed alone (fixed epoch, seeded
random streams), so the same seed gives byte-identical initial documents. Live changes
take their datetimes from a clock (real UTC by default), kept strictly increasing so
Change Lists stay in forward chronological order (core 1.1 §12.1) and consecutive
notifications get contiguous from/until intervals (change-notification 1.0.1 §3).
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

EPOCH = datetime(2025, 1, 1, tzinfo=UTC)
SET_NAMES = ("dataset1", "dataset2")
RESOURCE_LISTS_PER_SET = 3
RESOURCES_PER_SET = 600
CLOSED_LISTS_AT_START = 2
MIN_RESOURCES_PER_SET = 500

_WORDS = (
    "archive",
    "record",
    "harvest",
    "sync",
    "mirror",
    "catalog",
    "metadata",
    "item",
    "collection",
    "digital",
    "library",
    "repository",
    "change",
    "resource",
    "source",
    "destination",
    "notice",
    "update",
    "version",
    "index",
    "dump",
    "manifest",
    "list",
)
_TYPES = (("txt", "text/plain"), ("html", "text/html"), ("json", "application/json"))

Clock = Callable[[], datetime]


def w3c_datetime(moment: datetime) -> str:
    """W3C Datetime in UTC (core 1.1 §7), always with milliseconds.

    One fixed width means string order is time order, so readers that compare the
    raw strings (and people scanning a feed) never see ``...:05Z`` sort after
    ``...:05.300Z``.
    """
    moment = moment.astimezone(UTC)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def _truncate_ms(moment: datetime) -> datetime:
    return moment.replace(microsecond=moment.microsecond // 1000 * 1000)


def system_clock() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class Resource:
    """One version of one resource; replaced (never mutated) when it changes."""

    set_name: str
    ident: int
    version: int
    media_type: str
    body: bytes
    lastmod: datetime

    @property
    def name(self) -> str:
        ext = next(e for e, t in _TYPES if t == self.media_type)
        return f"r{self.ident:05d}.{ext}"

    @property
    def path(self) -> str:
        """Path below the base URL."""
        return f"{self.set_name}/resources/{self.name}"

    @property
    def md5(self) -> str:
        return hashlib.md5(self.body).hexdigest()

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.body).hexdigest()

    @property
    def hash_value(self) -> str:
        """The ``rs:md/@hash`` value with both algorithms (core 1.1 §7)."""
        return f"md5:{self.md5} sha-256:{self.sha256}"

    @property
    def list_number(self) -> int:
        """Which of the set's Resource Lists (1-based) holds this resource."""
        return self.ident % RESOURCE_LISTS_PER_SET + 1


@dataclass(frozen=True, slots=True)
class Change:
    """One created/updated/deleted event; ``resource`` is the new version (old one on delete)."""

    kind: str
    at: datetime
    resource: Resource


@dataclass(slots=True)
class ChangeListState:
    """One Change List: closed once ``until`` is set (core 1.1 §12.1)."""

    number: int
    start: datetime
    until: datetime | None = None
    changes: list[Change] = field(default_factory=list)

    @property
    def closed(self) -> bool:
        return self.until is not None


def _body(seed: int, set_name: str, ident: int, version: int, media_type: str) -> bytes:
    rng = random.Random(f"{seed}:{set_name}:{ident}:{version}")
    words = " ".join(rng.choices(_WORDS, k=rng.randint(12, 220)))
    title = f"{set_name} resource {ident} version {version}"
    if media_type == "text/html":
        text = (
            f"<!DOCTYPE html>\n<html><head><title>{title}</title></head>"
            f"<body><h1>{title}</h1><p>{words}</p></body></html>\n"
        )
    elif media_type == "application/json":
        text = json.dumps({"set": set_name, "id": ident, "version": version, "text": words}) + "\n"
    else:
        text = f"{title}\n\n{words}\n"
    return text.encode("utf-8")


class ResourceSet:
    """One set of resources with its own Capability List (core 1.1 §6.1)."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        self.seed = seed
        self.resources: dict[int, Resource] = {}
        self.change_lists: list[ChangeListState] = []
        self.dump_at: datetime = EPOCH
        self.dump_snapshot: tuple[Resource, ...] = ()
        self.next_ident = 1
        self.version = 0
        self.latest: datetime = EPOCH

    def make_resource(
        self, ident: int, version: int, moment: datetime, media_type: str | None = None
    ) -> Resource:
        if media_type is None:
            media_type = _TYPES[ident % len(_TYPES)][1]
        body = _body(self.seed, self.name, ident, version, media_type)
        return Resource(self.name, ident, version, media_type, body, moment)

    @property
    def open_list(self) -> ChangeListState:
        return self.change_lists[-1]

    def resource_by_name(self, name: str) -> Resource | None:
        if not (name.startswith("r") and "." in name):
            return None
        digits = name[1:].split(".", 1)[0]
        if not digits.isdigit():
            return None
        found = self.resources.get(int(digits))
        return found if found is not None and found.name == name else None

    def apply(self, rng: random.Random, moment: datetime, kind: str | None = None) -> Change:
        """Make one change at ``moment`` and append it to the open Change List."""
        if kind is None:
            roll = rng.random()
            kind = "created" if roll < 0.25 else "deleted" if roll < 0.4 else "updated"
        if kind == "deleted" and len(self.resources) <= MIN_RESOURCES_PER_SET:
            kind = "updated"
        if kind == "created":
            ident = self.next_ident
            self.next_ident += 1
            resource = self.make_resource(ident, 1, moment)
            self.resources[ident] = resource
        else:
            ident = rng.choice(sorted(self.resources))
            old = self.resources[ident]
            if kind == "deleted":
                resource = old
                del self.resources[ident]
            else:
                resource = self.make_resource(ident, old.version + 1, moment, old.media_type)
                self.resources[ident] = resource
        change = Change(kind, moment, resource)
        self.open_list.changes.append(change)
        self.latest = moment
        self.version += 1
        return change

    def close_open_list(self, moment: datetime) -> tuple[ChangeListState, ChangeListState]:
        """Close the open Change List at ``moment`` and open the next one starting there."""
        closed = self.open_list
        closed.until = moment
        opened = ChangeListState(closed.number + 1, moment)
        self.change_lists.append(opened)
        self.latest = moment
        self.version += 1
        return closed, opened


class DemoWorld:
    """The whole demo Source: ``SET_NAMES`` resource sets plus the live-change generator."""

    def __init__(
        self, seed: int = 0, changes_per_list: int = 20, clock: Clock | None = None
    ) -> None:
        if changes_per_list < 1:
            raise ValueError("changes_per_list must be at least 1")
        self.seed = seed
        self.changes_per_list = changes_per_list
        self.clock: Clock = clock or system_clock
        self.sets: dict[str, ResourceSet] = {name: ResourceSet(name, seed) for name in SET_NAMES}
        self._live_rng = random.Random(f"{seed}:live")
        self.last_moment = EPOCH
        for resource_set in self.sets.values():
            self._build_history(resource_set)
            self.last_moment = max(self.last_moment, resource_set.latest)

    def _build_history(self, rs: ResourceSet) -> None:
        rng = random.Random(f"{self.seed}:{rs.name}:history")
        for ident in range(1, RESOURCES_PER_SET + 1):
            moment = EPOCH + timedelta(seconds=rng.randrange(0, 30 * 86400))
            rs.resources[ident] = rs.make_resource(ident, 1, moment)
        rs.next_ident = RESOURCES_PER_SET + 1
        start = EPOCH + timedelta(days=30)
        rs.change_lists.append(ChangeListState(1, start))
        day = timedelta(days=1)
        for number in range(1, CLOSED_LISTS_AT_START + 2):
            begin = start + (number - 1) * day
            count = (
                self.changes_per_list
                if number <= CLOSED_LISTS_AT_START
                else max(1, self.changes_per_list // 2)
            )
            span = day if number <= CLOSED_LISTS_AT_START else day / 2
            offsets = sorted(rng.randrange(1, int(span.total_seconds())) for _ in range(count))
            for offset in dict.fromkeys(offsets):
                rs.apply(rng, begin + timedelta(seconds=offset))
            if number <= CLOSED_LISTS_AT_START:
                rs.close_open_list(begin + day)
        rs.dump_at = rs.latest + timedelta(minutes=1)
        rs.dump_snapshot = tuple(rs.resources[i] for i in sorted(rs.resources))
        rs.latest = rs.dump_at

    def next_moment(self) -> datetime:
        """The clock's time, forced strictly after every earlier change (ms resolution)."""
        moment = _truncate_ms(self.clock().astimezone(UTC))
        floor = self.last_moment + timedelta(milliseconds=1)
        self.last_moment = max(moment, floor)
        return self.last_moment

    def random_change(self) -> Change:
        """One live change in a seeded-random set; deterministic given seed and call count."""
        name = self._live_rng.choice(SET_NAMES)
        return self.sets[name].apply(self._live_rng, self.next_moment())

    def change_in(self, set_name: str, kind: str | None = None) -> Change:
        """One live change in a chosen set, of a chosen kind (or a random one)."""
        return self.sets[set_name].apply(self._live_rng, self.next_moment(), kind)

    def needs_rollover(self, set_name: str) -> bool:
        return len(self.sets[set_name].open_list.changes) >= self.changes_per_list

    def rollover(self, set_name: str) -> tuple[ChangeListState, ChangeListState]:
        return self.sets[set_name].close_open_list(self.next_moment())
