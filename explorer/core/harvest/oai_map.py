"""From an OAI identifier to the loc of the same resource in the ResourceSync view.

A repository names one item twice: ``oai:repo.example.org:123`` in OAI-PMH,
``https://repo.example.org/records/123`` in its Resource List. ``--oai-map`` states the
link as one template, ``OAI_TEMPLATE=LOC_TEMPLATE``, each side holding ``{id}`` once. Without
it the plan guesses a template from the records themselves (``candidates``: the local
part of an OAI identifier, found inside a loc) and says that it guessed, since a parity
table over a wrong guess names every record.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from explorer.core.said_error import SaidError

PLACEHOLDER = "{id}"
EXAMPLE = "oai:repo.example.org:{id}=https://repo.example.org/records/{id}"


class MapError(SaidError):
    """An ``--oai-map`` value that cannot be a template, said with the fix."""


@dataclass(frozen=True, slots=True)
class IdentifierMap:
    """``oai_template`` and ``loc_template`` around one ``{id}`` each."""

    oai_template: str
    loc_template: str
    pattern: re.Pattern[str] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        prefix, _, suffix = self.oai_template.partition(PLACEHOLDER)
        pattern = re.compile(re.escape(prefix) + "(.+)" + re.escape(suffix), re.DOTALL)
        object.__setattr__(self, "pattern", pattern)

    @property
    def text(self) -> str:
        """The template as ``--oai-map`` takes it."""
        return f"{self.oai_template}={self.loc_template}"

    def loc(self, identifier: str) -> str | None:
        """The loc the identifier maps to; None for one the template does not fit."""
        found = self.pattern.fullmatch(identifier)
        if found is None:
            return None
        return self.loc_template.replace(PLACEHOLDER, found.group(1))


IDENTITY = IdentifierMap(PLACEHOLDER, PLACEHOLDER)
"""Identifiers that are the locs themselves (some repositories use the URL)."""


def parse_map(text: str) -> IdentifierMap:
    """``OAI_TEMPLATE=LOC_TEMPLATE``, split at the first ``=`` after the OAI side's
    ``{id}`` (a loc may hold ``=`` in its query); ``MapError`` naming the fix otherwise."""
    start = text.find(PLACEHOLDER)
    split = text.find("=", start + len(PLACEHOLDER)) if start >= 0 else -1
    if start < 0 or split < 0:
        raise MapError("harvest.map-shape", value=text, placeholder=PLACEHOLDER, example=EXAMPLE)
    oai_side, loc_side = text[:split].strip(), text[split + 1 :].strip()
    if oai_side.count(PLACEHOLDER) != 1 or loc_side.count(PLACEHOLDER) != 1:
        raise MapError("harvest.map-shape", value=text, placeholder=PLACEHOLDER, example=EXAMPLE)
    return IdentifierMap(oai_side, loc_side)


def local_part(identifier: str) -> str:
    """The local identifier of ``oai:<namespace>:<local>`` (OAI-PMH's oai-identifier
    scheme); the whole identifier when it has another shape."""
    if identifier.startswith("oai:"):
        parts = identifier.split(":", 2)
        if len(parts) == 3 and parts[2]:
            return parts[2]
    return identifier


def candidates(identifier: str, locs: list[str]) -> list[IdentifierMap]:
    """Templates that would map ``identifier`` to one of ``locs`` (locs that contain its
    local part), the identity first when the identifier is a loc itself; the caller keeps
    the one that maps most of a sample."""
    found: list[IdentifierMap] = []
    if identifier in locs:
        found.append(IDENTITY)
    local = local_part(identifier)
    oai_template = identifier[: len(identifier) - len(local)] + PLACEHOLDER
    for loc in locs:
        at = loc.rfind(local)
        if at < 0:
            continue
        template = IdentifierMap(oai_template, loc[:at] + PLACEHOLDER + loc[at + len(local) :])
        if template not in found:
            found.append(template)
    return found
