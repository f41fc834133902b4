"""How many members a ZIP package has, counted before ``zipfile`` reads it.

``zipfile.ZipFile`` reads the whole central directory into memory and makes one
``ZipInfo`` per record: two million empty members (a 184 MB package, under the download
cap) cost gigabytes before any check runs. This walks the same records ``zipfile`` would
(from the end-of-central-directory record, by the central directory's declared size and
each record's own lengths, not its declared count, which may lie), a chunk at a time, and
stops one past the cap.
"""

from __future__ import annotations

import struct
import zipfile
from typing import Any, BinaryIO

_RECORD = struct.Struct("<4s24xHHH12x")  # 46 bytes: signature, …, name, extra, comment lengths
_SIGNATURE = b"PK\x01\x02"
_CHUNK = 1024 * 1024
_ZIP: Any = zipfile  # its end-record reader and offsets are not in the type stubs


def member_count(file: BinaryIO, stop_after: int) -> int | None:
    """The number of central-directory records in ``file``, or ``stop_after + 1`` as soon as
    there are more; None when the package has no readable end record (``zipfile`` then
    reports it as it reads)."""
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
    count, remaining, buffer = 0, size, b""
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
                return count  # zipfile stops with an error here
            length = _RECORD.size + name + extra + comment
            if len(buffer) - at < length:
                break
            at += length
            count += 1
            if count > stop_after:
                return count
        buffer = buffer[at:]
    return count
