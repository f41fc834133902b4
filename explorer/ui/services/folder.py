"""A Source on disk, for the window: a folder read as if served at a base URL, before
upload (File ▸ Open folder as Source…).

The window opens a folder by its ``file:`` address, like any URL: ``use_folder``
remembers the base URL the folder will be served at, and the Source part's ``crawl``
then reads that address through ``DiskTransport`` instead of the network. Findings a
folder cannot answer (HTTP headers, URLs outside the base URL) are set aside as each
document is read, so neither the tree, the Problems view nor the report ever shows them
as failures; the report lists them as not applicable on disk, as ``inspect DIR`` does.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from PySide6.QtCore import QCoreApplication, QObject

from explorer.core.findings import Finding
from explorer.net.http.fetcher import Fetcher
from explorer.net.source.crawl_tree import DocumentNode
from explorer.net.source.disk_source import (
    DiskSource,
    DiskSourceError,
    DiskTransport,
    NotApplicable,
    SetAside,
    open_disk_source,
)
from explorer.ui.services.engines import Engines, close_fetchers

RESOURCES, DUMPS = "resources", "dump"
"""The checks the window runs on request (the Source part's ``check``)."""


def folder_address(source: DiskSource) -> str:
    """The ``file:`` address the window opens a folder by (history, Back, Re-discover)."""
    return source.folder.as_uri() + "/"


class FolderServices(QObject):
    """The folders the window knows, and the open one's reader and set-aside findings."""

    def __init__(self, engines: Engines, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.engines = engines
        self.folders: dict[str, str] = {}
        """``file:`` address of a folder → the base URL it is read at."""
        self.disk: DiskSource | None = None
        self._disk_fetcher: Fetcher | None = None
        self._aside: SetAside | None = None
        self._retired_fetchers: list[Fetcher] = []

    @property
    def disk_fetcher(self) -> Fetcher | None:
        """The open folder's own fetcher (None when the open Source is not a folder)."""
        return self._disk_fetcher

    def use_folder(self, folder: str, base_url: str) -> str:
        """Remember that ``folder`` will be served at ``base_url``; returns the address to
        open it by. Raises ``DiskSourceError`` (a one-line cause and fix) for a missing
        folder or an unusable base URL."""
        source = open_disk_source(folder, base_url.strip())
        address = folder_address(source)
        self.folders[address] = source.base_url
        return address

    def _disk_source_for(self, address: str) -> DiskSource | None:
        """The folder an address names (None for an http(s) URL)."""
        if urlsplit(address).scheme.lower() != "file":
            return None
        key = address if address.endswith("/") else address + "/"
        base_url = self.folders.get(key) or self.folders.get(address)
        if base_url is None:
            text = QCoreApplication.translate(
                "FolderServices",
                "{address} is a folder with no base URL yet: open it with File ▸ Open folder "
                "as Source…, which asks for the address it will be served at.",
            )
            raise DiskSourceError(text.format(address=address))
        return open_disk_source(address, base_url)

    def use_reader(self, address: str) -> tuple[DiskSource | None, Fetcher | None]:
        """Switch the open Source's reader for ``address``: a folder gets a fetcher of its
        own; the folder read before is let go (its fetcher closes with the others)."""
        disk = self._disk_source_for(address)
        if self._disk_fetcher is not None:
            self._retired_fetchers.append(self._disk_fetcher)
        self.disk, self._disk_fetcher, self._aside = disk, None, None
        if disk is not None:
            transport = DiskTransport(disk)
            self._disk_fetcher = Fetcher(
                timeout=self.engines.fetch_timeouts, retries=0, transport=transport
            )
            self._aside = SetAside(disk)
        return disk, self._disk_fetcher

    def set_aside_node(self, node: DocumentNode) -> None:
        """A document was read (or checked): set aside what a folder cannot answer before
        anything shows it."""
        if self._aside is not None:
            self._aside.take_node(node)

    def set_aside(self, findings: list[Finding]) -> None:
        if self._aside is not None:
            self._aside.take(findings)

    def set_aside_records(self) -> list[NotApplicable]:
        """What the open folder set aside, as the report lists it."""
        return self._aside.records() if self._aside is not None else []

    async def aclose(self) -> None:
        """Close every folder fetcher made (the open one and those let go)."""
        fetchers = [*filter(None, [self._disk_fetcher]), *self._retired_fetchers]
        self._retired_fetchers, self._disk_fetcher = [], None
        await close_fetchers(fetchers)
