"""One writer per store: an exclusive lock on a small file beside it.

The lock is held on an open descriptor (``flock`` on POSIX, ``msvcrt.locking`` on
Windows), so the operating system drops it when the process ends in any way, a crash
or SIGKILL included: no stale lock file ever needs cleaning up. A separate file keeps
it apart from SQLite's own locks on the database file.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from explorer.core import catalog

if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def try_lock(fd: int) -> bool:
        """Take an exclusive lock on ``fd`` at once, or say it is held elsewhere."""
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

else:
    import fcntl

    def try_lock(fd: int) -> bool:
        """Take an exclusive lock on ``fd`` at once, or say it is held elsewhere."""
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True


class StoreInUse(Exception):
    """Another process (a ``listen`` or a window) holds the store."""


class StoreLock:
    """An exclusive, non-blocking lock on ``path`` (created 0600); ``release()`` when done."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            if hasattr(os, "fchmod"):
                os.fchmod(self._fd, 0o600)
            if not try_lock(self._fd):
                raise StoreInUse(catalog.text("store.held", path=path))
        except BaseException:
            self.release()
            raise

    def release(self) -> None:
        """Closing the descriptor releases the lock."""
        fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)
