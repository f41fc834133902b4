"""Where an audit keeps its working file, and how one left behind by a killed audit goes.

An audit of millions of resources writes both sides and its verdicts to a scratch SQLite
file (837 MB for 2 million resources). A private temporary folder removed on close is
lost to a SIGKILL, and the next audit never knew of it. So every working file lives in
one known folder, ``$XDG_CACHE_HOME/resourcesync-explorer/audit`` (``~/.cache`` by
default, a disk rather than a ``tmpfs`` in memory), beside a lock file its process holds
with ``flock`` for as long as it runs. The operating system drops that lock when the
process ends in any way, SIGKILL included, so when an audit starts it removes the files
of every lock it can take: their owner is gone. A process id reused since cannot keep a
dead audit's files alive, and a running audit's files are never touched.

A lock file is locked under a name no sweep looks at and only then renamed to its
``.lock`` name, so a sweep never takes a lock its owner is about to take.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

from explorer.net.store.database import APP_DIR
from explorer.net.store.store_lock import try_lock

LOCK_SUFFIX = ".lock"
WORK_SUFFIXES = (".sqlite3", ".sqlite3-journal", ".sqlite3-wal", ".sqlite3-shm")
"""The working file and what SQLite may put beside it."""


def work_folder() -> Path:
    """``$XDG_CACHE_HOME/resourcesync-explorer/audit`` (``~/.cache`` by default)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / APP_DIR / "audit"


class WorkFile:
    """A working file's path in ``folder``, its lock held until ``close()``, which removes
    both. Opening one first removes what dead audits left there (``sweep``)."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else work_folder()
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        sweep(self.folder)
        stem = f"{os.getpid()}-{secrets.token_hex(4)}"
        pending = self.folder / f"{stem}.locking"
        self._lock: int | None = os.open(pending, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
        try_lock(self._lock)  # a new file: nobody else holds it
        self.lock_path = self.folder / f"{stem}{LOCK_SUFFIX}"
        os.replace(pending, self.lock_path)
        self.path = self.folder / f"{stem}{WORK_SUFFIXES[0]}"

    def close(self) -> None:
        """Remove the working file, then give up the lock and remove it."""
        _remove(self.path)
        lock, self._lock = self._lock, None
        if lock is not None:
            with contextlib.suppress(OSError):
                self.lock_path.unlink()
            os.close(lock)


def sweep(folder: Path) -> list[Path]:
    """Remove the working files of audits no longer running (their lock can be taken);
    returns the lock files whose files were removed."""
    removed: list[Path] = []
    for lock_path in folder.glob(f"*{LOCK_SUFFIX}"):
        try:
            fd = os.open(lock_path, os.O_RDWR)
        except OSError:  # removed meanwhile by its owner or another sweep
            continue
        try:
            if not try_lock(fd):
                continue  # its audit is running
            _remove(lock_path.with_suffix(WORK_SUFFIXES[0]))
            with contextlib.suppress(OSError):
                lock_path.unlink()
            removed.append(lock_path)
        finally:
            os.close(fd)
    return removed


def _remove(path: Path) -> None:
    for suffix in WORK_SUFFIXES:
        with contextlib.suppress(OSError):
            path.with_suffix(suffix).unlink()
