"""A fleet database address the window may keep: never with its password.

The window's Settings are kept in clear (QSettings); a password written into the
address would sit there for anyone who reads the user's files. The window keeps the
address without it, and libpq reads the password from its password file (``~/.pgpass``,
or the file ``PGPASSFILE`` names), which libpq refuses to read unless only its owner can.
"""

from __future__ import annotations

import re

from explorer.core.fleet.dsn import is_url_dsn

_KEY_VALUE_PASSWORD = re.compile(r"\s*\bpassword\s*=\s*(?:'(?:[^'\\]|\\.)*'|\S+)")
_QUERY_PASSWORD = re.compile(r"([?&])password=[^&]*&?")


def has_password(dsn: str) -> bool:
    """Whether ``dsn`` carries a password (in its user part or a ``password`` parameter)."""
    return without_password(dsn) != dsn.strip()


def without_password(dsn: str) -> str:
    """``dsn`` (stripped) with any password removed; the rest as written."""
    dsn = dsn.strip()
    if not is_url_dsn(dsn):
        return _KEY_VALUE_PASSWORD.sub("", dsn).strip()
    scheme, _, rest = dsn.partition("://")
    authority, slash, tail = rest.partition("/")
    if "@" in authority:
        user, _, host = authority.rpartition("@")
        authority = user.split(":", 1)[0] + "@" + host
    tail = _QUERY_PASSWORD.sub(lambda m: m.group(1), tail).rstrip("?&")
    return f"{scheme}://{authority}{slash}{tail}"
