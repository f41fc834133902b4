"""A command's address argument taken as a browser takes it: ``127.0.0.1:8000/x.xml`` works."""

from __future__ import annotations

import argparse
import os
import sys

from explorer.cli.options.language_option import language_of
from explorer.core.addresses import looks_like_address, typed_address


def assume_scheme(args: argparse.Namespace, command: str) -> None:
    """A scheme-less ``args.url`` that is no file here but reads as host[:port]/path is
    taken as https (http for loopback and private hosts), and the command says so."""
    if os.path.exists(args.url) or not looks_like_address(args.url):
        return
    address = typed_address(args.url)
    args.url = address.url
    print(f"{command}: {address.note(language_of(args))}", file=sys.stderr)
