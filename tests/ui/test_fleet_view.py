"""Tools ▸ Fleet… in the window: the health table of runs made by the fleet's runner,
the problems-only filter, sorting, the latest snapshot opened in the Source tree, and
what the view says when the database cannot be read (unreachable, no driver)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from helpers.fleet_db import fresh_database
from helpers.fleet_sources import FleetSite, Resource, fleet_site
from PySide6.QtCore import Qt

from explorer.core.fleet.fleet_file import SourcePlan
from explorer.net.fleet.database import FleetDatabase
from explorer.net.fleet.runner import run_source
from explorer.ui.fleet.fleet_actions import FLEET_ACTIONS
from explorer.ui.fleet.fleet_model import FleetModel
from explorer.ui.fleet.fleet_panel import FleetPanel
from explorer.ui.shared.columns import column_index

FAST = {"max_rate": 1000.0}
pytestmark = pytest.mark.qt_log_ignore("does not support raise")  # the window, offscreen


@pytest.fixture(scope="module")
def fleet(cluster: str) -> Iterator[tuple[str, dict[str, str]]]:
    """One fleet for the module: Source "good" checked and fine, "bad" with a broken
    date (findings), "down" unreachable, "new" never run (stale)."""
    dsn = fresh_database(cluster)
    with fleet_site() as site, FleetDatabase.connect(dsn) as database:
        database.migrate()
        urls = _serve(site)
        for url in urls.values():
            database.put_source(SourcePlan(url, **FAST))
        for name in ("good", "bad", "down"):
            run_source(dsn, urls[name])
        yield dsn, urls


def _serve(site: FleetSite) -> dict[str, str]:
    urls = {
        "good": site.put("good", [[Resource("/r/1"), Resource("/r/2")], [Resource("/r/3")]]),
        "bad": site.put("bad", [[Resource("/r/1", lastmod="yesterday")]]),
        "down": site.put("down", [[Resource("/r/1")]]),
        "new": site.put("new", [[Resource("/r/1")]]),
    }
    site.failing.add("/down/description.xml")
    return urls


def _panel(window: Any, qtbot: Any, dsn: str) -> FleetPanel:
    window.preferences.fleet_dsn = dsn
    panel = window.part(FLEET_ACTIONS).show_fleet()
    qtbot.addWidget(panel)
    qtbot.waitUntil(lambda: panel.refresh_button.isEnabled(), timeout=20000)
    return panel


def _cells(model: FleetModel, key: str) -> list[str]:
    column = column_index(model.columns, key)
    return [model.index(row, column).data() for row in range(model.rowCount())]


def _by_url(model: FleetModel, key: str) -> dict[str, str]:
    return dict(zip(_cells(model, "url"), _cells(model, key), strict=True))


def test_the_table_lists_every_source_with_its_state(window, qtbot, fleet) -> None:
    dsn, urls = fleet
    panel = _panel(window, qtbot, dsn)
    assert panel.message.isHidden(), panel.message.text()
    states = _by_url(panel.model, "state")
    assert states == {
        urls["good"]: "ok",
        urls["bad"]: "findings",
        urls["down"]: "unreachable",
        urls["new"]: "stale",
    }
    errors = _by_url(panel.model, "error")
    assert errors[urls["good"]] == "" and errors[urls["down"]]  # said from its key
    assert "{" not in errors[urls["down"]]
    assert int(_by_url(panel.model, "errors")[urls["bad"]]) > 0
    assert _by_url(panel.model, "last")[urls["new"]] == ""
    assert "4 Sources, 3 with problems" in panel.status.text()

    panel.problems_only.setChecked(True)
    assert sorted(_cells(panel.model, "url")) == sorted([urls["bad"], urls["down"], urls["new"]])
    panel.problems_only.setChecked(False)
    panel.table.sortByColumn(
        column_index(FleetModel.columns, "errors"), Qt.SortOrder.DescendingOrder
    )
    assert _cells(panel.model, "url")[0] == urls["bad"]  # the one with errors
    panel.table.sortByColumn(
        column_index(FleetModel.columns, "state"), Qt.SortOrder.DescendingOrder
    )
    assert _cells(panel.model, "state") == ["unreachable", "stale", "ok", "findings"]
    panel.refresh()  # a refresh keeps the order the user chose
    qtbot.waitUntil(lambda: panel.refresh_button.isEnabled(), timeout=20000)
    assert _cells(panel.model, "state") == ["unreachable", "stale", "ok", "findings"]


def test_open_latest_snapshot_fills_the_tree_from_stored_rows(window, qtbot, fleet) -> None:
    dsn, urls = fleet
    panel = _panel(window, qtbot, dsn)
    assert not panel.open_button.isEnabled()  # nothing selected yet
    row = _cells(panel.model, "url").index(urls["bad"])
    panel.table.selectRow(row)
    assert panel.open_button.isEnabled()
    panel.open_button.click()
    qtbot.waitUntil(
        lambda: bool(window.tree_model.roots) and window.tree_model.roots[0].url == urls["bad"],
        timeout=20000,
    )
    shown = {item.url: item for item in window.tree_model.walk()}
    with psycopg.connect(dsn) as connection:
        stored = connection.execute(
            "SELECT d.url, d.capability, (SELECT count(*) FROM fleet_findings f"
            " WHERE f.snapshot_id = d.snapshot_id AND f.subject = d.url), (SELECT count(*)"
            " FROM fleet_entries e WHERE e.snapshot_id = d.snapshot_id AND e.document = d.url)"
            " FROM fleet_documents d"
            " JOIN fleet_snapshots n ON n.id = d.snapshot_id JOIN fleet_sources s"
            " ON s.id = n.source_id WHERE s.url = %s",
            (urls["bad"],),
        ).fetchall()
    assert {row[0] for row in stored} == set(shown)
    for url, capability, findings, entries in stored:
        assert shown[url].capability == capability
        assert len(shown[url].findings) == findings
        document = shown[url].doc.document
        assert entries == (len(document.entries) if document is not None else 0)
    assert sum(row[2] for row in stored) > 0  # the broken date's
    assert sum(row[3] for row in stored) > 0
    assert "not live" in window.discovery_label.text()
    assert "not a live read" in window.messages.text.text()
    assert "not a live read" in panel.message.text() and urls["bad"] in panel.message.text()
    assert window.services.source.crawler is None  # nothing below it is fetched


def test_an_unreachable_database_is_named_with_the_fix(window, qtbot) -> None:
    panel = _panel(window, qtbot, "postgresql://watcher:s3cret@127.0.0.1:1/fleet")
    text = panel.message.text()
    assert panel.message.isVisible()
    assert "127.0.0.1:1" in text and "Settings ▸ Fleet" in text
    assert "s3cret" not in text and "s3cret" not in panel.database_label.text()
    assert panel.model.rowCount() == 0


def test_without_the_driver_the_view_says_what_to_install(
    window, qtbot, fleet, monkeypatch
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as without the [fleet] extra
    panel = _panel(window, qtbot, fleet[0])
    assert "pip install 'resourcesync-explorer[fleet]'" in panel.message.text()


def test_no_fleet_set_says_where_to_set_one(window, qtbot) -> None:
    panel = _panel(window, qtbot, "")
    assert "Settings ▸ Fleet" in panel.message.text()


_PROBE = """
import sys
import explorer.ui.shell.main_window, explorer.ui.services, explorer.ui.fleet
import explorer.ui.fleet.wiring, explorer.ui.fleet.fleet_panel, explorer.ui.settings.settings_pages
print(sorted(m for m in sys.modules if m.split(".")[0] == "psycopg"))
"""


def test_the_view_loads_no_driver_until_it_reads() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
