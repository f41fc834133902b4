"""Preferences are declared once, as fields: every field saved is loaded again, and odd
stored values fall back to the field's default or are clamped to its bounds."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from explorer.ui.shared.app_settings import (
    KEYS,
    AppSettings,
    Conversion,
    load_settings,
    save_settings,
)


def _other_value(name: str, conversion: Conversion, default: Any) -> Any:
    """A valid value for the field that is not its default."""
    if conversion.choices is not None:
        return next(choice for choice in conversion.choices if choice != default)
    if conversion.bounds is not None:
        high = conversion.bounds[1]
        return conversion.kind(high if high != default else conversion.bounds[0])
    if conversion.kind is str:
        return f"{default}changed-{name}"
    return conversion.kind(default + 1)


def _changed_everywhere() -> AppSettings:
    default = AppSettings()
    changes = {
        each.name: _other_value(each.name, each.metadata["conversion"], getattr(default, each.name))
        for each in fields(AppSettings)
    }
    return replace(default, **changes)


def test_every_field_declares_how_it_is_read_back() -> None:
    for each in fields(AppSettings):
        assert isinstance(each.metadata.get("conversion"), Conversion), each.name


def test_every_field_round_trips_through_the_store(settings: QSettings) -> None:
    changed = _changed_everywhere()
    for each in fields(AppSettings):  # the test itself would prove nothing otherwise
        assert getattr(changed, each.name) != getattr(AppSettings(), each.name), each.name
    save_settings(settings, changed)
    assert load_settings(settings) == changed


@pytest.mark.parametrize("name", [each.name for each in fields(AppSettings)])
def test_a_field_saved_is_a_field_loaded(settings: QSettings, name: str) -> None:
    """Each field on its own: saved with a value that is not its default, it comes back
    with that value (a field the loader forgot would come back as its default)."""
    changed = _changed_everywhere()
    save_settings(settings, replace(AppSettings(), **{name: getattr(changed, name)}))
    assert getattr(load_settings(settings), name) == getattr(changed, name)


def test_odd_values_fall_back_or_are_clamped(settings: QSettings) -> None:
    settings.setValue(KEYS["callback_port"], "99999")
    settings.setValue(KEYS["retries"], "-4")
    settings.setValue(KEYS["request_timeout"], "soon")
    settings.setValue(KEYS["theme"], "purple")
    settings.setValue(KEYS["callback_host"], "   ")
    settings.setValue(KEYS["public_url"], "  https://tunnel.example/cb  ")
    loaded = load_settings(settings)
    assert loaded.callback_port == 65535
    assert loaded.retries == 0
    assert loaded.request_timeout == AppSettings().request_timeout
    assert loaded.theme == AppSettings().theme
    assert loaded.callback_host == AppSettings().callback_host
    assert loaded.public_url == "https://tunnel.example/cb"
    assert isinstance(loaded.callback_port, int)
    assert isinstance(loaded.request_timeout, float)


def test_nothing_stored_is_the_defaults(settings: QSettings) -> None:
    assert load_settings(settings) == AppSettings()
