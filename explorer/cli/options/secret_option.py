"""Where a command takes a secret from, so it need not sit in the shell history or the
process list: ``--secret``, ``--secret-file`` or ``$RESOURCESYNC_EXPLORER_SECRET``
(``signature``, ``replay``), and for every other secret option its three forms
(``add_secret_forms``): ``--X VALUE``, ``--X-file FILE`` and ``--X-env VAR``.

On the command line a secret is in the process list, where any other user of the machine
reads it with ``ps``; a file (``chmod 600``) or an environment variable
(``/proc/PID/environ`` is readable by its owner only) keeps it out. The plain form stays,
with a warning. A secret fails closed: an empty or blank value (an unset shell variable
expands to nothing) is refused, never taken as "no secret", which would turn signing or
checking off without a word. Messages name the option, the file or the variable, never
the value.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable
from typing import Any

from explorer.cli.arguments import InputError, read_regular_file
from explorer.cli.options.language_option import say
from explorer.core import catalog

SECRET_ENVIRONMENT = "RESOURCESYNC_EXPLORER_SECRET"
MAX_SECRET_FILE = 4096
"""A secret file holds one line; more than this is not a secret file."""

MAX_FORMS_FILE = 64 * 1024
"""A file of ``--…-file`` (a secret, or a header a line) is short; a larger one is not."""


_HEADER_NAME = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")  # an RFC 9110 token


class SecretError(ValueError):
    """The secret named by the options cannot be used (message says why, never the value)."""


def add_secret_options(parser: argparse.ArgumentParser, purpose: str) -> None:
    """``--secret S | --secret-file FILE``; without either, ``$RESOURCESYNC_EXPLORER_SECRET``."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--secret",
        metavar="S",
        help=say("signature.help-secret", purpose=purpose, variable=SECRET_ENVIRONMENT),
    )
    group.add_argument(
        "--secret-file",
        metavar="FILE",
        help=say("signature.help-secret-file"),
    )


def secret_of(args: argparse.Namespace, lang: str) -> str | None:
    """The secret chosen: the option, the file's first line, else the environment's."""
    if args.secret is not None:
        secret: str | None = args.secret
    elif args.secret_file is not None:
        try:
            data = read_regular_file(args.secret_file, MAX_SECRET_FILE + 1)
        except InputError as exc:
            raise SecretError(
                catalog.text("signature.secret-file-unreadable", lang, problem=exc)
            ) from None
        if len(data) > MAX_SECRET_FILE:
            raise SecretError(
                catalog.text("signature.secret-file-too-long", lang, limit=MAX_SECRET_FILE)
            )
        try:
            secret = data.decode("utf-8").splitlines()[0] if data.strip() else ""
        except UnicodeDecodeError:
            raise SecretError(catalog.text("signature.secret-file-not-utf8", lang)) from None
    else:
        secret = os.environ.get(SECRET_ENVIRONMENT)
    if secret is not None and not secret.strip():  # an unset shell variable: fail closed
        raise SecretError(catalog.text("signature.secret-empty", lang))
    return secret


class SecretFormError(ValueError):
    """A secret option cannot be used as given (one line: cause and fix, no value)."""


def add_secret_forms(
    container: Any,
    flag: str,
    *,
    metavar: str,
    help: str,
    repeatable: bool = False,
    type: Callable[[str], Any] | None = None,
) -> None:
    """Add ``flag`` (as before) with its ``-file`` and ``-env`` forms to ``container`` (a
    parser, a group or a mutually exclusive group). A ``repeatable`` option (headers) takes
    any number of each form, its file a line per value; otherwise they exclude each other.
    ``type`` checks the plain form as argparse reads it (the other forms are read later,
    by ``secret_value`` or ``secret_headers``)."""
    if repeatable:
        container.add_argument(
            flag, action="append", type=type, default=[], metavar=metavar, help=help
        )
        for form, key in (("file", "secrets.help-file-lines"), ("env", "secrets.help-env")):
            container.add_argument(
                f"{flag}-{form}",
                action="append",
                default=[],
                metavar=form.upper() if form == "file" else "VAR",
                help=say(key, option=flag),
            )
        return
    container.add_argument(flag, metavar=metavar, help=help)
    container.add_argument(
        f"{flag}-file", metavar="FILE", help=say("secrets.help-file", option=flag)
    )
    container.add_argument(f"{flag}-env", metavar="VAR", help=say("secrets.help-env", option=flag))


def _dest(flag: str) -> str:
    return flag.lstrip("-").replace("-", "_")


def given(args: argparse.Namespace, flag: str) -> bool:
    """Whether any form of ``flag`` was given."""
    dest = _dest(flag)
    return any(
        getattr(args, name, None) not in (None, [])
        for name in (dest, f"{dest}_file", f"{dest}_env")
    )


