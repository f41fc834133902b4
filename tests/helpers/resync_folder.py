"""A Source written by a third-party writer (the ``resync`` library's ResourceList,
ChangeList, CapabilityList and SourceDescription), laid out in a folder as it would be
uploaded: documents and resources under one base URL."""

from __future__ import annotations

import functools
import hashlib
import http.server
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from resync import CapabilityList, ChangeList, Resource, ResourceList, SourceDescription

RESOURCES = {"res/a.txt": b"alpha\n", "res/b.txt": b"bravo, bravo\n"}


def write_resync_source(folder: Path, base_url: str) -> None:
    """Documents at ``base_url``: a Source Description at .well-known/resourcesync, one
    Capability List, a Resource List (one entry's md5 deliberately wrong) and a Change
    List, plus the resources themselves. Both servings must agree on the hash finding."""
    for name, data in RESOURCES.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    capability_list_url = base_url + "capabilitylist.xml"
    resources = ResourceList()
    resources.up = capability_list_url
    resources.md_at = "2024-05-01T10:00:00Z"
    for name, data in RESOURCES.items():
        digest = hashlib.md5(data).hexdigest() if name.endswith("a.txt") else "0" * 32
        resources.add(
            Resource(
                base_url + name,
                lastmod="2024-05-01T09:00:00Z",
                length=len(data),
                md5=digest,
                mime_type="text/plain",
            )
        )
    changes = ChangeList()
    changes.up = capability_list_url
    changes.md_from = "2024-05-01T10:00:00Z"
    changes.add(Resource(base_url + "res/a.txt", lastmod="2024-05-02T09:00:00Z", change="updated"))
    capabilities = CapabilityList()
    capabilities.up = base_url + ".well-known/resourcesync"
    capabilities.add_capability(resources, base_url + "resourcelist.xml")
    capabilities.add_capability(changes, base_url + "changelist.xml")
    description = SourceDescription()
    description.add_capability_list(capability_list_url)
    (folder / ".well-known").mkdir(exist_ok=True)
    documents = {
        ".well-known/resourcesync": description,
        "capabilitylist.xml": capabilities,
        "resourcelist.xml": resources,
        "changelist.xml": changes,
    }
    for name, document in documents.items():
        (folder / name).write_text(document.as_xml(), encoding="utf-8")


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def served_resync_source(folder: Path) -> Iterator[str]:
    """The Source written into ``folder`` and served by a plain static file server on
    127.0.0.1, port 0, its documents naming the served URL as their base; yields that URL."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    base_url = f"http://127.0.0.1:{server.server_address[1]}/"
    write_resync_source(folder, base_url)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield base_url
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
