"""Which fleet database a subcommand uses: ``--db``, else the one ``fleet init`` remembered.

``fleet init --db … --broker …`` writes both into ``fleet.json`` in the user's config
folder (``$XDG_CONFIG_HOME/resourcesync-explorer/``), a private file (mode 0600: a DSN may
hold a password), so later subcommands on the same machine need no ``--db``. Every
subcommand that needs a database or broker also takes it explicitly, which wins.
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

from explorer.cli.options.language_option import add_language_option, say
from explorer.core.said_error import SaidError
from explorer.net.http.credentials import CONFIG_FOLDER

if TYPE_CHECKING:
    from explorer.net.fleet.database import FleetDatabase

SETTINGS_FILE = "fleet.json"
SETTINGS_LIMIT = 64 * 1024


class NoDatabase(SaidError):
    """No ``--db`` given and none remembered."""


class NoBroker(SaidError):
    """No ``--broker`` given and none remembered."""


def settings_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / CONFIG_FOLDER / SETTINGS_FILE


def remembered() -> dict[str, str]:
    """What ``fleet init`` remembered (nothing when it never ran or the file is unusable)."""
    try:
        with open(settings_path(), "rb") as handle:
            data = json.loads(handle.read(SETTINGS_LIMIT))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {key: value for key, value in data.items() if isinstance(value, str)}


def remember(db: str, broker: str | None) -> Path:
    """Write the database (and broker) for later subcommands, readable by the user alone."""
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    settings = {"db": db} | ({"broker": broker} if broker else {})
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(fd, 0o600)  # a file that existed keeps its mode through O_CREAT
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(settings, handle)
    return path


def add_db_option(parser: argparse.ArgumentParser, *, required: bool = False) -> None:
    parser.add_argument(
        "--db",
        metavar="DSN",
        required=required,
        help=say("fleet.option.db-init" if required else "fleet.option.db", file=settings_path()),
    )
    add_language_option(parser)


def add_broker_option(parser: argparse.ArgumentParser) -> None:
    """``--broker URL`` for a subcommand that talks to Celery (``worker``, ``beat``)."""
    parser.add_argument(
        "--broker", metavar="URL", help=say("fleet.option.broker-use", file=settings_path())
    )


def broker_of(args: argparse.Namespace) -> str:
    """``--broker``, else the broker ``fleet init`` remembered; ``NoBroker`` if neither."""
    broker = getattr(args, "broker", None) or remembered().get("broker")
    if not broker:
        raise NoBroker("fleet.broker.none")
    return str(broker)


def dsn_of(args: argparse.Namespace) -> str:
    dsn = args.db or remembered().get("db")
    if not dsn:
        raise NoDatabase("fleet.db.none")
    return str(dsn)


def open_fleet(args: argparse.Namespace) -> FleetDatabase:
    """The fleet database the arguments name, its schema checked."""
    from explorer.net.fleet.database import FleetDatabase

    database = FleetDatabase.connect(dsn_of(args))
    try:
        database.require_schema()
    except BaseException:
        database.close()
        raise
    return database
