"""A database of its own for each fleet test, on a cluster a module starts once.

A cluster costs about 1.5 s to start; a database in it costs milliseconds. Each test
taking its own database keeps tests apart (no Source, lock or host slot seen by another)
without a cluster per test.
"""

from __future__ import annotations

import itertools
import os

_numbers = itertools.count(1)


def fresh_database(server_dsn: str) -> str:
    """Create an empty database on the cluster ``server_dsn`` names; its DSN."""
    import psycopg

    name = f"fleet_{os.getpid()}_{next(_numbers)}"
    with psycopg.connect(server_dsn, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"'.encode())
    return server_dsn.replace("/postgres?", f"/{name}?", 1)
