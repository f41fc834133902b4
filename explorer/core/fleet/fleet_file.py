"""A fleet file: the Sources to watch and what to do with each, as TOML.

::

    [[source]]
    url = "https://data.example.org/.well-known/resourcesync"
    snapshot_every = "1h"          # "20s", "15m", "1h", "2d"
    max_rate = 2                    # requests per second to each host the run contacts
    reconcile = true                # push-and-poll reconcile results land in the health
    audit = { dest = "/srv/mirror", map = { "https://cdn.example.org/" = "/srv/cdn" } }
    credentials = "/etc/explorer/credentials.toml"   # a credentials file, by its path

A secret never sits in the fleet file: the file is shared, loaded into a database many
workers read, and pasted into tickets. Credentials are named by reference (the same
credentials file ``--credentials`` reads, per origin), and a ``token``, ``password`` or
header written inline is refused with the fix. Every refusal names the file, the line and
what to write instead; tomllib gives values without lines, so the line of a Source is found
from its ``[[source]]`` header and the line of a key from its ``key =`` inside that block.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from explorer.core.fleet.durations import format_duration, parse_duration
from explorer.core.said_error import SaidError

DEFAULT_PERIOD = 3600
"""A Source's period when its table names none: hourly, as most aggregators harvest."""
DEFAULT_MAX_RATE = 2.0
"""Requests per second to one host when a Source names no ``max_rate``: polite to a
repository's web server, still a thousand documents in under ten minutes."""
MAX_RATE_CEILING = 1000.0

KEYS = ("url", "snapshot_every", "audit", "reconcile", "max_rate", "credentials")
SECRET_KEYS = frozenset(
    {"token", "password", "user", "headers", "secret", "api_key", "apikey", "authorization"}
)
"""Keys that carry a secret in a credentials file; inline in a fleet file they are refused."""
AUDIT_KEYS = ("dest", "map")


class FleetFileError(SaidError, ValueError):
    """A fleet file (or a Source given on the command line) that cannot be used as written."""


@dataclass(frozen=True, slots=True)
class AuditPlan:
    """``audit = {dest, map}``: the Destination's folder, and URL prefixes served from others."""

    dest: str
    map: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"dest": self.dest, "map": [list(pair) for pair in self.map]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> AuditPlan:
        return cls(str(data["dest"]), tuple((str(p), str(f)) for p, f in data.get("map", [])))


