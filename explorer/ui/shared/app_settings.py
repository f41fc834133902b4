"""The explorer's preferences over QSettings: one place for every key and its default.

Pages of the Settings dialog read and write an ``AppSettings``; start-up reads it once
and hands the values to the engines (fetch timeout and retries, the callback server's
address, port and public URL, the feed's size) and to the look (theme, language).

Each field says how its stored value is read back (``setting(...)``: a kind, bounds or
the allowed choices), and ``load_settings``/``save_settings`` are made from the fields,
so a new preference is one field: it cannot be saved and then forgotten at start-up.
Values come back from QSettings as strings on some platforms, so each is converted and
clamped by its field rather than trusted.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any

from PySide6.QtCore import QSettings

from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP

THEMES = ("system", "light", "dark")
LANGUAGES = (
    ("system", QT_TRANSLATE_NOOP("AppearancePage", "System language")),
    ("en", "English"),  # each language named in itself, never translated
    ("ja", "日本語 (Japanese)"),
)
FEED_SIZE_RANGE = (100, 100_000)
TIMEOUT_RANGE = (1.0, 600.0)
RETRIES_RANGE = (0, 10)
PORT_RANGE = (0, 65535)


@dataclass(frozen=True, slots=True)
class Conversion:
    """How one stored value becomes a field's value again: its ``kind`` (``str``, ``int``
    or ``float``), the ``bounds`` a number is clamped to, the ``choices`` a text must be
    one of, and whether text is ``stripped`` (and, when ``required``, never empty)."""

    kind: type[str] | type[int] | type[float] = str
    bounds: tuple[float, float] | None = None
    choices: tuple[str, ...] | None = None
    stripped: bool = False
    required: bool = False

    def read(self, raw: object, default: Any) -> Any:
        """``raw`` as QSettings gave it back; ``default`` for anything missing or odd."""
        if raw is None:
            return default
        text = str(raw).strip() if self.stripped else str(raw)
        if self.kind is str:
            if self.required and not text:
                return default
            if self.choices is not None and text not in self.choices:
                return default
            return text
        try:
            number = self.kind(text)
        except ValueError:
            return default
        if self.bounds is not None:
            number = min(max(number, self.bounds[0]), self.bounds[1])
        return self.kind(number)


def setting(default: Any, **conversion: Any) -> Any:
    """A preference field: its ``default`` and the ``Conversion`` that reads it back."""
    return field(default=default, metadata={"conversion": Conversion(**conversion)})


@dataclass(slots=True)
class AppSettings:
    """What the user chose in Settings (defaults: a local callback server on any port)."""

    callback_host: str = setting("127.0.0.1", stripped=True, required=True)
    callback_port: int = setting(0, kind=int, bounds=PORT_RANGE)
    """0: any free port (a fixed one for a tunnel or a firewall rule)"""
    public_url: str = setting("", stripped=True)
    """the callback's address as hubs see it (a tunnel), empty: local"""
    request_timeout: float = setting(20.0, kind=float, bounds=TIMEOUT_RANGE)
    """seconds for one document request to answer"""
    retries: int = setting(2, kind=int, bounds=RETRIES_RANGE)
    """extra attempts after a connection failure"""
    theme: str = setting("system", choices=THEMES)
    language: str = setting("system", choices=tuple(code for code, _ in LANGUAGES))
    """the system locale's, when it is one the explorer speaks"""
    feed_size: int = setting(10_000, kind=int, bounds=FEED_SIZE_RANGE)
    """deliveries the live feed keeps on screen"""
    fleet_dsn: str = setting("", stripped=True)
    """the fleet's PostgreSQL database, without its password (libpq's password file holds
    it: Settings are kept in clear); empty: no fleet"""


def _conversions() -> Iterable[tuple[str, Conversion]]:
    for each in fields(AppSettings):
        yield each.name, each.metadata["conversion"]


KEYS = {each.name: f"preferences/{each.name}" for each in fields(AppSettings)}


def load_settings(store: QSettings) -> AppSettings:
    """Read the preferences, falling back to the default for anything missing or odd."""
    default = AppSettings()
    values = {
        name: conversion.read(store.value(KEYS[name]), getattr(default, name))
        for name, conversion in _conversions()
    }
    return AppSettings(**values)


def save_settings(store: QSettings, values: AppSettings) -> None:
    for name, _ in _conversions():
        store.setValue(KEYS[name], getattr(values, name))
    store.sync()
