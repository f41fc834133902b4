"""The search-engine twin of Resource Lists written into a folder: ``consumers --write-twin
DIR`` and the window's "Write search-engine twin…" both call ``write_twin``.

The twin's files are named for their place, not for the lists they come from (a list of
120,000 URLs becomes three files), and are meant to be served beside the lists, so their
URLs are the lists' folder plus the file name; ``robots-lines.txt`` holds the ``Sitemap:``
lines that name them for ``robots.txt``. Written as read: one batch of entries in memory.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from urllib.parse import urljoin

from explorer.core import catalog
from explorer.core.consumers.twin import list_entries, sitemap_index, sitemap_parts
from explorer.core.safe_xml import DocumentParseError

PART_NAME = "twin-sitemap-{number:04d}.xml"
INDEX_NAME = "twin-sitemap-index.xml"
ROBOTS_NAME = "robots-lines.txt"


class TwinError(Exception):
    """The twin cannot be written; ``describe`` says why and what to do."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(catalog.text(key, **params))
        self.key = key
        self.params = params

    def describe(self, lang: str) -> str:
        return catalog.text(self.key, lang, **self.params)


def _write(path: Path, pieces: Iterable[str]) -> None:
    """Write ``path`` whole or not at all: under a temporary name beside it, renamed once
    complete. A twin file that exists is then never half a file, whether a list turns out
    unreadable halfway or a reader (a script, the window) takes ``robots-lines.txt``
    appearing as the sign that the twin is written."""
    partial = path.with_name(f".{path.name}.partial")
    try:
        try:
            with partial.open("w", encoding="utf-8") as handle:
                for piece in pieces:
                    handle.write(piece)
            os.replace(partial, path)
        finally:
            partial.unlink(missing_ok=True)
    except OSError as exc:
        raise TwinError(
            "consumers.cli.twin-unwritable", path=str(path), reason=exc.strerror
        ) from None


Lists = list[tuple[str | None, Callable[[], bytes | None]]]


def _entries(lists: Lists) -> Iterator[tuple[str, str | None]]:
    for url, read in lists:
        body = read()
        if body is None:
            continue
        try:
            yield from list_entries(body)
        except DocumentParseError as exc:
            raise TwinError(
                "consumers.cli.twin-unreadable", url=url or "", detail=exc.finding.message
            ) from None


def write_twin(folder: Path, leaves: Lists) -> list[str]:
    """Write the twin of the Resource Lists ``leaves`` (``(url, read)``, each reading its
    bytes when its turn comes; indexes are not among them, their lists are) into
    ``folder``; returns the ``robots.txt`` lines to add."""
    if not leaves:
        raise TwinError("consumers.cli.twin-no-list")
    base = next((url for url, _body in leaves if url), None)
    if base is None:
        raise TwinError("consumers.cli.twin-needs-base-url")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TwinError(
            "consumers.cli.twin-unwritable", path=str(folder), reason=exc.strerror
        ) from None
    names = []
    for number, part in enumerate(sitemap_parts(_entries(leaves)), start=1):
        name = PART_NAME.format(number=number)
        _write(folder / name, part)
        names.append(name)
    if len(names) > 1:
        _write(folder / INDEX_NAME, sitemap_index([urljoin(base, name) for name in names]))
        named = [INDEX_NAME]
    else:
        named = names
    lines = [f"Sitemap: {urljoin(base, name)}" for name in named]
    _write(folder / ROBOTS_NAME, (line + "\n" for line in lines))
    return lines
