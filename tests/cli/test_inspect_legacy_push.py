"""``inspect`` of a 2012-style Source lists its push links (core 0.1-alpha §5.2.1 XMPP
PubSub, §5.2.2 HTTP callback) as channels, with their legacy finding and spec section."""

from __future__ import annotations

import asyncio
import json
import sys

from helpers.source_2012 import NODE, source_2012


async def _inspect(url: str, *args: str) -> tuple[int, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "explorer", "inspect", url, *args, stdout=-1, stderr=-1
    )
    async with asyncio.timeout(60):
        out, _ = await proc.communicate()
    return proc.returncode or 0, out.decode()


async def test_both_push_links_are_channels_in_json() -> None:
    async with source_2012() as source:
        code, out = await _inspect(source.changeset_url, "--json")
    assert code == 0
    channels = {c["form"]: c for c in json.loads(out)["channels"]}
    xmpp, callback = channels["2012-xmpp"], channels["2012-callback"]
    assert (xmpp["hub"], xmpp["node"], xmpp["topic"]) == (
        "xmpp:pubsub.localhost",
        NODE,
        source.changeset_url,
    )
    assert callback["hub"] == source.subscribe_url and callback["node"] is None
    assert [(f["code"], f["spec"]) for f in xmpp["findings"]] == [
        ("parse.legacy-push-xmpp", "core 0.1-alpha §5.2.1")
    ]
    assert [(f["code"], f["spec"]) for f in callback["findings"]] == [
        ("parse.legacy-push-callback", "core 0.1-alpha §5.2.2")
    ]
    assert all(
        "Change Notification over WebSub" in c["findings"][0]["message"] for c in (xmpp, callback)
    )


async def test_both_push_links_are_channels_in_text_in_both_languages() -> None:
    async with source_2012() as source:
        _, english = await _inspect(source.changeset_url)
        _, japanese = await _inspect(source.changeset_url, "--lang", "ja")
    assert f"XMPP PubSub channel (2012 draft)  {source.changeset_url}" in english
    assert f"HTTP callback channel (2012 draft)  {source.changeset_url}" in english
    assert "parse.legacy-push-xmpp line 4" in english and "(core 0.1-alpha §5.2.1)" in english
    assert "parse.legacy-push-callback line 5" in english and "(core 0.1-alpha §5.2.2)" in english
    assert "XMPP PubSub チャンネル（2012 年草案）" in japanese
    assert "HTTP コールバックチャンネル（2012 年草案）" in japanese
    assert "WebSub による変更通知" in japanese
