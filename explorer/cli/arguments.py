"""Argument types shared by every subcommand, so a bad argument is refused the same way.

Each function is an argparse ``type=``: it returns the parsed value or raises
``argparse.ArgumentTypeError`` with a short reason, which ``OneLineParser`` prints as one
line and exit status 2. Nothing here opens a network connection; files are only
``stat``-ed, so a FIFO or a device is refused before anyone blocks on reading it.
"""

from __future__ import annotations

import argparse
import math
import os
import stat
import sys
from pathlib import Path
from typing import Any, NoReturn, TypeVar
from urllib.parse import urlsplit

from explorer.cli.argparse_words import argparse_said
from explorer.cli.options.language_option import help_language as help_language  # and the window's
from explorer.cli.options.language_option import say as say  # for the window's --help
from explorer.core.words.text_width import wrap

MAX_URL_LENGTH = 8 * 1024
MAX_HOST_LENGTH = 255
HTTP_SCHEMES = ("http", "https")
_Number = TypeVar("_Number", int, float)


class DisplayWidthHelpFormatter(argparse.HelpFormatter):
    """argparse's help, wrapped by terminal columns rather than characters: a Japanese
    line of help is as wide as the terminal, not twice as wide, and breaks between
    Japanese characters, not only at the spaces around English words. (argparse documents
    no hook for wrapping; these two methods are the ones its own ``Raw*`` formatters
    override.)"""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        # argparse makes a formatter for every option it adds, and without a width each
        # one asks ``shutil`` for the terminal's, importing it (and bz2, lzma) into every
        # command's start; the same answer, read where it is needed
        if width is None:
            width = terminal_columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)

    def _split_lines(self, text: str, width: int) -> list[str]:
        return wrap(text, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(indent + line for line in wrap(text, width - len(indent)))


class DisplayWidthRawDescriptionFormatter(
    argparse.RawDescriptionHelpFormatter, DisplayWidthHelpFormatter
):
    """A description kept as written (a table), and options' help wrapped by columns."""


class OneLineParser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose errors are one line on stderr (no usage block) and
    whose ``--help`` frame (usage, group titles, ``-h``) is in the run's language, its
    help wrapped by terminal columns (``DisplayWidthHelpFormatter``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["add_help"] = False  # its -h is added below, in the run's language
        kwargs.setdefault("formatter_class", DisplayWidthHelpFormatter)
        super().__init__(*args, **kwargs)
        self._positionals.title = say("cli.help.positionals")
        self._optionals.title = say("cli.help.options")
        self.add_argument(
            "-h", "--help", action="help", default=argparse.SUPPRESS, help=say("cli.help.help")
        )

    def format_usage(self) -> str:
        return _said_usage(super().format_usage())

    def format_help(self) -> str:
        return _said_usage(super().format_help())

    def error(self, message: str) -> NoReturn:
        # argparse's own words (a missing argument, a bad choice) in the run's language
        said = argparse_said(message, help_language())
        line = say("cli.help.see-help", prog=self.prog, message=_printable(said))
        self.exit(2, f"{line}\n")


def terminal_columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` gives it: ``$COLUMNS``, else
    the width of the terminal standard output is, else 80."""
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns > 0:
        return columns
    stdout = sys.__stdout__
    try:
        return (os.get_terminal_size(stdout.fileno()).columns or 80) if stdout else 80
    except (ValueError, OSError):  # not a terminal, or closed
        return 80


def _said_usage(text: str) -> str:
    """argparse's ``usage: `` prefix in the run's language."""
    english = "usage: "  # argparse's own word, replaced by the catalog's
    return say("cli.help.usage") + text.removeprefix(english) if text.startswith(english) else text


class InputError(Exception):
    """An input file cannot be read as one (missing, not a regular file, unreadable)."""

    def __init__(self, path: str | Path, reason: str) -> None:
        super().__init__(f"{_short(str(path))}: {reason}")
        self.reason = reason


def _printable(text: str) -> str:
    """``text`` with control characters escaped, so a message stays on one line."""
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


def _short(text: str, limit: int = 80) -> str:
    shown = _printable(text)
    return shown if len(shown) <= limit else f"{shown[:limit]}… ({len(text)} characters)"


def _has_control(text: str) -> bool:
    return any(not char.isprintable() or char.isspace() for char in text)


def http_url(text: str) -> str:
    """An absolute http(s) URL of at most ``MAX_URL_LENGTH`` characters, with no control
    characters or spaces (a newline would split a request or a log line)."""
    if len(text) > MAX_URL_LENGTH:
        raise argparse.ArgumentTypeError(
            say("cli.argument.url-too-long", length=len(text), limit=MAX_URL_LENGTH)
        )
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - raises ValueError for a port outside 0-65535
    except ValueError as exc:
        raise argparse.ArgumentTypeError(
            say("cli.argument.bad-url", text=_short(text), reason=exc)
        ) from exc
    if parts.scheme.lower() not in HTTP_SCHEMES or not parts.hostname:
        raise argparse.ArgumentTypeError(say("cli.argument.not-http", text=_short(text)))
    if _has_control(text):  # checked on the text: urlsplit drops tabs and newlines
        raise argparse.ArgumentTypeError(say("cli.argument.url-spaces", text=_short(text)))
    return text


def looks_like_url(text: str) -> bool:
    """``scheme://…``: meant as a URL, whatever the scheme (so ``ftp://`` is refused as a
    URL rather than looked up as a file)."""
    scheme, sep, _ = text.partition("://")
    return bool(sep) and scheme[:1].isalpha() and all(c.isalnum() or c in "+-." for c in scheme)


def input_file(text: str) -> str:
    """An existing, readable regular file (not a folder, FIFO or device)."""
    try:
        check_regular_file(text)
    except InputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc
    return text


def input_path(text: str) -> Path:
    """``input_file`` as a ``Path``: for options read later (credentials, CA bundle), so a
    FIFO or a device is refused while the arguments are parsed, not blocked on."""
    return Path(input_file(text))


def url_or_path(text: str) -> str:
    """An http(s) URL, or else a path checked only when read (each target of several is
    reported on its own, so one missing file does not hide the others' results)."""
    if looks_like_url(text):
        return http_url(text)
    if not text or len(text) > MAX_URL_LENGTH:
        raise argparse.ArgumentTypeError(say("cli.argument.bad-path-file", text=_short(text)))
    return text


def check_regular_file(path: str | Path) -> None:
    """Raise ``InputError`` unless ``path`` is a readable regular file."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise InputError(path, exc.strerror or str(exc)) from exc
    _check_mode(path, mode)
    if not os.access(path, os.R_OK):
        raise InputError(path, say("cli.argument.permission-denied"))


def _check_mode(path: str | Path, mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise InputError(path, say("cli.argument.is-directory"))
    if not stat.S_ISREG(mode):
        raise InputError(path, say("cli.argument.not-regular"))


def read_regular_file(path: str | Path, limit: int) -> bytes:
    """At most ``limit`` bytes of a regular file; raises ``InputError`` otherwise.

    Opened non-blocking and checked on the open descriptor, so a file swapped for a FIFO
    after the argument was parsed cannot hang the read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise InputError(path, exc.strerror or str(exc)) from exc
    try:
        status = os.fstat(fd)
        _check_mode(path, status.st_mode)
    except InputError:
        os.close(fd)
        raise
    with os.fdopen(fd, "rb", buffering=0) as handle:
        try:
            # One allocation the size of the file (a read of ``limit`` would reserve all of
            # it up front); one byte more shows a file that grew since its stat.
            data = handle.read(min(limit, status.st_size + 1))
            while len(data) < limit and (more := handle.read(min(limit - len(data), 1 << 20))):
                data += more
            return data
        except OSError as exc:
            raise InputError(path, exc.strerror or str(exc)) from exc


def listen_store(text: str) -> Path | str:
    """``listen --store``: a store file, or a ``postgresql://`` URL (kept as text) for a
    store several listen processes share."""
    if text.startswith(("postgresql://", "postgres://")):
        if _has_control(text):
            raise argparse.ArgumentTypeError(say("cli.argument.bad-path-store", text="…"))
        return text
    return store_path(text)


def _plain_path(text: str, what: str) -> Path:
    if not text or _has_control(text):
        raise argparse.ArgumentTypeError(say(f"cli.argument.bad-path-{what}", text=_short(text)))
    return Path(text)


def store_path(text: str) -> Path:
    """A store file: not a folder or a special file; it may not exist yet."""
    path = _plain_path(text, "store")
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return path
    except OSError as exc:
        raise argparse.ArgumentTypeError(
            say("cli.argument.cannot-use", text=_short(text), reason=exc.strerror)
        ) from exc
    if stat.S_ISDIR(mode):
        raise argparse.ArgumentTypeError(say("cli.argument.directory-not-store", text=_short(text)))
    if not stat.S_ISREG(mode):
        raise argparse.ArgumentTypeError(say("cli.argument.not-regular-file", text=_short(text)))
    return path


def output_folder(text: str) -> Path:
    """A folder to write into: it may not exist yet, but must not be a file."""
    path = _plain_path(text, "folder")
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(say("cli.argument.not-directory", text=_short(text)))
    return path


def output_file(text: str) -> Path:
    """A file to write: not a folder, and its folder must exist."""
    path = _plain_path(text, "file")
    if path.is_dir():
        raise argparse.ArgumentTypeError(say("cli.argument.directory-not-file", text=_short(text)))
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(
            say("cli.argument.no-folder", text=_short(str(path.parent)))
        )
    return path


def host(text: str) -> str:
    """A host name or address to bind: short, no spaces or control characters."""
    if not text or len(text) > MAX_HOST_LENGTH or _has_control(text) or "/" in text:
        raise argparse.ArgumentTypeError(say("cli.argument.bad-host", text=_short(text)))
    return text


def port(text: str) -> int:
    """A TCP port, 0 (any free port) to 65535."""
    value = _int(text)
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(say("cli.argument.bad-port", value=value))
    return value


def positive_int(text: str) -> int:
    return _signed(_int(text), text, zero_allowed=False)


def non_negative_int(text: str) -> int:
    return _signed(_int(text), text, zero_allowed=True)


def positive_seconds(text: str) -> float:
    """A finite number of seconds, more than 0."""
    return _signed(_float(text), text, zero_allowed=False)


def non_negative_number(text: str) -> float:
    """A finite number, 0 or more."""
    return _signed(_float(text), text, zero_allowed=True)


def _signed(value: _Number, text: str, *, zero_allowed: bool) -> _Number:
    if value < 0 or (value == 0 and not zero_allowed):
        wanted = "cli.argument.not-negative" if zero_allowed else "cli.argument.not-positive"
        raise argparse.ArgumentTypeError(say(wanted, text=_short(text)))
    return value


def _int(text: str) -> int:
    if len(text) > 20:
        raise argparse.ArgumentTypeError(say("cli.argument.not-whole", text=_short(text)))
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(say("cli.argument.not-whole", text=_short(text))) from None


def _float(text: str) -> float:
    if len(text) > 40:
        raise argparse.ArgumentTypeError(say("cli.argument.not-number", text=_short(text)))
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            say("cli.argument.not-number", text=_short(text))
        ) from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(say("cli.argument.not-finite", text=_short(text)))
    return value


def fail(command: str, message: str) -> int:
    """Print ``command: message`` as one line on stderr; returns exit status 2."""
    print(f"{command}: {_printable(message)}", file=sys.stderr)
    return 2
