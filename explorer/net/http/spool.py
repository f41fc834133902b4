"""Large response bodies kept on disk instead of in memory.

A million-entry Resource List Index is twenty 9 MB bodies: the parsed entries are what
the views need, the raw bytes only back the XML source tab and conditional refreshes.
``BodySpool.keep`` writes a body to a private temporary folder and returns a
``SpooledBody`` that reads it back on demand; the file goes when the last reference to
its ``SpooledBody`` does, and the folder when the spool is closed.

Usage::

    spool = BodySpool()
    kept = spool.keep(body)   # SpooledBody
    data = kept.read()        # the same bytes, or None once the spool is closed
    spool.close()
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import threading
import weakref
from pathlib import Path

from explorer.core import catalog

SPOOL_PREFIX = "resourcesync-explorer-bodies-"


def _unlink(path: str) -> None:
    with contextlib.suppress(OSError):  # already gone with its folder
        os.unlink(path)


class SpooledBody:
    """A body written to disk: ``size`` bytes at ``path``, removed with this object."""

    __slots__ = ("__weakref__", "path", "size")

    def __init__(self, path: Path, size: int) -> None:
        self.path = path
        self.size = size
        weakref.finalize(self, _unlink, str(path))

    def read(self) -> bytes | None:
        """The bytes as written, or None when the file is gone (the spool was closed)."""
        try:
            return self.path.read_bytes()
        except OSError:
            return None


class BodySpool:
    """A temporary folder of spooled bodies, made on the first ``keep``.

    ``directory`` is where the folder is made (the system temp folder by default); the
    folder is removed by ``close`` or, failing that, at interpreter exit.
    """

    def __init__(self, directory: Path | str | None = None) -> None:
        self.directory = directory
        self._folder: tempfile.TemporaryDirectory[str] | None = None
        self._lock = threading.Lock()  # keep() runs in worker threads too
        self._closed = False

    def keep(self, data: bytes) -> SpooledBody:
        """Write ``data`` to a new file; raises ``OSError`` if the disk refuses it."""
        with self._lock:
            if self._closed:
                raise OSError(catalog.text("store.spool-closed"))
            if self._folder is None:
                self._folder = tempfile.TemporaryDirectory(
                    prefix=SPOOL_PREFIX, dir=self.directory, ignore_cleanup_errors=True
                )
            folder = self._folder.name
        handle, name = tempfile.mkstemp(suffix=".body", dir=folder)
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(data)
        except OSError:
            _unlink(name)
            raise
        return SpooledBody(Path(name), len(data))

    def close(self) -> None:
        """Remove every spooled file; ``SpooledBody.read`` returns None afterwards."""
        with self._lock:
            self._closed = True
            folder, self._folder = self._folder, None
        if folder is not None:
            folder.cleanup()
