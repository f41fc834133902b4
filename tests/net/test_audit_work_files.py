"""The audit's working folder: a sweep removes what dead audits left and never the file
of an audit still running (its lock is held)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from explorer.net.history.audit_work import WorkFile, sweep, work_folder


def test_a_sweep_keeps_a_running_audit_s_file_and_takes_a_dead_one_s(tmp_path: Path) -> None:
    running = WorkFile(tmp_path)
    running.path.write_bytes(b"in use")
    # a process that made its working file and ended without closing it (as a kill does)
    dead = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from pathlib import Path;"
            "from explorer.net.history.audit_work import WorkFile;"
            "work = WorkFile(Path(sys.argv[1])); work.path.write_bytes(b'left');"
            "print(work.path)",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    left = Path(dead.stdout.strip())
    assert left.exists()
    removed = sweep(tmp_path)
    assert [path.with_suffix(".sqlite3") for path in removed] == [left]
    assert not left.exists() and not left.with_suffix(".lock").exists()
    assert running.path.read_bytes() == b"in use"
    running.close()
    assert sorted(tmp_path.iterdir()) == []


def test_the_working_folder_is_under_the_cache_folder(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert work_folder() == tmp_path / "resourcesync-explorer" / "audit"
