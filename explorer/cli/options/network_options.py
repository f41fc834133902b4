"""Credentials, proxy and TLS options shared by every subcommand that makes requests.

``--header``, ``--token`` and ``--user`` apply to the origin (scheme, host, port) of the
URL(s) the command is given, and only there: a link, a redirect or a ``describedby`` to
another origin is fetched without them. ``--credentials FILE`` (and, when present,
``credentials.toml`` or ``netrc`` in ``~/.config/resourcesync-explorer/``) maps origins to
credentials for everything else. No message here ever shows a secret.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

from explorer.cli.arguments import input_path
from explorer.cli.options.language_option import help_language, say
from explorer.cli.options.secret_option import (
    SecretFormError,
    add_secret_forms,
    on_command_line,
    plain_credential_header,
    secret_headers,
    secret_value,
    warn_plain,
)
from explorer.cli.options.secret_option import given as secret_given
from explorer.core.words.messages import render_phrase

# Adding the options needs none of the machinery behind them: the credential files, the
# proxy and TLS settings load when an option is given or a URL is fetched, so a command
# run on a local file does not pay for them at every start.
if TYPE_CHECKING:
    from explorer.net.http.credentials import Credential
    from explorer.net.http.network_access import NetworkAccess, NetworkSettings


class NetworkOptionsError(ValueError):
    """The credentials or network options cannot be used; the message has no secret."""


def header_argument(text: str) -> tuple[str, str]:
    """``--header 'Name: value'``; a refusal names the problem, never the value."""
    from explorer.net.http.credentials import CredentialsError, parse_header

    try:
        return parse_header(text)
    except CredentialsError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def proxy_argument(text: str) -> str:
    """``--proxy URL``, ``none`` or ``system``."""
    from explorer.net.http.network_access import NetworkSettingsError, ProxyMode, check_proxy_url

    if text.lower() in (ProxyMode.NONE, ProxyMode.SYSTEM):
        return text.lower()
    try:
        return check_proxy_url(text)
    except NetworkSettingsError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_network_options(parser: argparse.ArgumentParser) -> None:
    """Add the credential, proxy and TLS options to a subcommand's parser."""
    group = parser.add_argument_group(
        say("cli.network.group"),
        say("cli.network.group-note"),
    )
    add_secret_forms(
        group,
        "--header",
        metavar="'NAME: VALUE'",
        help=say("cli.network.header"),
        repeatable=True,
        type=header_argument,
    )
    add_secret_forms(
        group.add_mutually_exclusive_group(),
        "--token",
        metavar="TOKEN",
        help=say("cli.network.token"),
    )
    group.add_argument(
        "--user",
        metavar="USER[:PASSWORD]",
        help=say("cli.network.user"),
    )
    group.add_argument(
        "--credentials",
        type=input_path,
        metavar="FILE",
        help=say("cli.network.credentials"),
    )
    group.add_argument(
        "--proxy",
        type=proxy_argument,
        metavar="URL",
        help=say("cli.network.proxy"),
    )
    group.add_argument(
        "--ca-bundle",
        type=input_path,
        metavar="FILE",
        help=say("cli.network.ca-bundle"),
    )
    group.add_argument(
        "--allow-private-addresses",
        action="store_true",
        help=say("boundary.allow-private-addresses"),
    )
    group.add_argument(
        "--insecure",
        action="store_true",
        help=say("cli.network.insecure"),
    )


def network_wanted(args: argparse.Namespace, targets: Iterable[str]) -> bool:
    """Whether a command given ``targets`` needs its ``NetworkAccess``: a target is a URL,
    or a network option was given (so a bad one is still refused). Local files alone skip
    it, and with it reading the credential files and building a TLS context."""
    if any(target.lower().startswith(("http://", "https://")) for target in targets):
        return True
    given = (args.user, args.credentials, args.proxy, args.ca_bundle, args.insecure)
    return any(given) or secret_given(args, "--token") or secret_given(args, "--header")


