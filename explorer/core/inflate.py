"""Bounded, streaming decoding of compressed bytes: HTTP ``Content-Encoding`` layers and
gzip files.

Why not ``httpx``'s or ``gzip``'s own decoding: both inflate one input chunk in a single
call, and a few kilobytes of nested gzip inflate to gigabytes in that call. Here every
``decompress`` call is given a ``max_length``, every layer's output is charged to one budget
while it is produced, and a delivery, a document or a hub's reply stops at its limit with
``InflateLimit`` instead of after the damage.

gzip streams may hold several members (RFC 1952 §2.2). zlib reports the bytes after a
member as ``unused_data``, a copy of the rest of the input it was given; input is therefore
fed in small slices, so each member costs a bounded copy and many members cost linear time.
The number of members is capped as well, since a real file has one or a handful.
"""

from __future__ import annotations

import zlib
from collections import deque
from collections.abc import Sequence

from explorer.core.said_error import SaidError

GZIP_MAGIC = b"\x1f\x8b"

INPUT_SLICE = 4 * 1024
"""Compressed bytes handed to zlib per call: bounds the copy zlib makes at a member's end."""

OUTPUT_STEP = 256 * 1024
"""Most bytes one ``decompress`` call may produce."""

MAX_GZIP_MEMBERS = 4096
"""Members accepted in one gzip stream; concatenated logs have a few, a bomb has millions."""

MAX_CODINGS = 4
"""Content codings accepted on one body; real servers apply one."""

SUPPORTED_ENCODINGS = ("gzip", "x-gzip", "deflate", "identity")
ACCEPT_ENCODING = ", ".join(("gzip", "deflate"))
"""What to advertise in ``Accept-Encoding``: only what ``BoundedDecoder`` can bound."""


class InflateError(SaidError):
    """The bytes cannot be decoded: corrupt, truncated, or an unsupported encoding; said
    by the catalog line ``reading.<reason>``."""

    def __init__(self, reason: str, /, **params: object) -> None:
        super().__init__(f"reading.{reason}", **params)


class InflateLimit(InflateError):
    """Decoding would exceed the byte budget or the member cap (``limit``)."""

    def __init__(self, reason: str, limit: int) -> None:
        super().__init__(reason, limit=limit)
        self.limit = limit


class _Layer:
    """One compression layer: pending input in, at most ``room`` bytes out per ``pull``."""

    def __init__(self, encoding: str, max_members: int) -> None:
        self.encoding = "gzip" if encoding == "x-gzip" else encoding
        self.max_members = max_members
        self.members = 0
        self.finished = False  # gzip: trailing bytes that are not a member; zlib: stream end
        self._input: deque[memoryview] = deque()
        self._tail = b""
        self._obj: zlib._Decompress | None = None
        self._started = False  # the current member or stream has consumed input

    def push(self, data: bytes) -> None:
        if data and not self.finished:
            self._input.append(memoryview(data))

    @property
    def has_input(self) -> bool:
        return bool(self._tail or self._input)

    def _next_slice(self) -> bytes | memoryview:
        if self._tail:
            data, self._tail = self._tail, b""
            return data
        head = self._input[0]
        if len(head) <= INPUT_SLICE:
            self._input.popleft()
            return head
        self._input[0] = head[INPUT_SLICE:]
        return head[:INPUT_SLICE]

    def _peek(self, count: int) -> bytes:
        out = bytearray(self._tail[:count])
        for chunk in self._input:
            if len(out) >= count:
                break
            out += chunk[: count - len(out)]
        return bytes(out)

    def _begin(self) -> bool:
        """Start a member (gzip) or the stream (deflate); False when the input is not one."""
        if self.encoding == "gzip":
            head = self._peek(2)
            if len(head) < 2 and (not head or head == GZIP_MAGIC[:1]):
                return False  # wait for the next bytes
            if head != GZIP_MAGIC:
                if self.members == 0:
                    raise InflateError("gzip-no-header")
                # Bytes after the last member (often zero padding): ignored, as gzip(1) does.
                self.finished = True
                self._input.clear()
                self._tail = b""
                return False
            if self.members >= self.max_members:
                raise InflateLimit("gzip-members", self.max_members)
            self.members += 1
            self._obj = zlib.decompressobj(wbits=31)
        else:
            head = self._peek(2)
            if len(head) < 2:
                return False
            is_zlib = head[0] & 0x0F == 8 and (head[0] << 8 | head[1]) % 31 == 0
            # HTTP "deflate" is meant to be zlib-wrapped (RFC 9110 §8.4.1.2); some servers
            # send raw deflate, which browsers accept too.
            self._obj = zlib.decompressobj(wbits=15 if is_zlib else -15)
        self._started = False
        return True

    def pull(self, room: int) -> bytes:
        """Up to ``room`` decoded bytes from the pending input (b"" when it needs more)."""
        if self.encoding == "identity":
            if not self._input:
                return b""
            head = self._input.popleft()
            if len(head) > room:
                self._input.appendleft(head[room:])
                head = head[:room]
            return bytes(head)
        while self.has_input and not self.finished:
            if self._obj is None and not self._begin():
                return b""
            assert self._obj is not None
            data = self._next_slice()
            try:
                piece = self._obj.decompress(data, room)
            except zlib.error as exc:
                raise InflateError("corrupt", encoding=self.encoding, detail=str(exc)) from None
            self._started = True
            self._tail = self._obj.unconsumed_tail
            if self._obj.eof:
                rest = self._obj.unused_data
                self._obj = None
                if self.encoding == "gzip":
                    if rest:
                        self._input.appendleft(memoryview(rest))
                else:
                    self.finished = True
                    self._input.clear()
                    self._tail = b""
            if piece:
                return piece
        return b""

    def check_complete(self) -> None:
        """Raise when the input ended inside a member or stream."""
        if self.encoding == "identity":
            return
        if self._obj is not None and self._started:
            raise InflateError("truncated", encoding=self.encoding)
        if self.has_input and not self.finished:
            raise InflateError("truncated", encoding=self.encoding)


