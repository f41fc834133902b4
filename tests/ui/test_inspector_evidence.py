"""The inspector's evidence out: Export… of all, the filtered or the selected exchanges
as HAR 1.2 (validated, read by haralyzer), CSV and JSON lines with secrets masked; and
Copy as curl with secrets, the one explicit action that puts a real hub.secret in."""

from __future__ import annotations

import csv
import json

import jsonschema
from haralyzer import HarParser
from helpers.har_schema import HAR_1_2
from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QApplication

from explorer.net.live.subscription import State
from explorer.ui.inspector.exchange_export import ALL, SELECTED, SHOWN, ExchangeExport
from explorer.ui.live.feed_model import FeedItem


def subscribed(window, qtbot, run) -> tuple[str, int]:
    """Subscribe to a demo channel; the real hub.secret and the subscribe request's row."""
    services = window.services
    run(services.start_demo())
    channel = next(c for c in services.demo.channels if c.capability == "change-notification")
    view = run(services.live.subscribe(channel.topic, channel.hub))
    assert run(services.live.wait_settled(view, 10)) == State.ACTIVE
    secret = next(iter(services.evidence.hub_secrets().values()))
    inspector = window.panels.inspector
    qtbot.waitUntil(
        lambda: any(r.kind == "subscribe" for r in inspector.model.all_records()), timeout=10000
    )
    row = next(
        row
        for row in range(inspector.model.rowCount())
        if inspector.model.record(row).kind == "subscribe"
    )
    return secret, row


def test_copy_as_curl_masks_by_default_and_carries_the_secret_only_when_asked(
    window, qtbot, run
) -> None:
    secret, row = subscribed(window, qtbot, run)
    inspector = window.panels.inspector
    inspector.table.selectRow(row)
    inspector.copy_curl()
    masked = QApplication.clipboard().text()
    assert "hub.secret=" in masked and secret not in masked
    status = inspector.status.text()  # and, for a subscription, which secret is masked
    assert status.startswith("curl command copied") and "masked" in status
    assert inspector.secret_curl_button.isEnabled()
    assert inspector.secret_curl_button.text() == "Copy as curl with secrets"
    inspector.secret_curl_button.click()
    assert f"hub.secret={secret}" in QApplication.clipboard().text()
    assert "WITH secrets in clear" in inspector.status.text()
    delivery_or_other = next(
        r
        for r in range(inspector.model.rowCount())
        if inspector.model.record(r).kind != "subscribe"
        and inspector.model.record(r).direction == "in"
    )
    inspector.table.selectRow(delivery_or_other)
    assert not inspector.secret_curl_button.isEnabled()  # nothing secret to put back


def test_export_all_filtered_and_selected_exchanges(window, qtbot, run, tmp_path) -> None:
    secret, row = subscribed(window, qtbot, run)
    inspector = window.panels.inspector
    export = inspector.findChild(ExchangeExport)
    total = inspector.model.total
    assert run(export.export(tmp_path / "all.har", export.records(ALL))) == total
    text = (tmp_path / "all.har").read_text(encoding="utf-8")
    data = json.loads(text)
    jsonschema.validate(data, HAR_1_2)
    HarParser(data)
    assert len(data["log"]["entries"]) == total
    assert secret not in text  # masked unless asked
    (token,) = window.services.evidence.callback_tokens()  # the callback URL's secret part
    assert any(token in record.url for record in export.records(ALL))
    assert token not in text and "/callback/" + json.dumps("••••")[1:-1] in text

    def shared(url: str) -> str:
        return url.replace(token, "••••")

    assert "exported" in window.statusBar().currentMessage()

    inspector.filter_edit.setText("GET")  # the hub's verification of intent
    shown = export.records(SHOWN)
    assert 0 < len(shown) < total and all(r.method == "GET" for r in shown)
    assert run(export.export(tmp_path / "shown.csv", shown)) == len(shown)
    with (tmp_path / "shown.csv").open(encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    assert [(r["method"], r["url"]) for r in rows] == [(r.method, shared(r.url)) for r in shown]

    inspector.filter_edit.clear()
    selection = inspector.table.selectionModel()
    selection.clearSelection()
    flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    for picked in (0, row):
        selection.select(inspector.model.index(picked, 0), flags)
    chosen = export.records(SELECTED)
    assert chosen == [inspector.model.record(r) for r in sorted({0, row})]
    assert run(export.export(tmp_path / "chosen.jsonl", chosen)) == len(chosen)
    lines = (tmp_path / "chosen.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["url"] for line in lines] == [shared(r.url) for r in chosen]
    assert secret not in "".join(lines)
    dialog = export.choose_file(ALL)
    assert dialog is not None and dialog.isVisible()
    dialog.reject()
    assert not run(export.export(tmp_path / "missing" / "x.har", chosen))
    assert "export failed" in window.statusBar().currentMessage()


def test_feed_exports_as_csv_one_notification_per_row(window, tmp_path) -> None:
    feed = window.panels.feed
    feed.model.add(
        [
            FeedItem(1_800_000_000.0, "change", "http://t/a", 7, 3, {"created": 1, "updated": 2}),
            FeedItem(
                1_800_000_001.0, "rejected", '=HYPERLINK("http://evil")', None, 0, {}, reason="bad"
            ),
        ]
    )
    feed.export_and_confirm(tmp_path / "feed.csv")
    assert "exported 2 notifications to" in window.statusBar().currentMessage()
    with (tmp_path / "feed.csv").open(encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert [
        (r["kind"], r["notification_id"], r["entries"], r["created"], r["updated"]) for r in rows
    ] == [
        ("change", "7", "3", "1", "2"),
        ("rejected", "", "0", "0", "0"),
    ]
    assert rows[1]["topic"].startswith("'=")  # shown as text by a spreadsheet, never run
    assert rows[0]["time"].startswith("2027-01-15T08:00:00")