def network_access(
    args: argparse.Namespace,
    urls: Iterable[str],
    command: str,
    *,
    also: Iterable[str] = (),
    resolve: bool = True,
) -> NetworkAccess:
    """The ``NetworkAccess`` the options describe, flags scoped to the origins of ``urls``.

    Private addresses are allowed when one of ``urls`` or ``also`` (other URLs the user
    gave, such as ``--hub``) is on one, or with ``--allow-private-addresses``. Finding
    that out resolves their hosts; ``resolve=False`` (a Source on disk, whose URLs are
    never fetched over the network) skips it: a base URL's host that does not resolve
    cost a DNS time-out before a folder was read.

    Warnings (a credentials file others can read, ``--insecure``) go to stderr. Raises
    ``NetworkOptionsError`` for options that cannot be used.
    """
    from explorer.net.http.credentials import (
        Credentials,
        CredentialsError,
        default_credential_files,
        file_is_private,
        load_credentials_file,
    )
    from explorer.net.http.network_access import NetworkAccess, NetworkSettingsError

    credentials = Credentials()
    files = default_credential_files()
    if args.credentials is not None:
        files.append(args.credentials)
    for path in files:
        try:
            credentials.update(load_credentials_file(path))
        except CredentialsError as exc:
            raise NetworkOptionsError(render_phrase(exc.said, help_language())) from None
        if not file_is_private(path):
            _warn(command, say("cli.network.readable", path=path))
    if on_command_line(args, "--token"):
        warn_plain("--token", command)
    if plain_credential_header(args.header):
        warn_plain("--header", command)
    flag_credential = _flag_credential(args)
    if flag_credential is not None:
        origins = _origins(urls)
        if not origins:
            raise NetworkOptionsError(say("cli.network.no-origin"))
        for origin in origins:
            credentials.add(origin, flag_credential)
    try:
        from explorer.net.http.outbound import private_addresses_allowed  # httpx: only for URLs

        vetted = [*urls, *also] if resolve else []
        allowed = private_addresses_allowed(vetted, args.allow_private_addresses)
        settings = _settings(args, allowed)
        settings.verify()  # reads the CA bundle now, to refuse a bad one before any request
    except NetworkSettingsError as exc:
        raise NetworkOptionsError(render_phrase(exc.said, help_language())) from None
    if settings.insecure:
        _warn(command, say("cli.network.insecure-warning"))
    return NetworkAccess(credentials, settings)


def _flag_credential(args: argparse.Namespace) -> Credential | None:
    from explorer.net.http.credentials import Credential, CredentialsError

    if secret_given(args, "--token") and args.user is not None:
        raise NetworkOptionsError(say("cli.network.token-and-user"))
    if args.token is not None and not args.token.strip():
        raise NetworkOptionsError(say("cli.network.token-empty"))
    try:
        token = secret_value(args, "--token", help_language())
        headers, _ = secret_headers(args, "--header", header_argument, help_language())
    except SecretFormError as exc:
        raise NetworkOptionsError(str(exc)) from None
    user, password = None, None
    if args.user is not None:
        user, sep, password = args.user.partition(":")
        if not user:
            raise NetworkOptionsError(say("cli.network.user-empty"))
        if not sep:
            password = _ask_password(user)
    if token is None and user is None and not headers:
        return None
    try:
        return Credential(
            token=token.strip() if token else None,
            user=user,
            password=password,
            headers=tuple(headers),
        )
    except CredentialsError as exc:
        raise NetworkOptionsError(str(exc)) from None


def _ask_password(user: str) -> str:
    import getpass

    if not sys.stdin.isatty():
        raise NetworkOptionsError(say("cli.network.no-terminal"))
    try:
        return getpass.getpass(say("cli.network.password", user=user))
    except (EOFError, KeyboardInterrupt):
        raise NetworkOptionsError(say("cli.network.no-password")) from None


def _origins(urls: Iterable[str]) -> list[str]:
    from explorer.core.auth import OriginError, origin_of

    found: list[str] = []
    for url in urls:
        try:
            origin = origin_of(url)
        except OriginError:
            continue  # a file, not a URL
        if origin not in found:
            found.append(origin)
    return found


def _settings(args: argparse.Namespace, allow_private: bool) -> NetworkSettings:
    from explorer.net.http.network_access import NetworkSettings, ProxyMode

    proxy = args.proxy
    if proxy in (None, ProxyMode.SYSTEM):
        mode, url = ProxyMode.SYSTEM, None
    elif proxy == ProxyMode.NONE:
        mode, url = ProxyMode.NONE, None
    else:
        mode, url = ProxyMode.MANUAL, proxy
    return NetworkSettings(mode, url, args.ca_bundle, args.insecure, allow_private)


def _warn(command: str, message: str) -> None:
    print(f"{command}: {message}", file=sys.stderr, flush=True)
