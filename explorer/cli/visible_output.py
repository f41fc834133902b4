"""Standard output and error that show outside text, never obey it.

``visible_output`` wraps ``sys.stdout`` and ``sys.stderr`` once, at the command line's entry,
so every line any command, argparse or a library prints passes through
``explorer.core.words.visible_text.visible``: a Source's loc, a hub's error body or a forged
denial's ``hub.reason`` cannot clear the screen, retitle the terminal or reverse a name.
No command has to remember it, and none can bypass it by printing elsewhere.
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Iterator
from typing import IO, TextIO

from explorer.core.words.visible_text import visible


class VisibleStream:
    """A text stream that writes ``visible(text)`` to the stream it wraps; everything
    else (``flush``, ``isatty``, ``encoding``, ``fileno``…) is the wrapped stream's."""

    def __init__(self, inner: TextIO) -> None:
        self._inner = inner

    def write(self, text: str) -> int:
        self._inner.write(visible(text))
        return len(text)

    def writelines(self, lines: object) -> None:
        for line in lines:  # type: ignore[attr-defined]
            self.write(line)

    def rewind_line(self) -> None:
        """A carriage return of our own (a progress line overwriting itself): the one
        control character written as itself, and only through this call."""
        self._inner.write("\r")

    def __getattr__(self, name: str) -> object:
        return getattr(self._inner, name)


@contextlib.contextmanager
def visible_output() -> Iterator[None]:
    """Wrap ``sys.stdout`` and ``sys.stderr`` while the block runs (nesting changes
    nothing), and put the originals back after it (a test calling ``main`` in process)."""
    saved = sys.stdout, sys.stderr
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is not None and not isinstance(stream, VisibleStream):
            setattr(sys, name, VisibleStream(stream))
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def rewind_line(stream: TextIO) -> None:
    """Return to the start of the line on ``stream`` (a terminal's progress line)."""
    if isinstance(stream, VisibleStream):
        stream.rewind_line()
    else:
        stream.write("\r")


@contextlib.contextmanager
def data_stdout() -> Iterator[IO[str]]:
    """Standard output for data (an export's CSV, HAR or JSON lines): exactly the bytes a
    file opened with ``newline=""`` in UTF-8 would get. Not the visible text stream: its
    escapes (a CR shown as ``\\u000d``) are for words on a terminal, and would corrupt
    every CRLF line end of a CSV piped to a file."""
    inner = sys.stdout._inner if isinstance(sys.stdout, VisibleStream) else sys.stdout
    inner.flush()
    stream = io.TextIOWrapper(inner.buffer, encoding="utf-8", newline="", write_through=True)
    try:
        yield stream
    finally:
        stream.flush()
        stream.detach()  # the process's stdout stays open
