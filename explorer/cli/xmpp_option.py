"""``--xmpp-jid`` and ``--xmpp-server``: the XMPP account ``listen`` uses for the 2012
draft's XMPP PubSub channels (core 0.1-alpha §5.2.1).

The password comes from the credentials file (a table ``["xmpp:JID"]`` with ``password``,
in ``--credentials FILE`` or the default ``credentials.toml``), else from a prompt on the
terminal; it is never printed. ``--ca-bundle`` is trusted for the server's certificate too.
"""

from __future__ import annotations

import argparse
import getpass
import sys

from explorer.net.credentials import default_credential_files, xmpp_password
from explorer.net.xmpp_account import XmppAccount


class XmppOptionError(ValueError):
    """The XMPP options cannot be used; the message has no secret."""


def add_xmpp_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("2012 draft push (XMPP PubSub)")
    group.add_argument(
        "--xmpp-jid",
        metavar="JID",
        help="XMPP account for XMPP PubSub channels of the 2012 draft (password from the "
        'credentials file\'s ["xmpp:JID"] table, or asked for)',
    )
    group.add_argument(
        "--xmpp-server",
        type=_server,
        metavar="HOST:PORT",
        help="connect to this XMPP server instead of the one DNS gives for the JID's domain",
    )


def xmpp_account(args: argparse.Namespace) -> XmppAccount | None:
    """The account the options name, or None without ``--xmpp-jid``."""
    jid = args.xmpp_jid
    if jid is None:
        return None
    local, at, domain = jid.partition("@")
    if not local or not at or not domain or any(c.isspace() for c in jid):
        raise XmppOptionError(f"--xmpp-jid {jid[:80]!r} is not user@domain")
    files = default_credential_files()
    if args.credentials is not None:
        files.append(args.credentials)
    password = xmpp_password(jid, files)
    if password is None:
        password = _ask(jid)
    ca_bundle = str(args.ca_bundle) if args.ca_bundle else None
    return XmppAccount(jid, password, args.xmpp_server, ca_bundle)


def _ask(jid: str) -> str:
    if not sys.stdin.isatty():
        raise XmppOptionError(
            f'no password for {jid}: put it in the credentials file as ["xmpp:{jid}"] '
            'password = "…", or run on a terminal to be asked'
        )
    try:
        return getpass.getpass(f"XMPP password for {jid}: ")
    except (EOFError, KeyboardInterrupt):
        raise XmppOptionError("no password given") from None


def _server(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(f"not HOST:PORT: '{text[:80]}'")
    return host.strip("[]"), int(port)
