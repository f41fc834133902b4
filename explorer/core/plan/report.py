"""A plan: the runs a client would make, what forces refetching, and what the prediction
assumes; words as catalog keys and params (``Note``), said in the reader's language by
the command line. Other engines (incremental safety, OAI-PMH parity) add ``Section``s."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from explorer.core.findings import Finding, finding
from explorer.core.plan.profiles import Profile, Timing

BASELINE, INCREMENTAL, AUDIT = "baseline", "incremental", "audit"
RUN_NAMES = (BASELINE, INCREMENTAL, AUDIT)


@dataclass(frozen=True, slots=True)
class Note:
    """Something the reader must know to trust a figure: a catalog key ``plan.note.<key>``
    and its params."""

    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


@dataclass
class Run:
    """One run: ``documents`` and ``resources`` to GET, their body bytes (``bytes``, with
    ``estimated`` resources sized from the HEAD sample or the mean length), the header
    bytes beside them on the wire, and its wall time at the profile."""

    documents: int
    resources: int
    bytes: int
    header_bytes: int
    seconds: float
    estimated: int = 0
    dump_saves: int | None = None
    """Requests a Resource Dump would save (resources minus packages); None without one."""
    dump_saves_wire: int = 0
    """Header bytes on the wire those requests would have taken."""
    copy: Run | None = None
    """With ``--dest``: what the local copy then needs, said separately."""
    notes: list[Note] = field(default_factory=list)

    @property
    def requests(self) -> int:
        return self.documents + self.resources

    @property
    def wire_bytes(self) -> int:
        return self.bytes + self.header_bytes

    def to_json(self) -> dict[str, Any]:
        shown: dict[str, Any] = {
            "requests": self.requests,
            "bytes": self.bytes,
            "wire_bytes": self.wire_bytes,
            "seconds": round(self.seconds, 3),
            "documents": self.documents,
            "resources": self.resources,
            "estimated_lengths": self.estimated,
            "dump_saves_requests": self.dump_saves,
            "dump_saves_wire_bytes": self.dump_saves_wire if self.dump_saves is not None else None,
            "notes": [note.to_json() for note in self.notes],
        }
        if self.copy is not None:
            shown["copy"] = self.copy.to_json()
        return shown


@dataclass(frozen=True, slots=True)
class Refetch:
    """A reason a client fetches resources again, the finding ``refetch.<reason>``, with
    the resources (and entries) it concerns."""

    reason: str
    resources: int
    entries: int

    def finding(self) -> Finding:
        params = {"resources": self.resources, "entries": self.entries}
        return finding(f"refetch.{self.reason}", params=params)

    def to_json(self) -> dict[str, Any]:
        shown = {"reason": self.reason, "resources": self.resources, "entries": self.entries}
        return {**self.finding().to_json(), **shown}


@dataclass(frozen=True)
class Section:
    """A part of the plan another engine adds: its JSON member ``key`` with ``value``, and
    its lines in the reader's language (``lines(lang)``)."""

    key: str
    value: Any
    lines: Callable[[str], list[str]]


@dataclass
class Plan:
    """What ``plan`` found: the Source, the profile and delay, the measured speed, the
    runs by name (a run that cannot be predicted is absent, with a note saying why), the
    refetch reasons, notes, and the sections other engines added."""

    source: str
    profile: Profile
    delay: float
    timing: Timing
    since: float | None
    runs: dict[str, Run] = field(default_factory=dict)
    refetch: list[Refetch] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        shown: dict[str, Any] = {
            "source": self.source,
            "profile": str(self.profile),
            "delay": self.delay,
            "timing": {
                "latency": round(self.timing.latency, 6),
                "throughput": self.timing.throughput,
                "samples": self.timing.samples,
            },
            "from": self.since,
            "runs": {name: run.to_json() for name, run in self.runs.items()},
            "refetch": [reason.to_json() for reason in self.refetch],
            "notes": [note.to_json() for note in self.notes],
            "incremental_safety": [],
        }
        for section in self.sections:
            shown[section.key] = section.value
        return shown
