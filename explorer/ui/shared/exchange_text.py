"""An HTTP exchange as text: its detail (request and response, masked), its body
pretty-printed, and the curl command that repeats it. The inspector shows them, and the
hub workbench its own exchanges the same way."""

from __future__ import annotations

import json
import shlex
from datetime import UTC, datetime

from PySide6.QtCore import QCoreApplication

from explorer.core.auth import mask_headers
from explorer.core.changes.line_diff import canonical_text
from explorer.core.parser import DocumentParseError
from explorer.core.words.engine_words import event_name
from explorer.net.store.records import ExchangeRecord
from explorer.ui.language import ui_language


def pretty_body(body: bytes | None, content_type: str | None) -> str:
    """XML indented by the core's canonicaliser, JSON indented, anything else as text."""
    if not body:
        return ""
    kind = (content_type or "").lower()
    if "json" in kind:
        try:
            return json.dumps(json.loads(body), indent=2, ensure_ascii=False)
        except ValueError:
            pass
    if "xml" in kind or body.lstrip()[:1] == b"<":
        try:
            return canonical_text(body)
        except (DocumentParseError, ValueError):
            pass
    return body.decode("utf-8", "replace")


def _header(headers: list[tuple[str, str]], name: str) -> str | None:
    return next((value for key, value in headers if key.lower() == name), None)


def curl_command(record: ExchangeRecord, credentials: dict[str, str] | None = None) -> str:
    """The request as a shell command (bodies as sent, when they were kept whole), its
    credential headers masked; ``credentials`` (name: real value) are put in instead only
    when given, for the explicit "with credentials" copy."""
    parts = ["curl", "-i", "-X", record.method, shlex.quote(record.url)]
    real = {name.lower(): (name, value) for name, value in (credentials or {}).items()}
    headers = [
        real.pop(name.lower(), (name, value))
        for name, value in mask_headers(record.request_headers, real)
    ]
    for name, value in headers + list(real.values()):
        if name.lower() not in ("host", "content-length", "accept-encoding", "connection"):
            parts += ["-H", shlex.quote(f"{name}: {value}")]
    if record.request_body:
        parts += ["--data-binary", shlex.quote(record.request_body.decode("utf-8", "replace"))]
    return " ".join(parts)


def describe(record: ExchangeRecord) -> str:
    """The detail text: request and response with headers, bodies and timing."""
    when = datetime.fromtimestamp(record.time, UTC).isoformat(timespec="milliseconds")
    lines = [
        f"{record.method} {record.url}",
        (
            QCoreApplication.translate("InspectorPanel", "received {when} · kind {kind}")
            if record.direction == "in"
            else QCoreApplication.translate("InspectorPanel", "sent {when} · kind {kind}")
        ).format(when=when, kind=kind_text(record))
        + (f" · {record.duration_ms:.1f} ms" if record.duration_ms is not None else ""),
    ]
    if record.error:
        lines.append(
            QCoreApplication.translate("InspectorPanel", "error: {error}").format(
                error=record.error
            )
        )
    lines.append("")
    lines += _message(
        mask_headers(record.request_headers),
        record.request_body,
        record.request_size,
        record.body_cap,
    )
    answer = (
        record.status
        if record.status is not None
        else QCoreApplication.translate("InspectorPanel", "no response")
    )
    lines += ["", f"← {answer}"]
    lines += _message(
        mask_headers(record.response_headers),
        record.response_body,
        record.response_size,
        record.body_cap,
    )
    return "\n".join(lines)


def _message(
    headers: list[tuple[str, str]], body: bytes | None, size: int | None, cap: int
) -> list[str]:
    """One side of an exchange: its headers, then its body, saying when only part was kept."""
    lines = [f"{name}: {value}" for name, value in headers]
    if body:
        lines += ["", pretty_body(body, _header(headers, "content-type"))]
        if size and size > len(body) and size > cap:  # cut at the cap (a masked one is shorter)
            kept = QCoreApplication.translate(
                "InspectorPanel", "… first {kept} of {size} bytes kept (cap {cap})"
            )
            lines.append(kept.format(kept=f"{len(body):,}", size=f"{size:,}", cap=f"{cap:,}"))
    return lines


def kind_text(record: ExchangeRecord) -> str:
    """What the exchange was for (``subscribe``, ``delivery``, ``crawl``…) in the
    interface language, in the command line's words for it."""
    return event_name(record.kind, ui_language(), "cli.exchange.kind-")
