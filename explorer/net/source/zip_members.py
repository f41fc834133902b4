"""How many members a ZIP package has, and how many bytes its central directory holds,
counted before ``zipfile`` reads it.

``zipfile.ZipFile`` reads the whole central directory into memory and makes one
``ZipInfo`` per record: two million empty members (a 184 MB package, under the download
cap) cost gigabytes before any check runs. This walks the same records ``zipfile`` would
(from the end-of-central-directory record, by the central directory's declared size and
each record's own lengths, not its declared count, which may lie), a chunk at a time, and
stops one past the cap. Records are also counted in bytes: ``zipfile`` keeps every
record's name, extra field and comment (up to 64 KiB each) in its ``ZipInfo``, besides the
whole directory it reads at once, so 1,900 records with 64 KiB extra fields took a reader
past 500 MB; past ``max_bytes`` the walk stops too.
"""

from __future__ import annotations

import struct
import zipfile
from dataclasses import dataclass
from typing import Any, BinaryIO

_RECORD = struct.Struct("<4s24xHHH12x")  # 46 bytes: signature, …, name, extra, comment lengths
_SIGNATURE = b"PK\x01\x02"
_CHUNK = 1024 * 1024
_ZIP: Any = zipfile  # its end-record reader and offsets are not in the type stubs


@dataclass(frozen=True, slots=True)
class Directory:
    """What the walk found: ``count`` records of ``size`` bytes in all (each stops one
    record past its cap)."""

    count: int
    size: int


def member_count(file: BinaryIO, stop_after: int, max_bytes: int) -> Directory | None:
    """The central-directory records of ``file`` and their bytes, the walk stopping as soon
    as there are more than ``stop_after`` or more than ``max_bytes``; None when the package
    has no readable end record (``zipfile`` then reports it as it reads)."""
    try:
        end = _ZIP._EndRecData(file)  # the very end record zipfile reads
    except OSError:
        return None
    if not end:
        return None
    size = end[_ZIP._ECD_SIZE]
    start = end[_ZIP._ECD_LOCATION] - size
    if end[_ZIP._ECD_SIGNATURE] == _ZIP.stringEndArchive64:
        start -= _ZIP.sizeEndCentDir64 + _ZIP.sizeEndCentDir64Locator
    if start < 0:
        return None
    file.seek(start)
    count, walked, remaining, buffer = 0, 0, size, b""
    while remaining > 0:
        chunk = file.read(min(_CHUNK, remaining))
        if not chunk:
            break
        remaining -= len(chunk)
        buffer += chunk
        at = 0
        while len(buffer) - at >= _RECORD.size:
            signature, name, extra, comment = _RECORD.unpack_from(buffer, at)
            if signature != _SIGNATURE:
                return Directory(count, walked)  # zipfile stops with an error here
            length = _RECORD.size + name + extra + comment
            if walked + length > max_bytes:  # counted before the record is buffered whole
                return Directory(count + 1, walked + length)
            if len(buffer) - at < length:
                break
            at += length
            walked += length
            count += 1
            if count > stop_after:
                return Directory(count, walked)
        buffer = buffer[at:]
    return Directory(count, walked)
