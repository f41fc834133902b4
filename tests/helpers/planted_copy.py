"""A third-party-shaped Source and a local copy of it with one resource of every kind of
difference planted (same, to create, to update by length, lastmod or hash, to delete)."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from explorer.core.rules.datetimes import parse_w3c_datetime
from helpers.third_party_source import Change, Listed, SourceFiles, build_source

T1 = "2024-03-01T10:00:00Z"
T2 = "2024-03-05T10:00:00Z"
AT = "2024-03-10T00:00:00Z"


def md5_hex(data: bytes) -> str:
    return hashlib.md5(data).hexdigest()


def put_file(folder: Path, name: str, data: bytes, modified: str) -> None:
    path = folder / "data" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    moment = parse_w3c_datetime(modified)
    assert moment is not None
    os.utime(path, (moment, moment))


def planted(base: str, folder: Path, changes: list[Change] | None = None) -> SourceFiles:
    """One resource of every kind: same, to create, to update by length, by lastmod and
    (only when hashes are compared) by hash, and one local file to delete."""
    put_file(folder, "same.txt", b"same", T1)
    put_file(folder, "length.txt", b"short", T1)
    put_file(folder, "old.txt", b"old!", T1)
    put_file(folder, "hash.txt", b"yyyy", T1)
    put_file(folder, "nested/gone.txt", b"gone", T1)
    files = SourceFiles()
    build_source(
        base,
        files,
        [
            [
                Listed("/data/same.txt", T1, 4, md5_hex(b"same")),
                Listed("/data/new.txt", T1, 3, md5_hex(b"new")),
                Listed("/data/length.txt", T1, 10, md5_hex(b"longer one")),
            ],
            [
                Listed("/data/old.txt", T2, 4, md5_hex(b"old!")),
                Listed("/data/hash.txt", T1, 4, md5_hex(b"xxxx")),
            ],
        ],
        changes or [Change("/data/same.txt", "updated", "2024-03-02T00:00:00Z", T1, 4)],
        AT,
        "2024-03-01T00:00:00Z",
    )
    return files
