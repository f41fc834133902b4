"""Words the engine says, kept as a catalog key and params: what the store and the
events carry, so any language can say them again at the edge (the terminal, the window).

``Phrase`` keeps its English too (``str()``), because ``--json`` and the store's readable
columns show it to scripts; a phrase with no key is outside words (a hub's, a library's),
said as they came in every language. ``to_json``/``from_json`` are how a phrase is stored:
nested phrases and findings in ``params`` keep their own keys and params.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

SAID = "said"
"""The tag of a nested phrase among stored params."""


@dataclass(frozen=True, slots=True)
class Phrase:
    """Text the engine says in English (``str()`` gives it, so f-strings stay as they were)
    and that other languages say through the catalog line ``key`` over ``params`` (a key
    without an area is a conformance check's ``conformance.said.<key>``)."""

    english: str
    key: str
    params: Mapping[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.english

    def __hash__(self) -> int:  # params may hold lists and dicts: the words identify it
        return hash((self.key, self.english))

    def to_json(self) -> dict[str, Any]:
        """The stored form: key, params (JSON values, nested words tagged) and English."""
        return {"key": self.key, "params": encode_params(self.params), "english": self.english}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Phrase:
        return cls(
            str(data.get("english", "")),
            str(data.get("key", "")),
            decode_params(data.get("params") or {}),
        )


def verbatim(text: str) -> Phrase:
    """Words from outside (a library's, a server's), said as they came in every language."""
    return Phrase(text, "")


def as_phrase(value: Phrase | str) -> Phrase:
    """``value`` as a phrase: plain text is outside words, said verbatim."""
    return value if isinstance(value, Phrase) else verbatim(value)


_FINDING = "finding"
"""The tag of a nested finding among stored params."""
_decoders: dict[str, Callable[[Any], object]] = {}
"""How a tagged value other than a phrase is read back: ``explorer.core.findings`` (which
imports this module, so this one cannot import it) registers its findings' reader."""


def read_tagged_with(tag: str, decode: Callable[[Any], object]) -> None:
    """Read stored values tagged ``tag`` back with ``decode``."""
    _decoders[tag] = decode


def encode_params(params: Mapping[str, object]) -> dict[str, Any]:
    """``params`` as JSON values: a nested phrase or finding tagged with its own key and
    params, lists element by element, anything else that is not JSON by its text."""
    return {name: _encode(value) for name, value in params.items()}


def decode_params(data: Mapping[str, Any]) -> dict[str, object]:
    """The inverse of ``encode_params``."""
    return {name: _decode(value) for name, value in data.items()}


def _encode(value: object) -> Any:
    if isinstance(value, Phrase):
        return {SAID: value.to_json()}
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [_encode(part) for part in value]
    to_stored = getattr(value, "to_stored", None)  # a Finding (its module imports this one)
    return {_FINDING: to_stored()} if callable(to_stored) else str(value)


def _decode(value: Any) -> object:
    if isinstance(value, dict) and len(value) == 1:
        if SAID in value:
            return Phrase.from_json(value[SAID])
        (tag,) = value
        if tag in _decoders:
            return _decoders[tag](value[tag])
    if isinstance(value, list):
        return [_decode(part) for part in value]
    return value
