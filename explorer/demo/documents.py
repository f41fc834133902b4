"""The demo Source's ResourceSync documents, built as ``Document`` models from the world.

URL layout below the base URL (``{set}`` is ``dataset1`` or ``dataset2``)::

    .well-known/resourcesync            Source Description (core 1.1 §8, §6.3.2)
    {set}/capabilitylist.xml            Capability List (§9)
    {set}/resourcelist-index.xml        Resource List Index over resourcelist-{1,2,3}.xml (§10.2)
    {set}/changelist-index.xml          Change List Index over changelist-{n}.xml (§12.2)
    {set}/resourcedump.xml              Resource Dump -> resourcedump.zip (§11.1)
    {set}/resourcedump-manifest.xml     its manifest (also manifest.xml inside the ZIP)
    {set}/changedump.xml                Change Dump -> changedump-{n}.zip (§13.1)
    {set}/changedump-manifest-{n}.xml   their manifests
    {set}/change-notifications          change-notification topic (change-notification 1.0.1)
    {set}/framework-notifications       framework-notification topic (framework-notification 1.0.1)
    {set}/resources/r00001.txt          the resources
"""

from __future__ import annotations

from collections.abc import Iterable

from explorer.core.model import SITEMAPINDEX, URLSET, Document, Entry, Link
from explorer.demo.world import (
    RESOURCE_LISTS_PER_SET,
    Change,
    ChangeListState,
    DemoWorld,
    Resource,
    w3c_datetime,
)

SOURCE_DESCRIPTION_PATH = ".well-known/resourcesync"


def manifest_path(resource: Resource, prefix: str = "resources") -> str:
    """Where a resource's bytes sit inside a dump package (the ``path`` attribute, §11.1.1)."""
    return f"/{prefix}/{resource.set_name}/{resource.name}"


def change_path(change: Change) -> str:
    return f"/changes/{change.resource.set_name}/v{change.resource.version}/{change.resource.name}"


