"""``--xmpp-jid`` and ``--xmpp-server``: the XMPP account ``listen`` uses for the 2012
draft's XMPP PubSub channels (core 0.1-alpha §5.2.1).

The password comes from the credentials file (a table ``["xmpp:JID"]`` with ``password``,
in ``--credentials FILE`` or the default ``credentials.toml``), else from a prompt on the
terminal; it is never printed. ``--ca-bundle`` is trusted for the server's certificate too.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from explorer.cli.options.language_option import help_language, say
from explorer.core import catalog

if TYPE_CHECKING:  # the account and its password files load once the arguments are parsed
    from explorer.net.live.legacy.xmpp_account import XmppAccount


class XmppOptionError(ValueError):
    """The XMPP options cannot be used; the message has no secret."""


def add_xmpp_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(say("legacy_push.option-group"))
    group.add_argument(
        "--xmpp-jid",
        metavar="JID",
        help=say("legacy_push.option-jid"),
    )
    group.add_argument(
        "--xmpp-server",
        type=_server,
        metavar="HOST:PORT",
        help=say("legacy_push.option-server"),
    )


def xmpp_account(args: argparse.Namespace) -> XmppAccount | None:
    """The account the options name, or None without ``--xmpp-jid``."""
    jid = args.xmpp_jid
    if jid is None:
        return None
    from explorer.net.http.credentials import default_credential_files, xmpp_password
    from explorer.net.live.legacy.xmpp_account import XmppAccount

    local, at, domain = jid.partition("@")
    if not local or not at or not domain or any(c.isspace() for c in jid):
        raise XmppOptionError(
            catalog.text("legacy_push.jid-invalid", help_language(), jid=repr(jid[:80]))
        )
    files = default_credential_files()
    if args.credentials is not None:
        files.append(args.credentials)
    password = xmpp_password(jid, files)
    if password is None:
        password = _ask(jid)
    ca_bundle = str(args.ca_bundle) if args.ca_bundle else None
    return XmppAccount(jid, password, args.xmpp_server, ca_bundle)


def _ask(jid: str) -> str:
    import getpass

    if not sys.stdin.isatty():
        raise XmppOptionError(catalog.text("legacy_push.no-password", help_language(), jid=jid))
    try:
        return getpass.getpass(
            catalog.text("legacy_push.password-prompt", help_language(), jid=jid)
        )
    except (EOFError, KeyboardInterrupt):
        raise XmppOptionError(
            catalog.text("legacy_push.no-password-given", help_language())
        ) from None


def _server(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(
            catalog.text("legacy_push.server-invalid", help_language(), text=text[:80])
        )
    return host.strip("[]"), int(port)
