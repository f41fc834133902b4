"""``demo-source --replay FILE [--speed X]``: open a recording and make its playback.

The file is opened here (the demo itself reads no files): a regular file, at most the
reader's limit in bytes, read line by line into ``explorer.core.recording``.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from typing import IO, TYPE_CHECKING

from explorer.cli.arguments import InputError, check_regular_file, positive_seconds
from explorer.cli.options.language_option import language_of, say
from explorer.core import catalog
from explorer.core.recording import MAX_LINE_CHARS, MAX_TOTAL_CHARS, RecordingError
from explorer.core.recording import parse_recording as parse

if TYPE_CHECKING:  # the demo's playback loads when a recording is given
    from explorer.demo.playback import Playback


class PlaybackUnusable(Exception):
    """The recording cannot be played; the message names the file and the cause."""


def add_replay_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(say("recording.help-group"))
    group.add_argument(
        "--replay",
        metavar="FILE",
        help=say("recording.help-replay"),
    )
    group.add_argument(
        "--speed",
        type=positive_seconds,
        default=1.0,
        metavar="X",
        help=say("recording.help-speed"),
    )


def load_playback(args: argparse.Namespace) -> Playback | None:
    if args.replay is None:
        return None
    from explorer.demo.playback import Playback

    lang = language_of(args)
    path = args.replay
    try:
        check_regular_file(path)
        if os.path.getsize(path) > MAX_TOTAL_CHARS * 4:  # UTF-8: at most 4 bytes a character
            raise RecordingError(0, "file-too-large", limit=MAX_TOTAL_CHARS)
        with open(path, encoding="utf-8") as stream:
            recording = parse(_bounded_lines(stream))
    except (InputError, OSError) as exc:
        problem = exc.reason if isinstance(exc, InputError) else (exc.strerror or str(exc))
        raise PlaybackUnusable(
            catalog.text("recording.unreadable", lang, path=path, problem=problem)
        ) from None
    except UnicodeDecodeError as exc:
        problem = catalog.text("recording.not-utf8", lang, detail=exc)
        raise PlaybackUnusable(
            catalog.text("recording.unusable", lang, path=path, problem=problem)
        ) from None
    except RecordingError as exc:
        problem = exc.describe(lang)
        raise PlaybackUnusable(
            catalog.text("recording.unusable", lang, path=path, problem=problem)
        ) from None
    playback = Playback(recording, args.speed)
    print(
        catalog.text(
            "recording.playing",
            lang,
            documents=len(recording.documents),
            deliveries=len(recording.deliveries),
            path=path,
            speed=f"{args.speed:g}",
        ),
        file=sys.stderr,
        flush=True,
    )
    return playback


def _bounded_lines(stream: IO[str]) -> Iterator[str]:
    """Lines, each read at most one character past the limit (so a line with no end is
    refused before it fills memory)."""
    while line := stream.readline(MAX_LINE_CHARS + 1):
        yield line
