"""The HTTP inspector shows each exchange once: the rows the log hands over live and the
rows read back from the store (the inspector's restore, after start-up remade the
subscriptions) are the same records by id, and its HAR export names every one."""

from __future__ import annotations

import io
import json
from pathlib import Path

from explorer.net.reports.evidence import HarWriter, export_exchanges
from explorer.net.store.database import Store
from explorer.net.store.exchange_log import ExchangeLog
from explorer.net.store.records import ExchangeRecord
from explorer.ui.inspector import exchange_model
from explorer.ui.inspector.exchange_model import ExchangeModel


def _subscribe(log: ExchangeLog, n: int) -> ExchangeRecord:
    return log.record(
        direction="out",
        kind="subscribe",
        method="POST",
        url=f"http://hub.test/{n}",
        status=202,
        request_body=b"hub.mode=subscribe",
    )


async def test_live_rows_and_the_stored_log_are_one_row_each(qtbot, tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    model = ExchangeModel()
    try:
        log = ExchangeLog(store)
        live: list[ExchangeRecord] = []
        log.listeners.append(live.append)
        for n in range(3):
            _subscribe(log, n)  # before the window's inspector exists
        await store.flush()
        for n in range(3, 6):
            _subscribe(log, n)  # start-up remakes subscriptions: handed over live
        model.add(live[3:])
        await store.flush()
        model.add(store.latest_exchanges(5000))  # the inspector's restore
        model.add(live[3:])  # a batch handed over twice changes nothing
    finally:
        store.close()
    urls = [model.record(row).url for row in range(model.rowCount())]
    assert urls == [f"http://hub.test/{n}" for n in range(6)]
    assert model.total == 6
    stream = io.StringIO()
    export_exchanges([model.all_records()], lambda _ids: {}, HarWriter(stream), lambda _r: True)
    entries = json.loads(stream.getvalue())["log"]["entries"]
    assert [entry["_id"] for entry in entries] == [1, 2, 3, 4, 5, 6]


def test_a_filter_stays_on_when_older_rows_arrive(qtbot) -> None:
    log = ExchangeLog(None)
    records = [_subscribe(log, n) for n in range(4)]
    model = ExchangeModel()
    model.set_filter("hub.test/2 hub.test")
    model.add(records[3:])
    model.add(records)
    assert [model.record(row).id for row in range(model.rowCount())] == [3]
    model.set_filter("")
    assert [model.record(row).id for row in range(model.rowCount())] == [1, 2, 3, 4]


def test_rows_past_the_bound_leave_their_ids(qtbot, monkeypatch) -> None:
    monkeypatch.setattr(exchange_model, "MAX_ROWS", 3)
    log = ExchangeLog(None)
    records = [_subscribe(log, n) for n in range(5)]
    model = ExchangeModel()
    for record in records:
        model.add([record])
    assert [model.record(row).id for row in range(model.rowCount())] == [3, 4, 5]
    model.add(records[:1])  # read back again, the oldest stays past the bound
    assert [model.record(row).id for row in range(model.rowCount())] == [3, 4, 5]