def secret_value(args: argparse.Namespace, flag: str, lang: str) -> str | None:
    """The secret one of ``flag``'s forms gives, or None when none was given; raises
    ``SecretFormError`` for an empty or blank one, an unset variable or a bad file."""
    dest = _dest(flag)
    plain, path, variable = (getattr(args, name) for name in (dest, f"{dest}_file", f"{dest}_env"))
    if plain is not None:
        return _checked(plain, flag, lang)
    if path is not None:
        option = f"{flag}-file {path}"  # the message names the file the user pointed at
        lines = _file_lines(path, option, lang)
        return _checked(lines[0] if lines else "", option, lang)
    if variable is not None:
        return _checked(_variable(variable, f"{flag}-env", lang), f"${variable}", lang)
    return None


HeaderParser = Callable[[str], tuple[str, str]]
"""``'Name: value'`` into a pair; raises ``argparse.ArgumentTypeError`` naming the problem."""


def secret_headers(
    args: argparse.Namespace, flag: str, parse: HeaderParser, lang: str
) -> tuple[list[tuple[str, str]], set[str]]:
    """Every header of a repeatable header option, and the names that came from its file
    or environment forms (the caller masks those wherever it keeps the request).

    The plain ``flag`` values were parsed by argparse (``type=parse``). Each ``-file``
    holds a header a line, blank lines and ``#`` comments skipped; each ``-env`` variable
    one header. A header from a file or a variable with an empty value is refused: it is
    what a line written for a secret not yet filled in gives, and it would go out without
    its secret."""
    dest = _dest(flag)
    headers: list[tuple[str, str]] = list(getattr(args, dest))
    hidden: list[tuple[str, str]] = []
    for path in getattr(args, f"{dest}_file"):
        option = f"{flag}-file"  # a header option may take many: say which file
        for number, line in enumerate(_file_lines(path, f"{option} {path}", lang), start=1):
            if line.strip() and not line.lstrip().startswith("#"):
                place = {"option": option, "path": path, "line": number}
                hidden.append(
                    _header(line, catalog.text("secrets.file-line", lang, **place), parse, lang)
                )
    for variable in getattr(args, f"{dest}_env"):
        value = _checked(_variable(variable, f"{flag}-env", lang), f"${variable}", lang)
        hidden.append(_header(value, f"${variable}", parse, lang))
    return headers + hidden, {name for name, _ in hidden}


def _header(text: str, source: str, parse: HeaderParser, lang: str) -> tuple[str, str]:
    # The parsers name a bad header name in their message: a line such as "Bearer s3cret"
    # followed by a colon would put its secret on stderr, so the name is checked first.
    if not _HEADER_NAME.fullmatch(text.partition(":")[0].strip()):
        raise SecretFormError(catalog.text("secrets.header-name", lang, source=source))
    try:
        name, value = parse(text)
    except argparse.ArgumentTypeError as exc:
        raise SecretFormError(
            catalog.text("secrets.header-unusable", lang, source=source, problem=exc)
        ) from None
    if not value.strip():
        raise SecretFormError(catalog.text("secrets.header-blank", lang, source=source, name=name))
    return name, value


def on_command_line(args: argparse.Namespace, flag: str) -> bool:
    """Whether ``flag`` was given in its plain form, in the process list."""
    return getattr(args, _dest(flag)) not in (None, [])


def plain_credential_header(headers: list[tuple[str, str]]) -> bool:
    """Whether a header given on the command line carries a credential by its name
    (Authorization, Cookie, ``X-Api-Key``…), so ``ps`` shows a secret. Other headers
    (``Accept``…) hold none, and a warning for each would teach users to ignore it; a
    header given no value (``replay``'s "leave it out") holds none either."""
    # imported here: every command parses these options, and a local ``validate`` (run
    # once per file in CI jobs) must not load the credential machinery it never uses
    from explorer.core.auth import is_secret_header
    from explorer.core.credential_headers import credential_names

    given = [(name, value) for name, value in headers if value.strip()]
    return any(is_secret_header(name) for name, _ in given) or bool(credential_names(given))


def warn_plain(flag: str, command: str) -> None:
    """Say on stderr that a secret given on the command line is in the process list."""
    line = say("secrets.plain-visible", option=flag)
    print(f"{command}: {line}", file=sys.stderr, flush=True)


def _checked(value: str, source: str, lang: str) -> str:
    if not value.strip():
        raise SecretFormError(catalog.text("secrets.empty", lang, source=source))
    return value


def _variable(name: str, option: str, lang: str) -> str:
    value = os.environ.get(name)
    if value is None:
        raise SecretFormError(
            catalog.text("secrets.variable-unset", lang, variable=name, option=option)
        )
    return value


def _file_lines(path: str, option: str, lang: str) -> list[str]:
    try:
        data = read_regular_file(path, MAX_FORMS_FILE + 1)
    except InputError as exc:
        raise SecretFormError(
            catalog.text("secrets.file-unreadable", lang, option=option, problem=exc.reason)
        ) from None
    if len(data) > MAX_FORMS_FILE:
        raise SecretFormError(
            catalog.text("secrets.file-too-long", lang, option=option, limit=MAX_FORMS_FILE)
        )
    try:
        return data.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        raise SecretFormError(catalog.text("secrets.file-not-utf8", lang, option=option)) from None
