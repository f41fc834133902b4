"""``listen`` against the demo Source and hub, as a user runs it (a subprocess)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from aiohttp import web
from helpers.hub_log import until_hub_subscribed
from helpers.listen_session import kept_once_verified, kept_where_the_hub_is_gone, listening
from helpers.loopback import loopback

from explorer.cli import main
from explorer.demo import start_demo
from explorer.net.store.channel_sets import ChannelSet, remember_set
from explorer.net.store.database import Store


def _capabilities(events: list[dict]) -> set[str]:
    return {event["capability"] for event in events if event["event"] == "notification"}


async def test_listen_to_both_channels_of_a_capability_list(tmp_path: Path) -> None:
    store_path = tmp_path / "s.sqlite3"
    async with await start_demo(rate=0) as demo:
        args = ("--topic", demo.capability_list_urls[0], "--store", str(store_path))
        async with listening(*args) as run:
            await run.until(lambda e: run.count("verified") == 2)
            await until_hub_subscribed(demo.hub, count=2)  # it reads our 200s after we said
            demo.change("dataset1", "updated")
            demo.rollover("dataset1")
            await run.until(lambda e: len(_capabilities(e)) == 2)
            run.stop()
            await run.until(lambda e: run.count("unsubscribed") == 2)
        assert run.proc.returncode == 0, run.stderr.decode()
    events = run.events
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
        args = ("--topic", topic, "--hub", demo.hub_url, "--store", str(store_path), "--keep")
        first = await kept_once_verified(*args)
        assert first.proc.returncode == 0 and first.count("unsubscribed") == 0
        await until_hub_subscribed(demo.hub, topic=topic)  # it read the answer "verified" sent
        assert len(demo.hub.subscriptions(topic)) == 1

        async with listening(*args) as second:
            assert second.proc.stderr is not None
            said = await second.proc.stderr.readline() + await second.proc.stderr.readline()
            assert b"resuming" in said and b"(checking)" in said
            await second.until(lambda e: second.count("confirmed") == 1)
            await until_hub_subscribed(demo.hub, topic=topic)  # the hub read the answer
            demo.change(demo.channels[0].set_name, "updated")
            await second.until(lambda e: second.count("notification") >= 1)
        assert second.proc.returncode == 0, second.stderr.decode()
        events = second.events
        assert events[0]["event"] == "checking"  # said before the hub confirmed it
        assert second.count("verified") == 0  # confirmed as the same subscription


async def test_a_restored_subscription_whose_hub_is_gone_is_said_at_once(tmp_path: Path) -> None:
    args = await kept_where_the_hub_is_gone(tmp_path / "s.sqlite3")
    async with listening(*args) as second:
        await second.until(lambda e: second.count("not-confirmed") == 1)
    events = second.events
    assert [e["event"] for e in events] == ["checking", "not-confirmed"]
    assert "nothing listens on 127.0.0.1:" in events[1]["message"]
    # the state beside each event is the row's, never "active" for a hub that is gone
    assert [e["state"] for e in events] == ["checking", "not confirmed"]


async def test_a_resumed_set_that_cannot_be_read_again_is_said_on_stderr(tmp_path: Path) -> None:
    """The Capability List a kept channel was primed from is gone at the relaunch: the
    priming in the background says so, as a priming before subscribing would."""
    store = tmp_path / "s.sqlite3"
    args = await kept_where_the_hub_is_gone(store)
    topic = args[args.index("--topic") + 1]
    gone = topic.rsplit("/", 1)[0] + "/capabilitylist.xml"
    remember_set(store, [topic], ChannelSet(gone, topic))
    async with listening(*args) as second:
        assert second.proc.stderr is not None
        async with asyncio.timeout(30):
            while b"changes.prime-failed" not in (line := await second.proc.stderr.readline()):
                assert line, "listen ended without saying the priming failed"
    assert gone.encode() in line


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
        async with listening("--topic", url, "--store", str(tmp_path / "s.sqlite3")) as run:
            await run.ended(15)
    assert run.proc.returncode == 1, run.stderr
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