class SourceDocuments:
    """Builds each document of the demo Source for a given base URL and hub URL."""

    def __init__(self, world: DemoWorld, base_url: str, hub_url: str) -> None:
        self.world = world
        self.base_url = base_url
        self.hub_url = hub_url

    # URLs
    def url(self, path: str) -> str:
        return self.base_url + path

    def capability_list_url(self, set_name: str) -> str:
        return self.url(f"{set_name}/capabilitylist.xml")

    def topic_url(self, set_name: str, capability: str) -> str:
        kind = "change" if capability == "change-notification" else "framework"
        return self.url(f"{set_name}/{kind}-notifications")

    def resource_url(self, resource: Resource) -> str:
        return self.url(resource.path)

    def _up(self, set_name: str) -> Link:
        return Link("up", self.capability_list_url(set_name))

    def _index(self, set_name: str, name: str) -> Link:
        return Link("index", self.url(f"{set_name}/{name}"))

    # Source Description and Capability Lists
    def source_description(self) -> Document:
        doc = Document(
            URLSET,
            md={"capability": "description"},
            links=[Link("describedby", self.url("about.html"))],
        )
        for name in self.world.sets:
            doc.entries.append(
                Entry(
                    self.capability_list_url(name),
                    md={"capability": "capabilitylist"},
                    links=[Link("describedby", self.url(f"{name}/about.html"))],
                )
            )
        return doc

    def capability_list(self, set_name: str) -> Document:
        doc = Document(
            URLSET,
            md={"capability": "capabilitylist"},
            links=[
                Link("describedby", self.url(f"{set_name}/about.html")),
                Link("up", self.url(SOURCE_DESCRIPTION_PATH)),
            ],
        )
        for name, capability in (
            ("resourcelist-index.xml", "resourcelist"),
            ("resourcedump.xml", "resourcedump"),
            ("changelist-index.xml", "changelist"),
            ("changedump.xml", "changedump"),
        ):
            doc.entries.append(Entry(self.url(f"{set_name}/{name}"), md={"capability": capability}))
        for capability in ("change-notification", "framework-notification"):
            doc.entries.append(
                Entry(
                    self.topic_url(set_name, capability),
                    md={"capability": capability},
                    links=[Link("hub", self.hub_url)],
                )
            )
        return doc

    # Resource Lists (§10)
    def _resource_entry(self, resource: Resource, path: str | None = None) -> Entry:
        md = {
            "hash": resource.hash_value,
            "length": str(len(resource.body)),
            "type": resource.media_type,
        }
        if path is not None:
            md["path"] = path
        return Entry(self.resource_url(resource), lastmod=w3c_datetime(resource.lastmod), md=md)

    def resource_list_index(self, set_name: str) -> Document:
        at = w3c_datetime(self.world.sets[set_name].latest)
        doc = Document(
            SITEMAPINDEX, md={"capability": "resourcelist", "at": at}, links=[self._up(set_name)]
        )
        for number in range(1, RESOURCE_LISTS_PER_SET + 1):
            doc.entries.append(
                Entry(self.url(f"{set_name}/resourcelist-{number}.xml"), md={"at": at})
            )
        return doc

    def resource_list(self, set_name: str, number: int, index_link: bool = True) -> Document:
        rs = self.world.sets[set_name]
        links = [self._up(set_name)]
        if index_link:
            links.append(self._index(set_name, "resourcelist-index.xml"))
        doc = Document(
            URLSET, md={"capability": "resourcelist", "at": w3c_datetime(rs.latest)}, links=links
        )
        doc.entries = [
            self._resource_entry(rs.resources[i])
            for i in sorted(rs.resources)
            if rs.resources[i].list_number == number
        ]
        return doc

    # Change Lists (§12)
    @staticmethod
    def _interval(state: ChangeListState) -> dict[str, str]:
        md = {"from": w3c_datetime(state.start)}
        if state.until is not None:
            md["until"] = w3c_datetime(state.until)
        return md

    def change_entry(self, change: Change, path: str | None = None) -> Entry:
        resource = change.resource
        md = {"change": change.kind, "datetime": w3c_datetime(change.at)}
        entry = Entry(self.resource_url(resource))
        if change.kind != "deleted":
            entry.lastmod = w3c_datetime(resource.lastmod)
            md.update(
                hash=resource.hash_value, length=str(len(resource.body)), type=resource.media_type
            )
            if path is not None:
                md["path"] = path
        entry.md = md  # an entry keeps a compact copy: the dict is complete before it
        return entry

    def change_list_index(self, set_name: str) -> Document:
        rs = self.world.sets[set_name]
        doc = Document(
            SITEMAPINDEX,
            md={"capability": "changelist", **self._interval(rs.change_lists[0])},
            links=[self._up(set_name)],
        )
        doc.md.pop("until", None)
        for state in rs.change_lists:
            doc.entries.append(
                Entry(
                    self.url(f"{set_name}/changelist-{state.number}.xml"), md=self._interval(state)
                )
            )
        return doc

    def change_list(self, set_name: str, number: int, index_link: bool = True) -> Document | None:
        state = self._state(set_name, number)
        if state is None:
            return None
        links = [self._up(set_name)]
        if index_link:
            links.append(self._index(set_name, "changelist-index.xml"))
        doc = Document(
            URLSET, md={"capability": "changelist", **self._interval(state)}, links=links
        )
        doc.entries = [self.change_entry(change) for change in state.changes]
        return doc

    def _state(self, set_name: str, number: int) -> ChangeListState | None:
        for state in self.world.sets[set_name].change_lists:
            if state.number == number:
                return state
        return None

    # Dumps (§11, §13)
    def resource_dump(self, set_name: str, package_length: int) -> Document:
        rs = self.world.sets[set_name]
        at = w3c_datetime(rs.dump_at)
        doc = Document(
            URLSET, md={"capability": "resourcedump", "at": at}, links=[self._up(set_name)]
        )
        doc.entries.append(
            Entry(
                self.url(f"{set_name}/resourcedump.zip"),
                md={"type": "application/zip", "length": str(package_length), "at": at},
                links=[
                    Link(
                        "contents",
                        self.url(f"{set_name}/resourcedump-manifest.xml"),
                        {"type": "application/xml"},
                    )
                ],
            )
        )
        return doc

    def resource_dump_manifest(self, set_name: str) -> Document:
        rs = self.world.sets[set_name]
        doc = Document(
            URLSET,
            md={"capability": "resourcedump-manifest", "at": w3c_datetime(rs.dump_at)},
            links=[self._up(set_name)],
        )
        doc.entries = [self._resource_entry(r, manifest_path(r)) for r in rs.dump_snapshot]
        return doc

    def closed_lists(self, set_name: str) -> list[ChangeListState]:
        return [state for state in self.world.sets[set_name].change_lists if state.closed]

    def change_dump(self, set_name: str, package_lengths: Iterable[tuple[int, int]]) -> Document:
        """``package_lengths`` pairs each closed Change List's number with its ZIP's length."""
        closed = {state.number: state for state in self.closed_lists(set_name)}
        first = self.world.sets[set_name].change_lists[0]
        doc = Document(
            URLSET,
            md={"capability": "changedump", "from": w3c_datetime(first.start)},
            links=[self._up(set_name)],
        )
        for number, length in package_lengths:
            state = closed[number]
            doc.entries.append(
                Entry(
                    self.url(f"{set_name}/changedump-{number}.zip"),
                    lastmod=w3c_datetime(state.until or state.start),
                    md={"type": "application/zip", "length": str(length), **self._interval(state)},
                    links=[
                        Link(
                            "contents",
                            self.url(f"{set_name}/changedump-manifest-{number}.xml"),
                            {"type": "application/xml"},
                        )
                    ],
                )
            )
        return doc

    def change_dump_manifest(self, set_name: str, number: int) -> Document | None:
        state = self._state(set_name, number)
        if state is None or not state.closed:
            return None
        doc = Document(
            URLSET,
            md={"capability": "changedump-manifest", **self._interval(state)},
            links=[self._up(set_name)],
        )
        doc.entries = [
            self.change_entry(c, None if c.kind == "deleted" else change_path(c))
            for c in state.changes
        ]
        return doc

    # Notifications
    def change_notification(
        self, set_name: str, changes: list[Change], start: str, until: str
    ) -> Document:
        doc = Document(
            URLSET,
            md={"capability": "change-notification", "from": start, "until": until},
            links=[self._up(set_name)],
        )
        doc.entries = [self.change_entry(change) for change in changes]
        return doc

    def rollover_notification(
        self,
        set_name: str,
        closed: ChangeListState,
        opened: ChangeListState,
        touched_lists: Iterable[int],
        index_links: bool = True,
    ) -> Document:
        """Framework notification for a Change List rollover (framework-notification 1.0.1 §3).

        Entries for documents under an index carry ``rs:ln rel="index"`` and the
        notification's ``rs:ln rel="up"`` points at the Capability List.
        """
        doc = Document(
            URLSET, md={"capability": "framework-notification"}, links=[self._up(set_name)]
        )

        def entry(path: str, change: str, capability: str, index: str | None) -> Entry:
            links = [self._index(set_name, index)] if index and index_links else []
            return Entry(
                self.url(f"{set_name}/{path}"),
                md={
                    "change": change,
                    "capability": capability,
                    "datetime": w3c_datetime(opened.start),
                },
                links=links,
            )

        doc.entries.append(
            entry(
                f"changelist-{closed.number}.xml", "updated", "changelist", "changelist-index.xml"
            )
        )
        doc.entries.append(
            entry(
                f"changelist-{opened.number}.xml", "created", "changelist", "changelist-index.xml"
            )
        )
        for number in sorted(set(touched_lists)):
            doc.entries.append(
                entry(
                    f"resourcelist-{number}.xml",
                    "updated",
                    "resourcelist",
                    "resourcelist-index.xml",
                )
            )
        doc.entries.append(entry("changedump.xml", "updated", "changedump", None))
        return doc
