"""at/completed and from/until on any ``rs:md``, document-level or entry-level (core 1.1 §7).

Both places share the same syntax and ordering rules, so one function judges them and
returns the parsed values for the callers' own, place-specific checks.
"""

from __future__ import annotations

from explorer.core.findings import Finding, finding
from explorer.core.rules.datetimes import datetime_hint, parse_w3c_datetime
from explorer.core.words.messages import Phrase

TIME_ATTRIBUTES = ("at", "completed", "from", "until")


def check_time_attributes(
    md: dict[str, str], where: Phrase, line: int | None, out: list[Finding]
) -> dict[str, float]:
    """Report unparseable datetimes, completed < at and until < from; ``where`` names the
    element in messages (``phrases.place``: "on the document <rs:md>")."""
    values: dict[str, float] = {}
    for attribute in TIME_ATTRIBUTES:
        raw = md.get(attribute)
        if raw is None:
            continue
        parsed = parse_w3c_datetime(raw)
        if parsed is None:
            out.append(
                finding(
                    "document.datetime-invalid",
                    line=line,
                    params={
                        "attribute": attribute,
                        "value": raw,
                        "where": where,
                        "explanation": datetime_hint(raw),
                    },
                    variant="where",
                )
            )
        else:
            values[attribute] = parsed
    if "at" in values and "completed" in values and values["completed"] < values["at"]:
        out.append(
            finding(
                "document.completed-before-at",
                line=line,
                params={"completed": md["completed"], "at": md["at"], "where": where},
            )
        )
    if "from" in values and "until" in values and values["until"] < values["from"]:
        out.append(
            finding(
                "document.until-before-from",
                line=line,
                params={"until": md["until"], "start": md["from"], "where": where},
            )
        )
    return values
