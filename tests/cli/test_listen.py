"""``listen`` against the demo Source and hub, as a user runs it (a subprocess)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path

from aiohttp import web
from helpers.loopback import loopback

from explorer.cli import main
from explorer.demo import start_demo
from explorer.net.store.database import Store


async def _read_events(
    proc: asyncio.subprocess.Process, events: list[dict], until, timeout: float = 20
) -> None:
    assert proc.stdout is not None
    async with asyncio.timeout(timeout):
        while not until(events):
            line = await proc.stdout.readline()
            assert line, f"listen exited early; events so far: {events}"
            events.append(json.loads(line))


def _listen(*args: str) -> asyncio.Future:
    return asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "explorer",
        "listen",
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


def _count(events: list[dict], name: str) -> int:
    return sum(1 for event in events if event["event"] == name)


def _capabilities(events: list[dict]) -> set[str]:
    return {event["capability"] for event in events if event["event"] == "notification"}


async def _finish(proc: asyncio.subprocess.Process) -> bytes:
    """Wait for the listener to exit (killing it if it hangs); its stderr."""
    try:
        async with asyncio.timeout(15):
            _, err = await proc.communicate()
    except TimeoutError:
        proc.kill()
        _, err = await proc.communicate()
    return err


async def test_listen_to_both_channels_of_a_capability_list(tmp_path: Path) -> None:
    store_path = tmp_path / "s.sqlite3"
    async with await start_demo(rate=0) as demo:
        proc = await _listen(
            "--topic", demo.capability_list_urls[0], "--store", str(store_path), "--json"
        )
        events: list[dict] = []
        stopped = False
        try:
            await _read_events(proc, events, lambda e: _count(e, "verified") == 2)
            async with asyncio.timeout(5):  # the hub records a subscription after our 200
                while len(demo.hub.subscriptions()) < 2:
                    await asyncio.sleep(0.01)
            demo.change("dataset1", "updated")
            demo.rollover("dataset1")
            await _read_events(proc, events, lambda e: len(_capabilities(e)) == 2)
            proc.send_signal(signal.SIGTERM)
            stopped = True
            await _read_events(proc, events, lambda e: _count(e, "unsubscribed") == 2)
        finally:
            # Only once: a second SIGTERM that lands after listen's event loop closed (it is
            # still exiting) meets the default action and kills it (returncode -15).
            if not stopped and proc.returncode is None:
                proc.send_signal(signal.SIGTERM)
            err = await _finish(proc)
        assert proc.returncode == 0, err.decode()
    topics = {event["topic"] for event in events if event["event"] == "verified"}
    assert topics == {channel.topic for channel in demo.channels if channel.set_name == "dataset1"}
    notes = [event for event in events if event["event"] == "notification"]
    assert {event["capability"] for event in notes} == {
        "change-notification",
        "framework-notification",
    }
    for event in notes:
        assert event["signature"] == "valid" and set(event) >= {
            "topic",
            "time",
            "entries",
            "findings",
        }
        assert not [f for f in event["findings"] if f["severity"] == "error"], event
    change = next(event for event in notes if event["capability"] == "change-notification")
    assert set(change["entries"][0]) >= {"loc", "change", "datetime"}
    store = Store(store_path)
    try:
        assert store.count_notifications("notification") == len(notes)
        assert {row["state"] for row in store.subscriptions()} == {"ended"}
    finally:
        store.close()


async def test_keep_leaves_the_subscription_and_a_restart_resumes_it(tmp_path: Path) -> None:
    store_path = tmp_path / "s.sqlite3"
    async with await start_demo(rate=0) as demo:
        topic = demo.channels[0].topic
        args = (
            "--topic",
            topic,
            "--hub",
            demo.hub_url,
            "--store",
            str(store_path),
            "--json",
            "--keep",
        )
        first = await _listen(*args)
        events: list[dict] = []
        await _read_events(first, events, lambda e: _count(e, "verified") == 1)
        first.send_signal(signal.SIGINT)
        await _finish(first)
        assert first.returncode == 0 and _count(events, "unsubscribed") == 0
        assert len(demo.hub.subscriptions(topic)) == 1

        second = await _listen(*args)
        events = []
        try:
            assert second.stderr is not None
            said = await second.stderr.readline() + await second.stderr.readline()
            assert b"resuming" in said and b"(checking)" in said
            await _read_events(second, events, lambda e: _count(e, "confirmed") == 1)
            demo.change(demo.channels[0].set_name, "updated")
            await _read_events(second, events, lambda e: _count(e, "notification") >= 1)
        finally:
            second.send_signal(signal.SIGTERM)
            err = await _finish(second)
        assert second.returncode == 0, err.decode()
        assert events[0]["event"] == "checking"  # said before the hub confirmed it
        assert _count(events, "verified") == 0  # confirmed as the same subscription


async def test_a_restored_subscription_whose_hub_is_gone_is_said_at_once(tmp_path: Path) -> None:
    store_path = tmp_path / "s.sqlite3"
    async with await start_demo(rate=0) as demo:
        topic, hub = demo.channels[0].topic, demo.hub_url
        args = ("--topic", topic, "--hub", hub, "--store", str(store_path), "--json", "--keep")
        first = await _listen(*args)
        events: list[dict] = []
        await _read_events(first, events, lambda e: _count(e, "verified") == 1)
        first.send_signal(signal.SIGINT)
        await _finish(first)
    # the demo (Source and hub) has stopped: its port has nobody behind it
    second = await _listen(*args)
    events = []
    try:
        await _read_events(second, events, lambda e: _count(e, "not-confirmed") == 1)
    finally:
        second.send_signal(signal.SIGTERM)
        await _finish(second)
    assert [e["event"] for e in events] == ["checking", "not-confirmed"]
    assert "nothing listens on 127.0.0.1:" in events[1]["message"]


def test_bad_arguments_exit_2(tmp_path: Path, capsys) -> None:
    assert main(["listen"]) == 2
    assert (
        main(["listen", "--topic", "http://x/", "--lease", "0", "--store", str(tmp_path / "s")])
        == 2
    )
    assert main(["listen", "--topic", "http://x/", "--secret", "s" * 200]) == 2
    assert main(["listen", "--topic", "http://x/", "--secret", "a", "--no-secret"]) == 2
    capsys.readouterr()


def test_a_topic_without_a_hub_is_reported_and_exits_1(tmp_path: Path, capsys) -> None:
    code = main(
        [
            "listen",
            "--topic",
            "http://127.0.0.1:9/nothing",
            "--store",
            str(tmp_path / "s.sqlite3"),
            "--json",
        ]
    )
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 1
    assert lines[-1]["event"] == "error"
    assert "websub.no-hub" in {f["code"] for f in lines[-1]["findings"]}


async def test_a_topic_without_a_hub_is_asked_for_its_hub_once(tmp_path: Path) -> None:
    requests: list[str] = []

    async def topic(request: web.Request) -> web.Response:
        requests.append(request.path)
        return web.Response(text="no links here", content_type="text/plain")

    app = web.Application()
    app.router.add_get("/topic", topic)
    async with loopback(app) as site:
        url = site.url("/topic")
        proc = await _listen("--topic", url, "--store", str(tmp_path / "s.sqlite3"), "--json")
        err = await _finish(proc)
    assert proc.returncode == 1, err
    assert requests == ["/topic"]


def test_text_lines_say_what_happened() -> None:
    from explorer.cli.listen import _text_line
    from explorer.core.findings import finding
    from explorer.net.live.subscriber_events import SubscriberEvent

    note = SubscriberEvent(
        "notification",
        "http://t/",
        "s1",
        time=0.0,
        capability="change-notification",
        signature="valid",
        entries=[{"loc": "http://r/", "change": "created", "datetime": None}],
        findings=[finding("websub.content-type", "text/plain")],
    )
    assert _text_line(note).splitlines() == [
        "1970-01-01T00:00:00.000Z  notification         http://t/  change-notification 1 "
        "entries, signature valid",
        "    warning: websub.content-type: text/plain",
    ]
    denied = SubscriberEvent("denied", "http://t/", "s1", time=0.0, reason="not allowed")
    assert _text_line(denied).endswith("— not allowed")
