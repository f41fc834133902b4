"""Database and broker addresses as a person may see them: the password never shown.

A DSN (``postgresql://user:secret@db.example.org/fleet``, or libpq's ``key=value`` form)
is printed in refusals, ``--help`` defaults and logs; each of those renders it through
``masked_dsn``. ``database_host`` names where the database is for a refusal that must say
which server did not answer (a Unix socket folder given as ``?host=/run/postgresql``
included).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlsplit

from explorer.core.auth import MASK

_KEY_VALUE_PASSWORD = re.compile(r"(password\s*=\s*)('(?:[^'\\]|\\.)*'|\S+)")


def is_url_dsn(dsn: str) -> bool:
    return dsn.startswith(("postgresql://", "postgres://"))


def masked_dsn(dsn: str) -> str:
    """``dsn`` with its password (in the user part or a ``password`` parameter) masked;
    any URL (a broker's ``redis://:secret@host``) is masked the same way."""
    if "://" not in dsn:
        return _KEY_VALUE_PASSWORD.sub(lambda m: m.group(1) + MASK, dsn)
    scheme, _, rest = dsn.partition("://")
    authority, slash, tail = rest.partition("/")
    if "@" in authority:
        user, _, host = authority.rpartition("@")
        if ":" in user:
            authority = user.split(":", 1)[0] + ":" + MASK + "@" + host
    tail = re.sub(r"([?&]password=)[^&]*", lambda m: m.group(1) + MASK, tail)
    return f"{scheme}://{authority}{slash}{tail}"


def database_host(dsn: str) -> str:
    """Where the database is: host and port, or the socket folder; ``localhost`` if unsaid."""
    if is_url_dsn(dsn):
        parts = urlsplit(dsn)
        given = parse_qs(parts.query).get("host")
        if given:
            return given[0]
        host = parts.netloc.rpartition("@")[2]
        return host or "localhost"
    found = re.search(r"host\s*=\s*(\S+)", dsn)
    return found.group(1) if found else "localhost"
