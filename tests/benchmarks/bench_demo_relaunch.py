"""Relaunch with the embedded demo: how long until restored subscriptions are confirmed
and deliveries resume, and whether any row said "active" before its hub confirmed it.

    DISPLAY=:77 QT_QPA_PLATFORM=xcb python3 tests/benchmarks/bench_demo_relaunch.py [--runs 3]

Runs the window's engines (``ExplorerServices`` with the demo, as ``--demo`` starts
them) on a Qt application: a first session subscribes to the demo's change channel and
quits without unsubscribing; a second session on the same store starts, either with the
demo's old port free (it keeps it) or held by another socket (the demo moves and the
subscriptions follow it). Every snapshot the Subscriptions table would show is
checked; the clock runs from the second session's start to the row's "active" and to
the first delivery of a change made then.
"""

from __future__ import annotations

import argparse
import asyncio
import socket
import sys
import tempfile
import time
from pathlib import Path

import qasync
from PySide6.QtWidgets import QApplication

from explorer.net.live.subscriber import SubscriberConfig
from explorer.net.live.subscription import State

sys.path[:0] = [str(Path(__file__).resolve().parents[1])]
from helpers.hub_log import until_hub_subscribed  # noqa: E402

DEMO = {"rate": 0}


def engines(store: Path):
    from explorer.ui.services import ExplorerServices

    return ExplorerServices(
        store_path=store, subscriber_config=SubscriberConfig(), demo_options=DEMO, demo=True
    )


async def first_session(store: Path) -> tuple[str, str]:
    services = engines(store)
    await services.start()
    try:
        channel = next(c for c in services.demo.channels if c.capability == "change-notification")
        view = await services.live.subscribe(channel.topic, channel.hub)
        assert await services.live.wait_settled(view, 10) == State.ACTIVE
        return view.id, services.demo.base_url
    finally:
        await services.aclose()


async def second_session(store: Path, old_id: str) -> dict[str, float | bool | str]:
    services = engines(store)
    early_active: list[str] = []
    delivered: list[float] = []
    started = time.monotonic()

    wall_start = time.time()

    def snapshot(views) -> None:
        """A row said "active" on the store's word: its lease was not granted this session."""
        for view in views:
            granted = (view.lease_expires or 0) - (view.lease_seconds or 0)
            if view.health(time.time())[0] == "active" and granted < wall_start - 1:
                early_active.append(view.id)

    def events(batch) -> None:
        for event in batch:
            if event.event == "notification":
                delivered.append(time.monotonic() - started)

    services.live.subscriptions_changed.connect(snapshot)
    services.live.subscriber_events.connect(events)
    await services.start()
    try:
        first_views = services.live.subscriptions()
        shown_at_start = {v.id: v.health(time.time())[0] for v in first_views}
        active_at = None
        live = None
        while time.monotonic() - started < 20:
            rows = [v for v in services.live.subscriptions() if v.state != State.ENDED]
            if rows and rows[0].health(time.time())[0] == "active":
                active_at, live = time.monotonic() - started, rows[0]
                break
            await asyncio.sleep(0.02)
        if live is not None:  # active once it answered; the hub delivers once it read that
            await until_hub_subscribed(services.demo.hub, callback=live.callback_url)
        services.demo.change("dataset1", "updated")
        while not delivered and time.monotonic() - started < 30:
            await asyncio.sleep(0.02)
        return {
            "moved": services.demo_note is not None,
            "shown at start": ", ".join(sorted(set(shown_at_start.values()))) or "(no rows yet)",
            "active before confirmed": bool(early_active),
            "active after s": round(active_at, 3) if active_at is not None else -1.0,
            "delivery after s": round(delivered[0], 3) if delivered else -1.0,
            "row": live.id if live else "",
        }
    finally:
        await services.aclose()


async def run(runs: int) -> None:
    for scenario in ("same port", "port taken"):
        for _ in range(runs):
            with tempfile.TemporaryDirectory() as folder:
                store = Path(folder) / "store.sqlite3"
                old_id, base = await first_session(store)
                port = int(base.rstrip("/").rsplit(":", 1)[1])
                squatter = None
                if scenario == "port taken":
                    squatter = socket.socket()
                    squatter.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                    squatter.bind(("127.0.0.1", port))
                    squatter.listen()
                try:
                    figures = await second_session(store, old_id)
                finally:
                    if squatter is not None:
                        squatter.close()
                print(scenario, figures, flush=True)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    app = QApplication(sys.argv)
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    with loop:
        loop.run_until_complete(run(args.runs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
