"""Where a command takes a secret from: ``--secret``, ``--secret-file`` or an environment
variable, so it need not sit in the shell history or the process list.

A secret is never printed: errors name the source (the option, the file, the variable),
not the value.
"""

from __future__ import annotations

import argparse
import os

from explorer.cli.arguments import InputError, read_regular_file
from explorer.cli.language_option import say
from explorer.core import catalog

SECRET_ENVIRONMENT = "RESOURCESYNC_EXPLORER_SECRET"
MAX_SECRET_FILE = 4096
"""A secret file holds one line; more than this is not a secret file."""


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
