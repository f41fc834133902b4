"""``listen --xmpp-jid`` on a 2012 XMPP PubSub channel (core 0.1-alpha §5.2.1) against a
real Prosody on loopback: a Change Set published to the node by a separate XMPP client
(a plain slixmpp script, not the explorer's code) is printed, stored, with the legacy
findings and an entry diff; ending ``listen`` unsubscribes the account from the node."""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator
from pathlib import Path

from helpers.forward_receiver import Receiver, forward_answers
from helpers.listen_process import until
from helpers.listen_session import ListenRun, listening
from helpers.prosody import PUBSUB, Prosody, prosody
from helpers.source_2012 import NODE, change_set, source_2012
from helpers.xmpp_source import make_node, publish, run_publisher, subscribers

from explorer.net.store.database import Store

PASSWORD = "listen-secret-pw-93c1"
PADDING = b'<pad xmlns="urn:example:pad">' + b"p" * 30_000 + b"</pad>"
"""30 kB in an element of another namespace (XMPP drops comments from a payload)."""


@contextlib.asynccontextmanager
async def _listening_over_xmpp(
    tmp_path: Path, *extra: str
) -> AsyncIterator[tuple[Prosody, ListenRun, str]]:
    """Prosody with the Source's node, a 2012 Source advertising it, and ``listen`` subscribed
    to it with an account whose password is in a credentials file."""
    async with prosody(tmp_path) as server:
        await make_node(server)
        jid = server.register("explorer", PASSWORD)
        credentials = tmp_path / "credentials.toml"
        credentials.write_text(f'["xmpp:{jid}"]\npassword = "{PASSWORD}"\n')
        os.chmod(credentials, 0o600)
        async with source_2012(forms=("xmpp",)) as source:
            args = (
                *("--topic", source.changeset_url, "--store", str(tmp_path / "store.db")),
                *("--xmpp-jid", jid, "--xmpp-server", f"127.0.0.1:{server.port}"),
                *("--ca-bundle", str(server.ca_file), "--credentials", str(credentials)),
                *extra,
            )
            async with listening(*args) as run:
                await run.until(lambda events: run.count("subscribe-requested") == 1)
                yield server, run, jid


async def test_items_published_by_another_client_are_stored_and_shown(tmp_path) -> None:
    async with _listening_over_xmpp(tmp_path) as (server, run, jid):
        subscribed = run.events[-1]
        assert subscribed["state"] == "active", subscribed
        assert subscribed["hub"] == f"xmpp:{PUBSUB}?;node={NODE}"
        assert f"{jid} subscribed" in await subscribers(server)

        await publish(
            server,
            tmp_path,
            ("http://example.org/res1", "updated", "2012-08-08T09:00:00Z"),
            ("http://example.org/res2", "deleted", "2012-08-08T09:05:00Z"),
        )
        await run.until(lambda events: run.count("notification") == 1)
        note = run.events[-1]
        codes = {f["code"] for f in note["findings"]}
        assert {
            "parse.legacy-changeset",
            "parse.legacy-lastmod-type",
            "parse.legacy-expires",
            "websub.legacy-pushed-change-set",
        } <= codes
        assert note["capability"] == "change-notification" and note["notification_id"]
        assert {(d["loc"], d["change"]) for d in note["diff"]} == {
            ("http://example.org/res1", "updated"),
            ("http://example.org/res2", "deleted"),
        }

        run.stop()
        await run.until(lambda events: run.count("unsubscribed") == 1)
        assert "unsubscribed from node" in run.events[-1]["reason"]
        await run.proc.wait()
        assert jid not in await subscribers(server)
    assert run.proc.returncode == 0, run.stderr
    assert PASSWORD not in run.stderr.decode()
    assert all(PASSWORD not in str(event) for event in run.events)
    store = Store(tmp_path / "store.db", read_only=True)
    try:
        (stored,) = store.notifications()
        assert b'type="changeset"' in stored.body and stored.capability == "change-notification"
        assert store.subscriptions()[0]["state"] == "ended"
    finally:
        store.close()


async def test_a_lost_connection_is_made_again_and_items_keep_coming(tmp_path) -> None:
    async with _listening_over_xmpp(tmp_path) as (server, run, _):
        await server.restart()  # every stream is cut
        await run.until(lambda events: run.count("subscribe-requested") == 2)
        assert "connected to XMPP again" in run.events[-1]["message"]
        assert any("connection was lost" in e.get("message", "") for e in run.events)
        await publish(
            server, tmp_path, ("http://example.org/res3", "created", "2012-08-08T10:00:00Z")
        )
        await run.until(lambda events: run.count("notification") == 1)
        assert [d["loc"] for d in run.events[-1]["diff"]] == ["http://example.org/res3"]


async def test_a_stanza_over_the_limit_is_cut_while_it_arrives(tmp_path) -> None:
    async with _listening_over_xmpp(tmp_path, "--max-body", "4096") as (server, run, _):
        many = [
            (f"http://example.org/r{i:04d}", "created", "2012-08-08T10:00:00Z") for i in range(200)
        ]
        await publish(server, tmp_path, *many)
        await run.until(lambda events: run.count("subscribe-requested") == 2)
        assert any("the connection was cut" in e.get("message", "") for e in run.events)
        await publish(server, tmp_path, many[0])  # a small one still comes through
        await run.until(lambda events: run.count("notification") == 1)
        assert len(run.events[-1]["diff"]) == 1


async def test_a_published_item_is_not_forwarded_signed(tmp_path) -> None:
    """XMPP items carry no signature: anyone who may publish to the node could have sent
    one, so ``listen --forward`` does not vouch for it with the forward secret."""
    store_path = tmp_path / "store.db"
    async with Receiver(b"the-apps-own-secret") as receiver:
        forward = ("--forward", receiver.url, "--forward-secret", "the-apps-own-secret")
        async with _listening_over_xmpp(tmp_path, *forward) as (server, run, _jid):
            await publish(
                server, tmp_path, ("http://example.org/res1", "deleted", "2012-08-08T09:00:00Z")
            )
            await run.until(lambda events: run.count("notification") == 1)
            await until(lambda: bool(receiver.received) or bool(forward_answers(store_path)))
    assert receiver.received == []
    (answer,) = forward_answers(store_path)
    assert answer.status is None and answer.error is not None
    assert answer.error.key == "forwarding.not-verified"


async def test_items_past_the_unsigned_quota_are_kept_as_rejected_starts(tmp_path) -> None:
    """XMPP items have no signature either: the same intake's quota holds them, so with
    ``--max-body 50000`` the first item of 30 kB is a notification and the next two
    are kept as rejected (each smaller than the 64 KiB a rejected delivery keeps)."""
    async with _listening_over_xmpp(tmp_path, "--max-body", "50000") as (server, run, _):
        for item in range(3):  # each its own, so none is a replay of another
            body = change_set(
                (f"http://example.org/item{item}", "created", "2012-08-08T10:00:00Z")
            ).replace(b"</urlset>", PADDING + b"</urlset>")
            (tmp_path / "changes.xml").write_bytes(body)
            await run_publisher(server, str(tmp_path / "changes.xml"))
        await run.until(lambda events: run.count("notification") + run.count("rejected") == 3)
        assert [e["event"] for e in run.events if e["event"] in ("notification", "rejected")] == [
            "notification",
            "rejected",
            "rejected",
        ]
        codes = [f["code"] for f in run.events[-1]["findings"]]
        assert codes == ["websub.unverified-over-quota"]
