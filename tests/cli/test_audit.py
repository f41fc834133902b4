"""``audit``: a local copy judged against a Source written with resync's own classes, and
the counts held against the reference client (``resync-sync --audit``, resync 2.0.1) run as
a separate process on the same Source and the same folder."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.planted_copy import AT, T1, md5_hex, planted, put_file
from helpers.third_party_source import Change, Listed, SourceFiles, build_source, serving


def _explorer(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "explorer", "audit", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _resync_counts(base: str, folder: Path) -> dict[str, int]:
    # beside this interpreter first: a virtual environment's scripts need not be on PATH
    beside = Path(sys.executable).with_name("resync-sync")
    command = str(beside) if beside.exists() else shutil.which("resync-sync")
    assert command is not None, "resync 2.0.1 (a test dependency) provides resync-sync"
    done = subprocess.run(
        [command, "--audit", f"{base}/data={folder / 'data'}"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    status = re.search(
        r"same=(\d+), to create=(\d+), to update=(\d+), to delete=(\d+)",
        done.stdout + done.stderr,
    )
    assert status is not None, done.stdout + done.stderr
    same, create, update, delete = (int(value) for value in status.groups())
    return {"same": same, "create": create, "update": update, "delete": delete}


def _audit_json(base: str, folder: Path, *extra: str) -> dict[str, object]:
    done = _explorer(
        base + "/",
        "--dest",
        str(folder),
        "--map",
        f"{base}/data={folder / 'data'}",
        "--json",
        *extra,
    )
    assert done.returncode == 1, done.stderr
    return dict(json.loads(done.stdout))


def _by_loc(report: dict[str, object], base: str) -> dict[str, dict[str, object]]:
    items = report["items"]
    assert isinstance(items, list)
    return {item["loc"].removeprefix(base): item for item in items}


def test_counts_agree_with_resync_and_every_difference_has_its_reason(tmp_path: Path) -> None:
    files = SourceFiles()
    with serving(files) as base:
        files.documents.update(planted(base, tmp_path).documents)
        reference = _resync_counts(base, tmp_path)
        plain = _audit_json(base, tmp_path)
        checksum = _audit_json(base, tmp_path, "--checksum")
        text = _explorer(base + "/", "--dest", str(tmp_path))
    assert reference == {"same": 2, "create": 1, "update": 2, "delete": 1}
    assert plain["counts"] == reference
    assert plain["in_sync"] is False
    items = _by_loc(plain, base)
    assert set(items) == {
        "/data/new.txt",
        "/data/length.txt",
        "/data/old.txt",
        "/data/nested/gone.txt",
    }
    assert items["/data/new.txt"]["verdict"] == "create"
    assert items["/data/new.txt"]["section"] == "core 1.1 §10.1"
    assert items["/data/new.txt"]["path"] == str(tmp_path / "data" / "new.txt")
    assert [f["field"] for f in items["/data/length.txt"]["fields"]] == ["length"]
    assert items["/data/length.txt"]["fields"][0]["listed"] == "10"
    assert items["/data/length.txt"]["fields"][0]["local"] == "5"
    assert [f["field"] for f in items["/data/old.txt"]["fields"]] == ["lastmod"]
    assert items["/data/nested/gone.txt"]["verdict"] == "delete"
    # with hashes (resync's rule: hash in addition to length and lastmod) the planted
    # digest difference is found too, and only it
    assert checksum["counts"] == {"same": 1, "create": 1, "update": 3, "delete": 1}
    hashed = _by_loc(checksum, base)["/data/hash.txt"]
    assert hashed["fields"] == [
        {"field": "hash:md5", "listed": md5_hex(b"xxxx"), "local": md5_hex(b"yyyy")}
    ]
    # the human report: the status line, then each resource with its reason and section
    assert text.returncode == 1, text.stderr
    assert "NOT IN SYNC: same 2, to create 1, to update 2, to delete 1" in text.stdout
    assert (
        "by length: listed 10 bytes, local copy 5 bytes (core 1.1 §7, core 1.1 §10.1;"
        in text.stdout
    )
    assert "by lastmod: listed 2024-03-05T10:00:00Z, local copy modified 2024-03-01T10:00:00Z" in (
        text.stdout
    )
    assert "not listed by the Source's Resource Lists (core 1.1 §10.1)" in text.stdout
    assert f"no local copy at {tmp_path / 'data' / 'new.txt'}" in text.stdout


def test_change_lists_after_the_snapshot_decide(tmp_path: Path) -> None:
    """Entries dated after the Resource List's ``at`` replace what it listed (core 1.1
    §12.1): an update makes the copy stale, a deletion makes it extra, a creation is to
    create; entries from before the snapshot change nothing."""
    later = [
        Change("/data/same.txt", "updated", "2024-03-11T00:00:00Z", "2024-03-11T00:00:00Z", 4),
        Change("/data/old.txt", "deleted", "2024-03-12T00:00:00Z"),
        Change("/data/fresh.txt", "created", "2024-03-12T00:00:00Z", "2024-03-12T00:00:00Z", 5),
        Change("/data/new.txt", "updated", "2024-03-09T00:00:00Z", T1, 99),
    ]
    files = SourceFiles()
    with serving(files) as base:
        files.documents.update(planted(base, tmp_path, later).documents)
        report = _audit_json(base, tmp_path)
    items = _by_loc(report, base)
    assert report["counts"] == {"same": 1, "create": 2, "update": 2, "delete": 2}
    assert items["/data/same.txt"]["origin"] == "changelist"
    assert items["/data/same.txt"]["section"] == "core 1.1 §12.1"
    assert items["/data/old.txt"]["verdict"] == "delete"
    assert items["/data/old.txt"]["change"] == "deleted"
    assert items["/data/fresh.txt"]["verdict"] == "create"
    assert items["/data/new.txt"]["origin"] == "resourcelist"


def test_in_sync_exits_zero(tmp_path: Path) -> None:
    files = SourceFiles()
    with serving(files) as base:
        put_file(tmp_path, "a.txt", b"abc", T1)
        build_source(base, files, [[Listed("/data/a.txt", T1, 3)]], [], AT, AT)
        done = _explorer(base + "/", "--dest", str(tmp_path), "--lang", "ja")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "同期しています: 同一 1、作成が必要 0、更新が必要 0、削除が必要 0" in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--dest", "/no/such/folder"], "is not a folder"),
        (["--dest", ".", "--map", "nothing"], "is not URL_PREFIX=DIR"),
    ],
)
def test_unusable_arguments_say_why(args: list[str], message: str) -> None:
    done = _explorer("http://127.0.0.1:9/", *args)
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr


def test_no_source_is_unusable(tmp_path: Path) -> None:
    with serving(SourceFiles()) as base:
        done = _explorer(base + "/", "--dest", str(tmp_path))
    assert done.returncode == 2
    assert done.stderr.startswith("audit: no ResourceSync Source found")


@pytest.mark.skipif(sys.platform != "linux", reason="a file name of bytes that are not UTF-8")
def test_a_file_name_that_is_not_utf8_is_listed_to_delete_with_its_bytes(tmp_path: Path) -> None:
    """A local file whose name is not UTF-8 (a folder copied from a Shift_JIS server, say)
    stands for no URL of the Source: it is listed to delete, its name's bytes written as
    ``\\xNN``, in both languages, and the audit does not stop on it."""
    files = SourceFiles()
    put_file(tmp_path, "a.txt", b"abc", T1)
    odd = bytes(tmp_path) + b"/data/" + "\u8cc7\u6599".encode("shift_jis") + b".pdf"
    with open(odd, "wb") as stream:
        stream.write(b"x")
    with serving(files) as base:
        build_source(base, files, [[Listed("/data/a.txt", T1, 3)]], [], AT, AT)
        report = _audit_json(base, tmp_path)
        said = _explorer(base + "/", "--dest", str(tmp_path), "--lang", "ja")
    assert report["counts"] == {"same": 1, "create": 0, "update": 0, "delete": 1}
    (item,) = report["items"]  # type: ignore[misc]
    assert item["verdict"] == "delete"
    assert item["path"].endswith("/\\x8e\\x91\\x97\\xbf.pdf"), item
    assert said.returncode == 1 and "Traceback" not in said.stderr, said.stderr
    assert "\\x8e\\x91\\x97\\xbf.pdf" in said.stdout
