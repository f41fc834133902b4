"""The store at its boundary: private modes, damage, foreign schemas and one writer."""

from __future__ import annotations

import os
import signal
import sqlite3
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.records import notification_record

from explorer.net.store.database import (
    APP_DIR,
    Store,
    StoreDamaged,
    StoreError,
    StoreLocked,
    default_store_path,
)
from explorer.net.store.records import NotificationRecord

PAGE = 4096


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def loose_umask() -> Iterator[None]:
    """The umask most shells start with: files 0644 and folders 0755 unless asked."""
    previous = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(previous)


def _record(n: int, size: int = 3000) -> NotificationRecord:
    return notification_record(n, subscription_id="s1", received=float(n), body=b"x" * size)


async def test_folder_store_and_side_files_are_private(tmp_path: Path, loose_umask) -> None:
    path = tmp_path / "data" / APP_DIR / "s.sqlite3"
    store = Store(path)
    try:
        await store.add_notification(_record(1))
        side = [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", ".lock")]
        assert all(name.exists() for name in side)
        assert {name.name: _mode(name) for name in (path, *side)} == {
            name.name: 0o600 for name in (path, *side)
        }
        assert _mode(path.parent) == 0o700
    finally:
        store.close()


async def test_an_existing_loose_store_and_data_folder_are_tightened(
    tmp_path: Path, monkeypatch, loose_umask
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    path = default_store_path()
    path.parent.mkdir(mode=0o755)
    conn = sqlite3.connect(path)  # as an older explorer left it: 0644 under the umask
    conn.execute("PRAGMA journal_mode=WAL")
    conn.close()
    Store(path).close()
    path.chmod(0o644)
    path.parent.chmod(0o755)
    store = Store(path)
    try:
        await store.add_notification(_record(1))
        assert _mode(path) == 0o600
        assert _mode(path.with_name(path.name + "-wal")) == 0o600
        assert _mode(path.parent) == 0o700
    finally:
        store.close()


def test_a_user_folder_holding_the_store_keeps_its_mode(tmp_path: Path, loose_umask) -> None:
    """Only the explorer's own data folder is tightened, never a folder the user chose."""
    folder = tmp_path / "mine"
    folder.mkdir(mode=0o755)
    Store(folder / "s.sqlite3").close()
    assert _mode(folder) == 0o755


async def _filled(path: Path, count: int = 200) -> None:
    store = Store(path)
    try:
        for n in range(count):
            await store.add_notification(_record(n))
    finally:
        store.close()


def _smash_pages(path: Path) -> None:
    """Overwrite the header of every seventh b-tree page past the schema."""
    pages = path.stat().st_size // PAGE
    with path.open("r+b") as handle:
        for page in range(3, pages, 7):
            handle.seek(page * PAGE)
            handle.write(b"\xff" * 64)


async def test_smashed_pages_are_reported_and_the_store_still_opens_read_only(
    tmp_path: Path,
) -> None:
    path = tmp_path / "s.sqlite3"
    await _filled(path)
    _smash_pages(path)
    with pytest.raises(StoreDamaged, match="damaged") as raised:
        Store(path)
    assert raised.value.problems and "\n" not in str(raised.value)
    store = Store(path, read_only=True)
    try:
        assert store.problems == raised.value.problems
        with pytest.raises(StoreError):
            store.notifications()  # damage is a StoreError, never a raw sqlite3 error
        with pytest.raises(StoreError, match="read-only"):
            await store.add_notification(_record(1))
    finally:
        store.close()
    Store(path, read_only=True).close()  # the writer's refusal left no lock behind


def test_a_sound_store_has_no_problems(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    Store(path).close()
    store = Store(path, read_only=True)
    try:
        assert store.problems == []
    finally:
        store.close()


def test_a_wrong_schema_is_a_clear_error_and_is_left_alone(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite3"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE notes (text TEXT)")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="not an explorer store"):
        Store(other)
    conn = sqlite3.connect(other)
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    conn.close()
    assert tables == {"notes"}  # nothing was added to someone else's database

    versioned = tmp_path / "versioned.sqlite3"
    conn = sqlite3.connect(versioned)
    conn.execute("CREATE TABLE subscriptions (id TEXT)")
    conn.execute("PRAGMA user_version=1")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="lacks"):
        Store(versioned)


@pytest.mark.parametrize("make", ["directory", "fifo"])
def test_a_folder_or_fifo_is_refused(tmp_path: Path, make: str) -> None:
    path = tmp_path / "s.sqlite3"
    if make == "directory":
        path.mkdir()
    else:
        os.mkfifo(path)
    with pytest.raises(StoreError, match=r"directory|regular file"):
        Store(path)


def test_a_second_writer_is_refused_until_the_first_closes(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    first = Store(path)
    try:
        with pytest.raises(StoreLocked, match="in use"):
            Store(path)
        Store(path, read_only=True).close()  # readers (export) are welcome meanwhile
    finally:
        first.close()
    Store(path).close()


HOLDER = """
import sys, time
from explorer.net.store.database import Store
store = Store(sys.argv[1])
print("open", flush=True)
time.sleep(60)
"""


def test_the_lock_goes_with_a_killed_holder(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite3"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "open\n"
        with pytest.raises(StoreLocked):
            Store(path)
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=30)
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
        if holder.stdout is not None:
            holder.stdout.close()
    Store(path).close()
