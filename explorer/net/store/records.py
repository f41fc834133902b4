"""The records the store's rows become: what the rest of the explorer reads and writes.

They live apart from ``database`` (the SQLite file, its writer thread and its SQL) so
that a module which only passes records along (a report, an export, a window panel) does
not depend on how they are stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from explorer.core.findings import Finding
from explorer.core.phrase import Phrase


@dataclass(slots=True)
class NotificationRecord:
    """One stored delivery: status is ``notification`` or ``rejected`` (bad signature)."""

    subscription_id: str
    topic: str
    received: float
    status: str
    signature: str
    body: bytes
    headers: list[tuple[str, str]]
    content_type: str | None = None
    reason: Phrase | None = None  # why it was rejected: the engine's words or outside ones
    capability: str | None = None
    from_time: str | None = None
    until_time: str | None = None
    summary: dict[str, Any] | None = None
    findings: list[Finding] = field(default_factory=list)
    id: int | None = None


@dataclass(slots=True)
class ExchangeRecord:
    """One HTTP exchange, either direction; bodies already capped at ``body_cap`` bytes."""

    time: float
    direction: str  # "out": the explorer sent the request; "in": it received it
    kind: str  # subscribe, unsubscribe, verification, delivery, topic-check, other
    method: str
    url: str
    status: int | None
    request_headers: list[tuple[str, str]]
    request_body: bytes | None
    request_size: int | None
    response_headers: list[tuple[str, str]]
    response_body: bytes | None
    response_size: int | None
    body_cap: int
    duration_ms: float | None = None
    error: str | None = None
    id: int | None = None
