"""The demo's 2012-style dataset: a Change Set advertising both push forms (core 0.1-alpha
§5.2), whose HTTP callback subscriptions get each later change of the set as a Change Set."""

from __future__ import annotations

import httpx
from helpers.listen_session import listening

from explorer.core.parser import parse_document
from explorer.core.push.legacy_push import CALLBACK, XMPP, push_links


async def test_the_change_set_advertises_both_forms_and_reads_as_a_2012_document(demo) -> None:
    url = demo.base_url + "legacy2012/changeset.xml"
    demo.change("dataset2", "deleted")
    async with httpx.AsyncClient() as client:
        doc = parse_document((await client.get(url)).content)
        sitemap = parse_document(
            (await client.get(demo.base_url + "legacy2012/sitemap.xml")).content
        )
    assert [link.form for link in push_links(doc)] == [XMPP, CALLBACK]
    assert doc.capability == "changelist" and doc.legacy
    assert doc.entries[-1].change == "deleted"
    assert len(sitemap.entries) == len(demo.world.sets["dataset2"].resources)


async def test_listen_gets_each_change_of_the_set_pushed_to_its_callback(demo, tmp_path) -> None:
    topic = demo.base_url + "legacy2012/changeset.xml"
    async with listening("--topic", topic, "--store", str(tmp_path / "s.db")) as run:
        await run.until(
            lambda events: any(
                e["event"] == "subscribe-requested" and e.get("flavour") == CALLBACK for e in events
            )
        )
        xmpp = next(e for e in run.events if e["event"] == "error")
        assert "--xmpp-jid" in xmpp["message"]  # the XMPP link is shown, not followed
        demo.change("dataset1", "updated")  # not the 2012 set: nothing pushed
        change = demo.change("dataset2", "created")
        await run.until(lambda events: any(e["event"] == "notification" for e in events))
    (note,) = [e for e in run.events if e["event"] == "notification"]
    assert [(d["loc"], d["change"]) for d in note["diff"]] == [
        (demo.base_url + change.resource.path, "created")
    ]
    assert "websub.legacy-pushed-change-set" in {f["code"] for f in note["findings"]}
