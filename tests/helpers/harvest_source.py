"""Third-party-shaped Sources for ``plan``'s referees: documents written with resync's own
classes and resources of varied sizes, served on loopback by ``serving`` (404 for the rest).

``flat``: one Resource List of N resources and a Change List at ``<base>/changelist.xml``
(updated and deleted entries on either side of ``CHANGES_FROM``, resources changed twice,
deletes without a hash). ``indexed``: the same behind a Resource List Index of
lists of ``per_list`` each. ``with_dump``: flat, plus a Resource Dump of one package.
"""

from __future__ import annotations

import hashlib

from resync import (
    CapabilityList,
    ChangeList,
    Resource,
    ResourceDump,
    ResourceList,
    SourceDescription,
)

from helpers.third_party_source import SourceFiles

AT = "2026-11-01T00:00:00Z"
CHANGES_FROM = "2026-11-10T00:00:00Z"
"""The ``--from`` of the incremental referee: the Change List holds entries before it too."""


def _body(number: int) -> bytes:
    return (f"resource {number}\n" * (1 + number % 37)).encode()


def _path(number: int) -> str:
    return f"/res/{number:06d}.txt"


def build(
    base: str, count: int, *, per_list: int | None = None, dump: bool = False, lengths: bool = True
) -> SourceFiles:
    """The documents and resources of a Source of ``count`` resources at ``base``."""
    files = SourceFiles()
    entries = []
    for number in range(count):
        body = _body(number)
        files.documents[_path(number)] = body
        entries.append(
            Resource(
                uri=base + _path(number),
                lastmod="2026-10-01T00:00:00Z",
                length=len(body) if lengths else None,
                md5=hashlib.md5(body).hexdigest(),
            )
        )
    capability_list = f"{base}/capabilitylist.xml"
    description = SourceDescription()
    description.add_capability_list(capability_list)
    files.documents["/.well-known/resourcesync"] = description.as_xml().encode()
    capabilities = CapabilityList()
    capabilities.up = f"{base}/.well-known/resourcesync"
    lists = (
        [entries]
        if per_list is None
        else [entries[i : i + per_list] for i in range(0, count, per_list)]
    )
    if per_list is None:
        capabilities.add_capability(uri=f"{base}/resourcelist.xml", name="resourcelist")
        files.documents["/resourcelist.xml"] = _list(lists[0], capability_list).as_xml().encode()
    else:
        capabilities.add_capability(uri=f"{base}/resourcelist-index.xml", name="resourcelist")
        index = ResourceList()
        index.up, index.md_at = capability_list, AT
        for number, part in enumerate(lists):
            listed = _list(part, capability_list)
            listed.index = f"{base}/resourcelist-index.xml"
            files.documents[f"/resourcelist-{number}.xml"] = listed.as_xml().encode()
            index.add(Resource(uri=f"{base}/resourcelist-{number}.xml"))
        files.documents["/resourcelist-index.xml"] = index.index_as_xml().encode()
    capabilities.add_capability(uri=f"{base}/changelist.xml", name="changelist")
    files.documents["/changelist.xml"] = _changes(base, count).as_xml().encode()
    if dump:
        package = b"PK" + bytes(range(256)) * (count // 10 + 1)
        files.documents["/resourcedump.zip"] = package
        dumped = ResourceDump()
        dumped.up, dumped.md_at = capability_list, AT
        dumped.add(
            Resource(
                uri=f"{base}/resourcedump.zip", length=len(package), mime_type="application/zip"
            )
        )
        capabilities.add_capability(uri=f"{base}/resourcedump.xml", name="resourcedump")
        files.documents["/resourcedump.xml"] = dumped.as_xml().encode()
    files.documents["/capabilitylist.xml"] = capabilities.as_xml().encode()
    return files


def _list(entries: list[Resource], capability_list: str) -> ResourceList:
    listed = ResourceList()
    listed.up, listed.md_at = capability_list, AT
    for entry in entries:
        listed.add(entry)
    return listed


def _changes(base: str, count: int) -> ChangeList:
    """Entries before and after ``CHANGES_FROM``: updates of every ``count // 20``-th
    resource, a third of them updated again later, and deletions without a hash."""
    changes = ChangeList()
    changes.md_from = "2026-11-01T00:00:00Z"
    step = max(count // 20, 1)
    for day, number in enumerate(range(0, count, step)):
        when = f"2026-11-{1 + day % 25:02d}T12:00:00Z"
        body = _body(number)
        changes.add(
            Resource(
                uri=base + _path(number),
                change="updated",
                datetime=when,
                length=len(body),
                md5=hashlib.md5(body).hexdigest(),
            )
        )
    for number in range(0, count, step * 3):  # changed again, later
        body = _body(number)
        changes.add(
            Resource(
                uri=base + _path(number),
                change="updated",
                datetime="2026-11-28T12:00:00Z",
                length=len(body),
                md5=hashlib.md5(body).hexdigest(),
            )
        )
    for number in range(1, min(count, 40), 7):  # deleted, without a hash
        changes.add(
            Resource(uri=base + _path(number), change="deleted", datetime="2026-11-29T00:00:00Z")
        )
    return changes
