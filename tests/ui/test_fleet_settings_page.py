"""Settings ▸ Fleet: the fleet database is kept without its password (Settings are kept
in clear), and the page says so while the address holds one."""

from __future__ import annotations

from explorer.ui.settings.settings_dialog import app_settings_dialog
from explorer.ui.settings.settings_pages import FleetPage
from explorer.ui.shared.app_settings import AppSettings, load_settings, save_settings


def test_the_dsn_is_kept_without_its_password(qtbot, settings) -> None:
    values = AppSettings()
    page = FleetPage(values)
    qtbot.addWidget(page)
    assert page.dsn.text() == "" and page.password_warning.isHidden()  # no fleet by default
    page.dsn.setText("postgresql://watcher:s3cret@db.example.org/fleet")
    assert not page.password_warning.isHidden()
    page.apply()
    assert values.fleet_dsn == "postgresql://watcher@db.example.org/fleet"
    save_settings(settings, values)
    assert load_settings(settings).fleet_dsn == values.fleet_dsn
    page.dsn.setText(values.fleet_dsn)
    assert page.password_warning.isHidden()


def test_the_dialog_has_a_fleet_page(qtbot) -> None:
    dialog = app_settings_dialog(None, AppSettings(fleet_dsn="host=/run/postgresql dbname=f"))
    qtbot.addWidget(dialog)
    page = dialog.page("Fleet")
    assert isinstance(page, FleetPage) and page.dsn.text() == "host=/run/postgresql dbname=f"
