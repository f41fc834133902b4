"""``listen --forward URL``: the options, and what is said of the forwarder the session starts.

The option names are a contract (scripts and the documentation use them): ``--forward``,
``--forward-secret``, ``--forward-algorithm``, the repeatable ``--forward-header`` and
``--forward-unverified`` (deliveries without a valid hub signature are forwarded unsigned
and marked, instead of not at all).
"""

from __future__ import annotations

import argparse
import re
import sys
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from explorer.cli.arguments import http_url
from explorer.cli.options.language_option import say
from explorer.cli.options.secret_option import (
    add_secret_forms,
    given,
    secret_headers,
    secret_value,
)
from explorer.core import catalog
from explorer.core.push.signatures import ALGORITHMS, MAX_SECRET_BYTES

if TYPE_CHECKING:  # the forwarder (aiohttp, the store) loads once the options are parsed
    from explorer.net.live.forwarding.forwarder import Forwarder, ForwardState, ForwardTarget

_HEADER_NAME = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")  # an RFC 9110 token


class ForwardOptionsError(ValueError):
    """The forwarding options cannot be used as given (one line: cause and fix)."""


def add_forward_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--forward",
        type=http_url,
        metavar="URL",
        help=say("forwarding.option-forward"),
    )
    add_secret_forms(
        parser.add_mutually_exclusive_group(),
        "--forward-secret",
        metavar="SECRET",
        help=say("forwarding.option-secret"),
    )
    parser.add_argument(
        "--forward-algorithm",
        choices=tuple(ALGORITHMS),
        default="sha256",
        help=say("forwarding.option-algorithm"),
    )
    add_secret_forms(
        parser,
        "--forward-header",
        metavar="'NAME: VALUE'",
        help=say("forwarding.option-header"),
        repeatable=True,
        type=plain_forward_header,
    )
    parser.add_argument(
        "--forward-unverified",
        action="store_true",
        help=say("forwarding.option-unverified"),
    )


def forward_target(args: argparse.Namespace, lang: str = "en") -> ForwardTarget | None:
    """The target the options describe (None without ``--forward``); raises
    ``SecretFormError`` for an empty secret or header, which never means "unsigned"."""
    from explorer.net.live.forwarding.forwarder import ForwardTarget

    if args.forward is None:
        for option in ("--forward-secret", "--forward-header"):
            if given(args, option):
                raise ForwardOptionsError(
                    catalog.text("forwarding.needs-target", lang, option=option)
                )
        if args.forward_unverified:
            option = "--forward-unverified"
            raise ForwardOptionsError(catalog.text("forwarding.needs-target", lang, option=option))
        return None
    if "@" in urlsplit(args.forward).netloc:  # it would be printed with the target
        raise ForwardOptionsError(catalog.text("forwarding.no-userinfo", lang))
    secret = secret_value(args, "--forward-secret", lang)
    if secret is not None and len(secret.encode()) > MAX_SECRET_BYTES:
        raise ForwardOptionsError(catalog.text("forwarding.secret-too-long", lang))
    headers, _ = secret_headers(args, "--forward-header", forward_header, lang)
    return ForwardTarget(
        args.forward,
        secret,
        args.forward_algorithm,
        tuple(headers),
        forward_unverified=args.forward_unverified,
    )


def forward_header(text: str) -> tuple[str, str]:
    """``'Name: value'`` of ``--forward-header`` in any of its forms; the file and variable
    forms refuse a header with no value themselves, naming its file line or variable."""
    name, sep, value = text.partition(":")
    name, value = name.strip(), value.strip()
    if not sep or not _HEADER_NAME.fullmatch(name) or any(c in value for c in "\r\n\0"):
        raise argparse.ArgumentTypeError(say("forwarding.bad-header"))
    return name, value


def plain_forward_header(text: str) -> tuple[str, str]:
    """``--forward-header 'Name: value'`` as typed: a header with no value is refused as
    in the file and variable forms, as the forwarded request would go out without what
    was meant."""
    name, value = forward_header(text)
    if not value:
        raise argparse.ArgumentTypeError(say("forwarding.bad-header"))
    return name, value


def announce_forwarding(forwarder: Forwarder, lang: str = "en") -> None:
    """Once the session started the forwarder: its state changes and its start on stderr."""
    from explorer.net.live.forwarding.forwarder import describe

    def report(state: ForwardState) -> None:
        print(f"listen: {describe(state, lang)}", file=sys.stderr, flush=True)

    forwarder.state_listeners.append(report)
    waiting = forwarder.outbox.count()
    target = forwarder.target
    line = catalog.text("forwarding.started", lang, target=target.url, waiting=waiting)
    policy = (
        "forwarding.unverified-marked"
        if target.forward_unverified
        else "forwarding.unverified-held"
    )
    line += catalog.text("common.sentence-end", lang) + catalog.text(policy, lang)
    print(f"listen: {line}", file=sys.stderr, flush=True)
