"""``listen --lang ja`` says the explorer's own words in Japanese: a rejected delivery's
reason, a restored subscription's check, the 2012 draft's push forms, the event names
and the push form after the topic. 「詳細:」 stays for outside words only (a hub's, a
library's, the system's). Each runs the command as a user does, a subprocess."""

from __future__ import annotations

import re
import socket
from pathlib import Path

from helpers.hub_log import until_hub_subscribed
from helpers.listen_session import kept_where_the_hub_is_gone, listening
from helpers.source_2012 import source_2012

from explorer.demo import start_demo

LINE_START = re.compile(r"^\d{4}-\d\d-\d\dT")
ENGLISH_WORDS = re.compile(r"[A-Za-z]{2,}[,;:.]?\s+[A-Za-z]{2,}")
"""Two English words in a row, outside URLs: a sentence left in English."""
URL = re.compile(r"https?://\S+")


def _event(lines: list[str], name: str) -> str:
    return next(line for line in lines if LINE_START.match(line) and f" {name} " in line)


def _reads_japanese(line: str) -> None:
    """No English sentence left once URLs are set aside."""
    assert not ENGLISH_WORDS.search(URL.sub("", line)), line


async def test_a_rejected_delivery_is_said_in_japanese(tmp_path: Path) -> None:
    store = tmp_path / "s.sqlite3"
    async with await start_demo(rate=0, faults=["bad-signature"]) as demo:
        channel = demo.channels[0]
        async with listening(
            "--topic", channel.topic, "--hub", demo.hub_url, "--store", str(store),
            "--secret", "s3cret-for-the-test", "--lang", "ja", text=True,
        ) as run:  # fmt: skip
            await run.until_line(lambda seen: any(" 検証済み " in line for line in seen))
            await until_hub_subscribed(demo.hub, topic=channel.topic)  # it delivers from now
            demo.change(channel.set_name, "updated")
            await run.until_line(lambda seen: any(" 受信拒否 " in line for line in seen))
    rejected = _event(run.lines, "受信拒否")
    assert "の署名がボディ（" in rejected and "と一致しません" in rejected, rejected
    assert "詳細:" not in rejected and "signature does not match" not in rejected
    _reads_japanese(rejected)


async def test_a_restored_subscription_s_check_is_said_in_japanese(tmp_path: Path) -> None:
    args = await kept_where_the_hub_is_gone(tmp_path / "s.sqlite3")
    async with listening(*args, "--lang", "ja", text=True) as second:
        await second.until_line(lambda seen: any(" 再確認できず " in line for line in seen))
    lines, err = second.lines, second.stderr.decode()
    checking = _event(lines, "再確認中")
    assert "詳細:" not in checking and "asking the hub" not in checking, checking
    _reads_japanese(checking)
    unconfirmed = _event(lines, "再確認できず")
    assert "はもうありません" in unconfirmed and "is gone" not in unconfirmed, unconfirmed
    resuming = next(line for line in err.splitlines() if "を再開します" in line)
    assert "（再確認中）" in resuming and "checking" not in resuming, resuming


async def test_the_2012_callback_form_is_said_in_japanese(tmp_path: Path) -> None:
    store = tmp_path / "s.sqlite3"
    async with source_2012(forms=("callback",)) as source:
        args = ("--topic", source.changeset_url, "--store", str(store), "--lang", "ja")
        async with listening(*args, text=True) as run:
            await run.until_line(lambda seen: any("サブスクライブ要求" in x for x in seen))
            run.stop()
            await run.until_line(lambda seen: any("サブスクライブ解除" in x for x in seen))
    lines = run.lines
    subscribed = _event(lines, "サブスクライブ要求")
    assert "（HTTP コールバック・2012 年草案）" in subscribed, subscribed
    assert "(2012-callback)" not in subscribed
    assert "詳細:" not in subscribed and "subscribed with" not in subscribed, subscribed
    ended = _event(lines, "サブスクライブ解除")
    assert "詳細:" not in ended and "defines no unsubscription" not in ended, ended
    _reads_japanese(ended)


async def test_the_xmpp_form_s_lines_are_said_in_japanese(tmp_path: Path) -> None:
    """Without an account the channel says what to pass; with one whose server does not
    answer, where it could not connect (the system's words quoted within)."""
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))  # bound, never listening: nothing answers there
    port = closed.getsockname()[1]
    credentials = tmp_path / "credentials.toml"
    credentials.write_text('["xmpp:explorer@localhost"]\npassword = "pw"\n')
    credentials.chmod(0o600)
    try:
        async with source_2012(forms=("xmpp",)) as source:
            without, with_account = [], []
            for extra, lines in (
                ((), without),
                (
                    ("--xmpp-jid", "explorer@localhost", "--xmpp-server", f"127.0.0.1:{port}",
                     "--credentials", str(credentials)),
                    with_account,
                ),
            ):  # fmt: skip
                store = tmp_path / f"s{len(extra)}.sqlite3"
                args = ("--topic", source.changeset_url, "--store", str(store), "--lang", "ja")
                async with listening(*args, *extra, text=True) as run:
                    await run.until_line(lambda seen: any(" エラー " in x for x in seen))
                lines.extend(run.lines)
    finally:
        closed.close()
    need = _event(without, "エラー")
    assert "このチャンネルは XMPP PubSub（2012 年草案）です" in need, need
    assert "詳細:" not in need and "the channel is" not in need
    failed = _event(with_account, "エラー")
    assert "の XMPP PubSub: " in failed and "XMPP PubSub at" not in failed, failed
    assert "cannot connect" not in failed.split("詳細:")[0], failed
