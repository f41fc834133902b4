"""The demo Source against its own routes: documents, resources, discovery, topics, changes."""

from __future__ import annotations

import asyncio
import hashlib
import io
import itertools
import re
import zipfile

import httpx
from demo_support import FAST
from lxml import etree

from explorer.core.model import RS_NS, SITEMAP_NS
from explorer.demo import RunningDemo, start_demo

NS = {"sm": SITEMAP_NS, "rs": RS_NS}


def xml(response: httpx.Response) -> etree._Element:
    assert response.status_code == 200, response.url
    return etree.fromstring(response.content)


def locs(root: etree._Element) -> list[str]:
    return root.xpath("//sm:loc/text()", namespaces=NS)


async def test_source_description_lists_two_capability_lists(
    demo: RunningDemo, client: httpx.AsyncClient
) -> None:
    response = await client.get(demo.source_description_url)
    assert response.headers["content-type"] == "application/xml"
    root = xml(response)
    assert root.find("rs:md", NS).get("capability") == "description"
    assert locs(root) == demo.capability_list_urls
    assert len(demo.capability_list_urls) == 2


async def test_capability_list_advertises_every_capability_and_channel(
    demo: RunningDemo, client: httpx.AsyncClient
) -> None:
    root = xml(await client.get(demo.capability_list_urls[0]))
    rels = {ln.get("rel"): ln.get("href") for ln in root.findall("rs:ln", NS)}
    assert rels["up"] == demo.source_description_url
    assert (await client.get(rels["describedby"])).status_code == 200
    by_capability = {
        url.find("rs:md", NS).get("capability"): url for url in root.findall("sm:url", NS)
    }
    assert set(by_capability) == {
        "resourcelist",
        "resourcedump",
        "changelist",
        "changedump",
        "change-notification",
        "framework-notification",
    }
    for capability in ("change-notification", "framework-notification"):
        hub = by_capability[capability].find("rs:ln[@rel='hub']", NS)
        assert hub.get("href") == demo.hub_url
    channels = {(c.set_name, c.capability): c.topic for c in demo.channels}
    assert (
        by_capability["change-notification"].findtext("sm:loc", namespaces=NS)
        == channels[("dataset1", "change-notification")]
    )


async def test_resource_lists_cover_at_least_1000_resources_whose_bytes_match(
    demo: RunningDemo, client: httpx.AsyncClient
) -> None:
    entries = []
    for set_name in demo.world.sets:
        index = xml(await client.get(demo.base_url + f"{set_name}/resourcelist-index.xml"))
        assert index.tag == f"{{{SITEMAP_NS}}}sitemapindex"
        assert len(locs(index)) == 3
        for url in locs(index):
            entries += xml(await client.get(url)).findall("sm:url", NS)
    assert len(entries) >= 1000
    for entry in entries[::97]:  # a spread of samples, served bytes vs listed metadata
        md = entry.find("rs:md", NS)
        response = await client.get(entry.findtext("sm:loc", namespaces=NS))
        assert response.status_code == 200
        body = response.content
        md5, sha = md.get("hash").split()
        assert md5 == "md5:" + hashlib.md5(body).hexdigest()
        assert sha == "sha-256:" + hashlib.sha256(body).hexdigest()
        assert md.get("length") == str(len(body)) == response.headers["content-length"]
        assert response.headers["content-type"].split(";")[0] == md.get("type")
        assert response.headers["etag"] and response.headers["last-modified"]
        set_name = str(response.url).removeprefix(demo.base_url).split("/")[0]
        capability_list = demo.base_url + f"{set_name}/capabilitylist.xml"
        assert response.headers["link"] == f'<{capability_list}>; rel="resourcesync"'


