"""The explorer's preferences over QSettings: one place for every key and its default.

Pages of the Settings dialog read and write an ``AppSettings``; start-up reads it once
and hands the values to the engines (fetch timeout and retries, the callback server's
address, port and public URL, the feed's size) and to the look (theme, language).
Values come back from QSettings as strings on some platforms, so each is converted and
clamped here rather than trusted.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

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


@dataclass(slots=True)
class AppSettings:
    """What the user chose in Settings (defaults: a local callback server on any port)."""

    callback_host: str = "127.0.0.1"
    callback_port: int = 0  # 0: any free port (a fixed one for a tunnel or a firewall rule)
    public_url: str = ""  # the callback's address as hubs see it (a tunnel), empty: local
    request_timeout: float = 20.0  # seconds for one document request to answer
    retries: int = 2  # extra attempts after a connection failure
    theme: str = "system"
    language: str = "system"  # the system locale's, when it is one the explorer speaks
    feed_size: int = 10_000  # deliveries the live feed keeps on screen


KEYS = {field.name: f"preferences/{field.name}" for field in fields(AppSettings)}


def _clamp(value: float, bounds: tuple[float, float]) -> float:
    return min(max(value, bounds[0]), bounds[1])


def load_settings(store: QSettings) -> AppSettings:
    """Read the preferences, falling back to the default for anything missing or odd."""
    default = AppSettings()

    def text(name: str) -> str:
        value = store.value(KEYS[name], getattr(default, name))
        return str(value) if value is not None else getattr(default, name)

    def number(name: str, kind: type[int] | type[float]) -> float:
        try:
            return kind(text(name))
        except ValueError:
            return getattr(default, name)

    theme = text("theme")
    language = text("language")
    return AppSettings(
        callback_host=text("callback_host").strip() or default.callback_host,
        callback_port=int(_clamp(number("callback_port", int), (0, 65535))),
        public_url=text("public_url").strip(),
        request_timeout=float(_clamp(number("request_timeout", float), TIMEOUT_RANGE)),
        retries=int(_clamp(number("retries", int), RETRIES_RANGE)),
        theme=theme if theme in THEMES else default.theme,
        language=language if language in dict(LANGUAGES) else default.language,
        feed_size=int(_clamp(number("feed_size", int), FEED_SIZE_RANGE)),
    )


def save_settings(store: QSettings, values: AppSettings) -> None:
    for field in fields(AppSettings):
        store.setValue(KEYS[field.name], getattr(values, field.name))
    store.sync()