@dataclass(frozen=True, slots=True)
class SourcePlan:
    """One Source of the fleet and what each of its runs does."""

    url: str
    period: int = DEFAULT_PERIOD
    max_rate: float = DEFAULT_MAX_RATE
    reconcile: bool = False
    audit: AuditPlan | None = None
    credentials: str | None = field(default=None)
    """The path of a credentials file (never a secret itself)."""

    def to_json(self) -> dict[str, Any]:
        """The stored form (the database's ``config`` column); ``from_json`` reads it back."""
        return {
            "url": self.url,
            "snapshot_every": format_duration(self.period),
            "max_rate": self.max_rate,
            "reconcile": self.reconcile,
            "audit": self.audit.to_json() if self.audit is not None else None,
            "credentials": self.credentials,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SourcePlan:
        audit = data.get("audit")
        return cls(
            url=str(data["url"]),
            period=parse_duration(str(data.get("snapshot_every", "1h"))) or DEFAULT_PERIOD,
            max_rate=float(data.get("max_rate", DEFAULT_MAX_RATE)),
            reconcile=bool(data.get("reconcile", False)),
            audit=AuditPlan.from_json(audit) if audit else None,
            credentials=data.get("credentials"),
        )


_HEADER = re.compile(r"^\s*\[\[\s*source\s*\]\]")
_LINE_IN_DETAIL = re.compile(r"line (\d+)")


def parse_fleet(text: str, path: str) -> list[SourcePlan]:
    """The Sources of a fleet file, in file order; ``FleetFileError`` names line and fix."""
    import tomllib  # only where a fleet file is read

    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        found = _LINE_IN_DETAIL.search(str(exc))
        raise FleetFileError(
            "fleet.file.not-toml", path=path, line=found.group(1) if found else "?"
        ) from None
    lines = text.splitlines()
    headers = [number for number, line in enumerate(lines, 1) if _HEADER.match(line)]
    extra = sorted(set(table) - {"source"})
    if extra:
        raise FleetFileError("fleet.file.unknown-table", path=path, key=extra[0])
    sources = table.get("source")
    if not isinstance(sources, list) or not sources:
        raise FleetFileError("fleet.file.no-sources", path=path)
    plans: list[SourcePlan] = []
    seen: dict[str, int] = {}
    for index, raw in enumerate(sources):
        start = headers[index] if index < len(headers) else 1
        end = headers[index + 1] if index + 1 < len(headers) else len(lines) + 1
        where = _Where(path, lines, start, end)
        plan = source_plan(raw, where)
        if plan.url in seen:
            raise FleetFileError(
                "fleet.file.duplicate-url",
                path=path,
                line=where.line_of("url"),
                url=plan.url,
                first=seen[plan.url],
            )
        seen[plan.url] = where.line_of("url")
        plans.append(plan)
    return plans


@dataclass(frozen=True, slots=True)
class _Where:
    """A Source's block of lines, to name the line of a key it holds."""

    path: str
    lines: list[str]
    start: int
    end: int

    def line_of(self, key: str) -> int:
        pattern = re.compile(rf"^\s*[\"']?{re.escape(key)}[\"']?\s*=")
        for number in range(self.start, self.end):
            if pattern.match(self.lines[number - 1]):
                return number
        return self.start

    def refuse(self, name: str, key: str, **params: object) -> FleetFileError:
        return FleetFileError(
            f"fleet.file.{name}", path=self.path, line=self.line_of(key), key=key, **params
        )


def source_plan(raw: object, where: _Where) -> SourcePlan:
    """One ``[[source]]`` table checked key by key."""
    if not isinstance(raw, dict):
        raise where.refuse("not-a-table", "source")
    for key in raw:
        if key.lower() in SECRET_KEYS:
            raise where.refuse("inline-secret", key)
        if key not in KEYS:
            raise where.refuse("unknown-key", key, known=", ".join(KEYS))
    url = raw.get("url")
    if not isinstance(url, str) or not is_source_url(url):
        raise where.refuse("bad-url", "url", url=str(url) if url is not None else "")
    period = raw.get("snapshot_every", format_duration(DEFAULT_PERIOD))
    seconds = parse_duration(period) if isinstance(period, str) else None
    if seconds is None:
        raise where.refuse("bad-duration", "snapshot_every", value=str(period))
    rate = raw.get("max_rate", DEFAULT_MAX_RATE)
    if isinstance(rate, bool) or not isinstance(rate, int | float) or not 0 < rate <= 1000:
        raise where.refuse("bad-rate", "max_rate", value=str(rate), ceiling=int(MAX_RATE_CEILING))
    reconcile = raw.get("reconcile", False)
    if not isinstance(reconcile, bool):
        raise where.refuse("bad-bool", "reconcile", value=str(reconcile))
    credentials = raw.get("credentials")
    if isinstance(credentials, dict):
        raise where.refuse("inline-secret", "credentials")
    if credentials is not None and (not isinstance(credentials, str) or not credentials.strip()):
        raise where.refuse("bad-credentials", "credentials")
    return SourcePlan(
        url=url.strip(),
        period=seconds,
        max_rate=float(rate),
        reconcile=reconcile,
        audit=_audit_plan(raw.get("audit"), where),
        credentials=credentials.strip() if credentials else None,
    )


def _audit_plan(raw: object, where: _Where) -> AuditPlan | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or not isinstance(raw.get("dest"), str) or not raw["dest"]:
        raise where.refuse("bad-audit", "audit")
    unknown = sorted(set(raw) - set(AUDIT_KEYS))
    if unknown:
        raise where.refuse("bad-audit", "audit")
    mapped = raw.get("map", {})
    if not isinstance(mapped, dict) or not all(
        isinstance(folder, str) and is_source_url(prefix) for prefix, folder in mapped.items()
    ):
        raise where.refuse("bad-audit", "audit")
    return AuditPlan(raw["dest"], tuple(mapped.items()))


def is_source_url(url: str) -> bool:
    """An ``http``/``https`` URL naming a host: what a run can fetch."""
    parts = urlsplit(url.strip())
    return parts.scheme in ("http", "https") and bool(parts.hostname)
