"""A request body as received: in memory while small, spooled to a private temporary file
past that, with its size, its first bytes and its SHA-256 computed while it arrives.

The callback server reads every delivery into one of these, so an unsigned 50 MB body
costs a file, not 50 MB of memory: its signature is checked by streaming the file, and a
rejected delivery keeps only ``prefix`` and ``digest``. Only a delivery whose signature
holds is read whole (``read``), to be parsed and stored.
"""

from __future__ import annotations

import hashlib
import tempfile
from collections.abc import Iterator
from typing import IO

SPOOL_AT = 256 * 1024
"""Bodies larger than this go to a temporary file (a notification is usually a few KB)."""
PREFIX = 64 * 1024
"""Bytes kept in memory from the start of every body, whatever its size."""
CHUNK = 256 * 1024


class ReceivedBody:
    """Written once, in order, then read (whole or in chunks) from any one thread at a time."""

    def __init__(self, spool_at: int = SPOOL_AT) -> None:
        self.size = 0
        self.prefix = b""
        self._spool_at = spool_at
        self._memory: list[bytes] | None = []
        self._file: IO[bytes] | None = None
        self._sha256 = hashlib.sha256()

    @classmethod
    def of(cls, data: bytes) -> ReceivedBody:
        body = cls()
        body.write(data)
        return body

    @property
    def digest(self) -> str:
        """The body's SHA-256, hex."""
        return self._sha256.hexdigest()

    @property
    def spooled(self) -> bool:
        return self._file is not None

    def write(self, chunk: bytes) -> None:
        if not chunk:
            return
        self._sha256.update(chunk)
        if len(self.prefix) < PREFIX:
            self.prefix += chunk[: PREFIX - len(self.prefix)]
        self.size += len(chunk)
        if self._memory is not None and self.size <= self._spool_at:
            self._memory.append(chunk)
            return
        if self._file is None:  # past the threshold: what was kept moves to the file
            self._file = tempfile.TemporaryFile(prefix="explorer-delivery-")  # noqa: SIM115 (closed by close())
            for piece in self._memory or ():
                self._file.write(piece)
            self._memory = None
        self._file.write(chunk)

    def chunks(self, size: int = CHUNK) -> Iterator[bytes]:
        """The body from its start, ``size`` bytes at a time."""
        if self._file is None:
            yield from self._memory or ()
            return
        self._file.seek(0)
        while piece := self._file.read(size):
            yield piece

    def read(self) -> bytes:
        """The whole body (only for one that is to be parsed or stored whole); from then
        on it is held in memory, so checking, decoding and storing it read it once."""
        if self._file is not None:
            self._file.seek(0)
            self._memory = [self._file.read()]
            self._file.close()
            self._file = None
        data = b"".join(self._memory or ())
        self._memory = [data]
        return data

    def close(self) -> None:
        """Delete the temporary file; a small body stays readable."""
        if self._file is not None:
            self._file.close()