async def test_resource_conditional_get_and_unknown_resource(
    demo: RunningDemo, client: httpx.AsyncClient
) -> None:
    resource = demo.world.sets["dataset1"].resources[1]
    url = demo.base_url + resource.path
    first = await client.get(url)
    again = await client.get(url, headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304
    assert (await client.get(demo.base_url + "dataset1/resources/r99999.txt")).status_code == 404
    assert (await client.get(demo.base_url + "dataset3/capabilitylist.xml")).status_code == 404


async def test_change_list_index_has_closed_and_open_lists(
    demo: RunningDemo, client: httpx.AsyncClient
) -> None:
    index = xml(await client.get(demo.base_url + "dataset1/changelist-index.xml"))
    mds = [s.find("rs:md", NS) for s in index.findall("sm:sitemap", NS)]
    assert [md.get("until") is not None for md in mds] == [True, True, False]
    for earlier, later in itertools.pairwise(mds):
        assert earlier.get("until") == later.get("from")
    open_list = xml(await client.get(locs(index)[-1]))
    assert open_list.find("rs:md", NS).get("until") is None
    index_url = demo.base_url + "dataset1/changelist-index.xml"
    assert open_list.find("rs:ln[@rel='index']", NS).get("href") == index_url


async def test_resource_dump_package_is_a_zip_with_manifest_and_resources(
    demo: RunningDemo, client: httpx.AsyncClient
) -> None:
    dump = xml(await client.get(demo.base_url + "dataset1/resourcedump.xml"))
    entry = dump.find("sm:url", NS)
    package = await client.get(entry.findtext("sm:loc", namespaces=NS))
    assert package.headers["content-type"] == "application/zip"
    assert entry.find("rs:md", NS).get("length") == str(len(package.content))
    archive = zipfile.ZipFile(io.BytesIO(package.content))
    manifest = etree.fromstring(archive.read("manifest.xml"))
    assert manifest.find("rs:md", NS).get("capability") == "resourcedump-manifest"
    listed = manifest.findall("sm:url", NS)
    assert len(listed) == len(demo.world.sets["dataset1"].dump_snapshot)
    for item in listed[::50]:
        md = item.find("rs:md", NS)
        data = archive.read(md.get("path").lstrip("/"))
        assert md.get("hash").split()[0] == "md5:" + hashlib.md5(data).hexdigest()
        assert md.get("length") == str(len(data))
    contents = entry.find("rs:ln[@rel='contents']", NS).get("href")
    assert (await client.get(contents)).content == archive.read("manifest.xml")


async def test_change_dump_packages_match_their_manifests(
    demo: RunningDemo, client: httpx.AsyncClient
) -> None:
    dump = xml(await client.get(demo.base_url + "dataset2/changedump.xml"))
    entries = dump.findall("sm:url", NS)
    assert len(entries) == 2
    for entry in entries:
        package = await client.get(entry.findtext("sm:loc", namespaces=NS))
        assert entry.find("rs:md", NS).get("length") == str(len(package.content))
        archive = zipfile.ZipFile(io.BytesIO(package.content))
        manifest = etree.fromstring(archive.read("manifest.xml"))
        for item in manifest.findall("sm:url", NS):
            md = item.find("rs:md", NS)
            if md.get("change") == "deleted":
                assert md.get("path") is None
                continue
            data = archive.read(md.get("path").lstrip("/"))
            assert md.get("hash").split()[1] == "sha-256:" + hashlib.sha256(data).hexdigest()


async def test_discovery_routes(demo: RunningDemo, client: httpx.AsyncClient) -> None:
    robots = await client.get(demo.base_url + "robots.txt")
    sitemaps = re.findall(r"^Sitemap: (\S+)$", robots.text, re.MULTILINE)
    assert sitemaps
    for url in sitemaps:
        assert (await client.get(url)).status_code == 200
    landing = etree.fromstring((await client.get(demo.base_url)).content, etree.HTMLParser())
    hrefs = landing.xpath("//head/link[@rel='resourcesync']/@href")
    assert hrefs == demo.capability_list_urls
    well_known = await client.get(demo.base_url + ".well-known/resourcesync")
    assert well_known.status_code == 200


async def test_topic_uris_answer_head_and_get(demo: RunningDemo, client: httpx.AsyncClient) -> None:
    for channel in demo.channels:
        for method in ("HEAD", "GET"):
            response = await client.request(method, channel.topic)
            assert response.status_code == 200
            assert response.headers["content-type"] == "application/xml"
            assert response.headers["content-length"] == "0"
            assert f'<{channel.topic}>; rel="self"' in response.headers["link"]
            assert f'<{demo.hub_url}>; rel="hub"' in response.headers["link"]
    change = demo.change("dataset1", "updated")
    topic = demo.docs.topic_url("dataset1", "change-notification")
    body = (await client.get(topic)).content
    assert body == demo.latest_notification(topic)
    assert change.resource.path.encode() in body


async def test_live_changes_extend_the_open_change_list_chronologically(
    demo: RunningDemo, client: httpx.AsyncClient
) -> None:
    before = len(demo.world.sets["dataset1"].open_list.changes)
    made = [demo.change("dataset1", kind) for kind in ("created", "updated", "deleted")]
    root = xml(await client.get(demo.base_url + "dataset1/changelist-3.xml"))
    entries = root.findall("sm:url", NS)
    assert len(entries) == before + 3
    kinds = [e.find("rs:md", NS).get("change") for e in entries[-3:]]
    assert kinds == ["created", "updated", "deleted"]
    stamps = [e.find("rs:md", NS).get("datetime") for e in entries]
    assert stamps == sorted(stamps)
    deleted = made[2].resource
    assert (await client.get(demo.base_url + deleted.path)).status_code == 404
    created = await client.get(demo.base_url + made[0].resource.path)
    assert created.status_code == 200


async def test_rollover_closes_the_list_and_updates_the_index(
    demo: RunningDemo, client: httpx.AsyncClient
) -> None:
    while demo.world.sets["dataset2"].open_list.number == 3:
        demo.change("dataset2")
    index = xml(await client.get(demo.base_url + "dataset2/changelist-index.xml"))
    mds = [s.find("rs:md", NS) for s in index.findall("sm:sitemap", NS)]
    assert len(mds) == 4 and mds[2].get("until") == mds[3].get("from")
    closed = xml(await client.get(demo.base_url + "dataset2/changelist-3.xml"))
    assert closed.find("rs:md", NS).get("until") == mds[2].get("until")
    dump = xml(await client.get(demo.base_url + "dataset2/changedump.xml"))
    assert len(dump.findall("sm:url", NS)) == 3
    framework = demo.docs.topic_url("dataset2", "framework-notification")
    note = etree.fromstring(demo.latest_notification(framework))
    assert note.find("rs:ln[@rel='up']", NS).get("href") == demo.capability_list_urls[1]
    for entry in note.findall("sm:url", NS):
        capability = entry.find("rs:md", NS).get("capability")
        index_link = entry.find("rs:ln[@rel='index']", NS)
        if capability in ("changelist", "resourcelist"):
            assert index_link.get("href").endswith(f"dataset2/{capability}-index.xml")


async def test_consecutive_change_notifications_are_contiguous(demo: RunningDemo) -> None:
    intervals = []
    for _ in range(6):
        demo.change("dataset1")
        topic = demo.docs.topic_url("dataset1", "change-notification")
        md = etree.fromstring(demo.latest_notification(topic)).find("rs:md", NS)
        intervals.append((md.get("from"), md.get("until")))
    for (_, until), (start, _) in itertools.pairwise(intervals):
        assert until == start
    assert all(start < until for start, until in intervals)


async def test_same_seed_same_documents_other_seed_other_content(client: httpx.AsyncClient) -> None:
    bodies = []
    for seed in (7, 7, 8):
        running = await start_demo(**{**FAST, "port": 0}, seed=seed)
        try:
            response = await client.get(running.base_url + "dataset1/resourcelist-2.xml")
            bodies.append(response.content.replace(running.base_url.encode(), b"BASE/"))
        finally:
            await running.stop()
    assert bodies[0] == bodies[1]
    assert bodies[0] != bodies[2]


async def test_generator_runs_by_itself_when_rate_is_positive() -> None:
    running = await start_demo(**{**FAST, "rate": 50.0})
    try:
        topics = [c.topic for c in running.channels if c.capability == "change-notification"]
        for _ in range(500):
            if any(running.latest_notification(t) for t in topics):
                break
            await asyncio.sleep(0.01)
        assert any(running.latest_notification(t) for t in topics)
        [generator] = [t for t in asyncio.all_tasks() if t.get_coro().__name__ == "_run_generator"]
        running.set_rate(0)
        paused = [rs.version for rs in running.world.sets.values()]
        done, _ = await asyncio.wait({generator}, timeout=30)  # a hang bound only
        assert generator in done  # the generator has ended, so nothing changes from here
        assert [rs.version for rs in running.world.sets.values()] == paused
    finally:
        await running.stop()


async def test_set_rate_starts_the_generator(demo: RunningDemo) -> None:
    before = sum(rs.version for rs in demo.world.sets.values())
    demo.set_rate(100.0)
    for _ in range(500):
        if sum(rs.version for rs in demo.world.sets.values()) > before:
            break
        await asyncio.sleep(0.01)
    assert sum(rs.version for rs in demo.world.sets.values()) > before
