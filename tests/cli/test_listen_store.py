"""``listen`` and its store: one listener per store, and a stored callback port that another
program took meanwhile (subprocesses against the demo Source and hub)."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path
from urllib.parse import quote, urlsplit

from helpers.listen_session import kept_once_verified, listening

from explorer.demo import start_demo
from explorer.net.store.database import Store


def _stored(path: Path) -> list[dict]:
    store = Store(path, read_only=True)  # beside a running listen: no lock taken
    try:
        return store.subscriptions()
    finally:
        store.close()


async def test_a_second_listen_on_the_store_is_refused_and_touches_nothing(
    tmp_path: Path,
) -> None:
    store_path = tmp_path / "s.sqlite3"
    async with await start_demo(rate=0) as demo:
        topic = demo.channels[0].topic
        args = ("--topic", topic, "--hub", demo.hub_url, "--store", str(store_path))
        async with listening(*args) as first:
            await first.until(lambda events: first.count("verified") >= 1)
            async with asyncio.timeout(10):  # the hub records it after our 200
                while not demo.hub.subscriptions(topic):
                    await asyncio.sleep(0.01)
            before = [sub.callback for sub in demo.hub.subscriptions(topic)]
            rows_before = _stored(store_path)

            async with listening(*args) as second:
                await second.ended()
            err = second.stderr.decode(errors="replace")
            assert second.proc.returncode == 2, err
            assert "in use" in err and len(err.strip().splitlines()) == 1, err
            assert "Traceback" not in err

            assert [sub.callback for sub in demo.hub.subscriptions(topic)] == before
            assert _stored(store_path) == rows_before
            assert [row["state"] for row in rows_before] == ["active"]
        assert first.proc.returncode == 0, first.stderr.decode(errors="replace")
    assert [row["state"] for row in _stored(store_path)] == ["ended"]


async def test_a_taken_stored_port_falls_back_and_subscribes_again(tmp_path: Path) -> None:
    store_path = tmp_path / "s.sqlite3"
    async with await start_demo(rate=0) as demo:
        kept, other = demo.channels[0].topic, demo.channels[1].topic
        common = ("--hub", demo.hub_url, "--store", str(store_path))
        first = await kept_once_verified("--topic", kept, *common, "--keep")
        assert first.proc.returncode == 0, first.stderr.decode(errors="replace")
        (old,) = _stored(store_path)
        old_port = urlsplit(old["callback_url"]).port

        blocker = socket.socket()  # another program now has the stored port
        blocker.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        blocker.bind(("127.0.0.1", old_port))
        blocker.listen(1)
        try:
            async with listening("--topic", other, *common) as second:
                # Verifications for both: the stored topic again, and the new one.
                await second.until(lambda events: second.count("verified") >= 2)
        finally:
            blocker.close()
        err = second.stderr.decode(errors="replace")
        assert second.proc.returncode == 0, err
        assert f"port {old_port} is taken" in err

    rows = _stored(store_path)
    again = [row for row in rows if row["topic"] == kept and row["id"] != old["id"]]
    assert len(again) == 1
    assert urlsplit(again[0]["callback_url"]).port not in (None, old_port)
    assert again[0]["state"] == "active"  # not this run's topic: kept, as a restart keeps it
    reader = Store(store_path, read_only=True)
    try:
        unsubscribes = [x for x in reader.exchanges() if x.kind == "unsubscribe"]
    finally:
        reader.close()
    old_callback = quote(old["callback_url"], safe="").encode()
    assert any(old_callback in (x.request_body or b"") for x in unsubscribes)
