"""An exchange is one record with one id from the moment it is logged: the listeners (the
window's inspector, ``listen --verbose``) get the id it is stored under, a replay's
linked exchange takes the next one, and every HAR entry names its exchange."""

from __future__ import annotations

import io
import json
from pathlib import Path

import jsonschema
from helpers.har_schema import HAR_1_2

from explorer.net.reports.evidence import HarWriter, export_exchanges
from explorer.net.store.database import Store
from explorer.net.store.exchange_links import write_linked_exchange
from explorer.net.store.exchange_log import ExchangeLog
from explorer.net.store.records import ExchangeRecord


def _log(log: ExchangeLog, n: int) -> ExchangeRecord:
    return log.record(
        direction="out",
        kind="subscribe",
        method="POST",
        url=f"http://hub.test/{n}",
        status=202,
        request_body=b"hub.mode=subscribe",
    )


async def test_listeners_get_the_id_the_exchange_is_stored_under(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    heard: list[ExchangeRecord] = []
    try:
        log = ExchangeLog(store)
        log.listeners.append(heard.append)
        for n in range(5):
            _log(log, n)
        replayed = _log(ExchangeLog(None), 99)
        replayed.id = store.reserve_exchange_id()
        write_linked_exchange(store.path, replayed, "exchange", 1, "replay")
        _log(log, 5)
        await store.flush()
        stored = store.exchanges()
    finally:
        store.close()
    assert [r.id for r in heard] == [1, 2, 3, 4, 5, 7]
    assert [(r.id, r.url) for r in stored] == [
        *((r.id, r.url) for r in heard[:5]),
        (6, "http://hub.test/99"),
        (7, "http://hub.test/5"),
    ]


async def test_ids_go_on_from_the_stored_log_after_reopening(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    for expected in (1, 2):
        store = Store(path)
        try:
            assert _log(ExchangeLog(store), 0).id == expected
            await store.flush()
        finally:
            store.close()
    read_only = Store(path, read_only=True)
    try:
        assert _log(ExchangeLog(read_only), 0).id == 3  # numbered, though not kept
    finally:
        read_only.close()


def test_a_log_without_a_store_numbers_its_exchanges() -> None:
    log = ExchangeLog(None)
    assert [_log(log, n).id for n in range(3)] == [1, 2, 3]


async def test_every_har_entry_carries_its_id(tmp_path: Path) -> None:
    store = Store(tmp_path / "s.sqlite3")
    try:
        log = ExchangeLog(store)
        live = [_log(log, n) for n in range(4)]
        await store.flush()
        stream = io.StringIO()
        export_exchanges([live], lambda _ids: {}, HarWriter(stream), lambda _r: True)
    finally:
        store.close()
    data = json.loads(stream.getvalue())
    jsonschema.validate(data, HAR_1_2)
    assert [entry["_id"] for entry in data["log"]["entries"]] == [1, 2, 3, 4]