def parse_content_encoding(header: str | None) -> list[str]:
    """The codings of a ``Content-Encoding`` header in the order they were applied."""
    if not header:
        return []
    return [part.strip().lower() for part in header.split(",") if part.strip()]


class BoundedDecoder:
    """Decode a body through its codings (as listed in ``Content-Encoding``) while it arrives.

    ``feed`` returns the decoded bytes available so far and ``finish`` the rest; both raise
    ``InflateLimit`` once the output of all layers together passes ``limit`` bytes, and
    ``InflateError`` for corrupt or truncated data or a coding this class cannot bound.
    """

    def __init__(
        self, codings: Sequence[str], limit: int, *, max_members: int = MAX_GZIP_MEMBERS
    ) -> None:
        if len(codings) > MAX_CODINGS:
            raise InflateError("too-many-codings", count=len(codings), limit=MAX_CODINGS)
        unknown = [c for c in codings if c not in SUPPORTED_ENCODINGS]
        if unknown:
            raise InflateError("unsupported-coding", codings=", ".join(unknown))
        # The last coding listed was applied last, so it is undone first.
        self._layers = [_Layer(c, max_members) for c in reversed(codings) if c != "identity"] or [
            _Layer("identity", max_members)
        ]
        self.limit = limit
        self.charged = 0  # bytes produced by every layer, the budget's measure
        self.decoded = 0  # bytes of the final output

    def feed(self, data: bytes) -> bytes:
        self._layers[0].push(data)
        return self._drain()

    def finish(self) -> bytes:
        out = self._drain()
        for layer in self._layers:
            layer.check_complete()
        return out

    def _drain(self) -> bytes:
        out: list[bytes] = []
        while True:
            piece = self._pull(len(self._layers) - 1)
            if not piece:
                return b"".join(out)
            self.decoded += len(piece)
            out.append(piece)

    def _pull(self, index: int) -> bytes:
        layer = self._layers[index]
        while True:
            piece = layer.pull(OUTPUT_STEP)
            if piece:
                self._charge(len(piece))
                return piece
            if index == 0:
                return b""
            upstream = self._pull(index - 1)
            if not upstream:
                return b""
            layer.push(upstream)

    def _charge(self, size: int) -> None:
        self.charged += size
        if self.charged > self.limit:
            raise InflateLimit("decodes-too-large", self.limit)


def inflate(data: bytes, codings: Sequence[str], limit: int) -> bytes:
    """Decode a whole body at once, bounded like ``BoundedDecoder``."""
    decoder = BoundedDecoder(codings, limit)
    return decoder.feed(data) + decoder.finish()
