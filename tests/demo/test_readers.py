"""Two readers of every demo document: the independent ``resync`` library and our validator."""

from __future__ import annotations

import asyncio
import io

import httpx
from resync import (
    CapabilityList,
    ChangeDump,
    ChangeList,
    ResourceDump,
    ResourceDumpManifest,
    ResourceList,
    SourceDescription,
)
from resync.sitemap import Sitemap

from explorer.core.findings import Severity
from explorer.core.parser import parse_document
from explorer.core.validator import ValidationContext, check_bytes
from explorer.demo import RunningDemo


def document_paths(demo: RunningDemo) -> dict[str, str | None]:
    """Every XML document path -> the path of the document that leads to it."""
    paths: dict[str, str | None] = {".well-known/resourcesync": None}
    for name, rs in demo.world.sets.items():
        cap = f"{name}/capabilitylist.xml"
        paths[cap] = ".well-known/resourcesync"
        for doc in (
            "resourcelist-index.xml",
            "changelist-index.xml",
            "resourcedump.xml",
            "changedump.xml",
        ):
            paths[f"{name}/{doc}"] = cap
        for number in (1, 2, 3):
            paths[f"{name}/resourcelist-{number}.xml"] = f"{name}/resourcelist-index.xml"
        for state in rs.change_lists:
            paths[f"{name}/changelist-{state.number}.xml"] = f"{name}/changelist-index.xml"
            if state.closed:
                paths[f"{name}/changedump-manifest-{state.number}.xml"] = f"{name}/changedump.xml"
        paths[f"{name}/resourcedump-manifest.xml"] = f"{name}/resourcedump.xml"
    return paths


async def fetch_all(demo: RunningDemo, client: httpx.AsyncClient) -> dict[str, bytes]:
    demo.step(12)  # live changes and at least one rollover, so notifications exist too
    for name in demo.world.sets:
        demo.rollover(name)
    bodies = {}
    for path in document_paths(demo):
        response = await client.get(demo.base_url + path)
        assert response.status_code == 200, path
        bodies[path] = response.content
    for channel in demo.channels:
        bodies[channel.topic] = demo.latest_notification(channel.topic)
        assert bodies[channel.topic], channel.topic
    return bodies


async def test_validator_finds_no_errors_or_warnings_in_any_demo_document(
    demo: RunningDemo, client: httpx.AsyncClient
) -> None:
    bodies = await fetch_all(demo, client)
    parents = document_paths(demo)
    problems = []
    for path, data in bodies.items():
        parent_path = parents.get(path)
        parent = parse_document(bodies[parent_path]) if parent_path else None
        context = ValidationContext(
            url=path if path.startswith("http") else demo.base_url + path,
            parent=parent,
            parent_url=demo.base_url + parent_path if parent_path else None,
        )
        problems += [
            (path, f.code, f.message)
            for f in check_bytes(data, context).findings
            if f.severity in (Severity.ERROR, Severity.WARNING)
        ]
    assert problems == []
    assert len(bodies) > 30


async def test_resync_library_reads_every_document(
    demo: RunningDemo, client: httpx.AsyncClient
) -> None:
    bodies = await fetch_all(demo, client)

    def parse(cls: type, path: str) -> object:
        reader = cls()
        reader.parse(str_data=bodies[path].decode("utf-8"))
        return reader

    description = parse(SourceDescription, ".well-known/resourcesync")
    assert len(description) == 2
    for name in demo.world.sets:
        capabilities = parse(CapabilityList, f"{name}/capabilitylist.xml")
        assert {r.capability for r in capabilities} >= {
            "resourcelist",
            "changelist",
            "resourcedump",
            "changedump",
        }
        total = 0
        for number in (1, 2, 3):
            total += len(parse(ResourceList, f"{name}/resourcelist-{number}.xml"))
        assert total == len(demo.world.sets[name].resources)
        for state in demo.world.sets[name].change_lists:
            changes = parse(ChangeList, f"{name}/changelist-{state.number}.xml")
            assert len(changes) == len(state.changes)
        parse(ResourceDump, f"{name}/resourcedump.xml")
        parse(ResourceDumpManifest, f"{name}/resourcedump-manifest.xml")
        parse(ChangeDump, f"{name}/changedump.xml")
        for index in ("resourcelist-index.xml", "changelist-index.xml"):
            sitemap = Sitemap()
            sitemap.parse_xml(fh=io.BytesIO(bodies[f"{name}/{index}"]), sitemapindex=True)
            assert sitemap.parsed_index


async def test_resync_follows_the_resource_list_index_over_http(demo: RunningDemo) -> None:
    reader = ResourceList()
    url = demo.base_url + "dataset2/resourcelist-index.xml"
    await asyncio.to_thread(reader.read, url)  # blocking urllib: keep the demo's loop free
    assert len(reader) == len(demo.world.sets["dataset2"].resources)
    assert all(resource.md5 and resource.length for resource in reader)
