"""``audit``'s working file, attacked from outside: one left by an audit killed with
SIGKILL is removed when the next audit starts, and a file past ``--work-budget`` ends the
audit in one line, leaving nothing behind."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from helpers.third_party_source import Change, Listed, SourceFiles, build_source, serving

AT = "2024-03-10T00:00:00Z"


def _env(tmp_path: Path) -> dict[str, str]:
    """The test's own temporary folder too: a working file must not hide there either."""
    temporary = tmp_path / "tmp"
    temporary.mkdir(exist_ok=True)
    return {**os.environ, "TMPDIR": str(temporary)}


def _working_files(tmp_path: Path) -> set[Path]:
    """Every SQLite file an audit may have left under the temporary and cache folders."""
    roots = [tmp_path / "tmp", Path(os.environ["XDG_CACHE_HOME"])]
    return {path for root in roots if root.exists() for path in root.rglob("*.sqlite3*")}


def _source(base: str, files: SourceFiles, entries: int) -> None:
    listed = [
        Listed(f"/data/collection/item-{n:06d}.xml", "2024-03-01T00:00:00Z", 1000 + n)
        for n in range(entries)
    ]
    build_source(base, files, [listed], [Change("/data/x", "updated", AT)], AT, AT)


def _audit(tmp_path: Path, url: str, *extra: str) -> subprocess.CompletedProcess[str]:
    dest = tmp_path / "copy"
    dest.mkdir(exist_ok=True)
    return subprocess.run(
        [sys.executable, "-m", "explorer", "audit", url, "--dest", str(dest), *extra],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=_env(tmp_path),
    )


def test_a_working_file_left_by_a_killed_audit_goes_at_the_next_start(tmp_path: Path) -> None:
    silent = socket.socket()  # accepts connections into its backlog, never answers
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)
    url = f"http://127.0.0.1:{silent.getsockname()[1]}/"
    dest = tmp_path / "copy"
    dest.mkdir()
    command = [sys.executable, "-m", "explorer", "audit", url, "--dest", str(dest)]
    with subprocess.Popen(
        [*command, "--timeout", "100"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=_env(tmp_path),
    ) as killed:
        deadline = time.monotonic() + 60
        while not (left := _working_files(tmp_path)) and time.monotonic() < deadline:
            assert killed.poll() is None
            time.sleep(0.05)
        os.kill(killed.pid, signal.SIGKILL)
        killed.wait(30)
    silent.close()
    assert left, "the audit made its working file before it read the Source"
    assert all(path.exists() for path in left)  # the kill left it behind

    files = SourceFiles()
    with serving(files) as base:
        _source(base, files, entries=10)
        done = _audit(tmp_path, base + "/")
    assert done.returncode == 1, done.stderr  # ten resources to create: not in sync
    assert not any(path.exists() for path in left)
    assert _working_files(tmp_path) == set()  # and the second audit removed its own


def test_a_working_file_past_its_budget_ends_the_audit_in_one_line(tmp_path: Path) -> None:
    files = SourceFiles()
    with serving(files) as base:
        _source(base, files, entries=12000)
        refused = _audit(tmp_path, base + "/", "--work-budget", "1")
        refused_ja = _audit(tmp_path, base + "/", "--work-budget", "1", "--lang", "ja")
        enough = _audit(tmp_path, base + "/", "--work-budget", "64")
    assert refused.returncode == 2
    assert "Traceback" not in refused.stderr
    assert refused.stderr.count("\n") == 1, refused.stderr
    assert "working file reached its budget of 1 MB" in refused.stderr
    assert "--work-budget" in refused.stderr
    assert refused_ja.returncode == 2 and "上限の 1 MB" in refused_ja.stderr
    assert enough.returncode == 1, enough.stderr  # 12,000 to create, within 64 MB
    assert _working_files(tmp_path) == set()
