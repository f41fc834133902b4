"""``fleet``: many Sources watched unattended, on PostgreSQL (and Celery, for workers).

Each subcommand is one module of this package with ``configure(parser)`` and
``run(args) -> int``, named in ``SUBCOMMANDS``; its one-line help is the catalog line
``fleet.command.<name>``. A new subcommand (``worker``, ``beat``) is a module and a line.
Nothing here imports psycopg or Celery at the top: ``resourcesync-explorer --help`` and
the other commands never load them, and a missing fleet extra is said, not a traceback.
"""

from __future__ import annotations

import argparse
import importlib

from explorer.cli.arguments import InputError, fail
from explorer.cli.options.language_option import language_of, say
from explorer.core.said_error import SaidError

SUBCOMMANDS: dict[str, str] = {
    "init": "explorer.cli.fleet.init",
    "load": "explorer.cli.fleet.load",
    "add": "explorer.cli.fleet.add",
    "remove": "explorer.cli.fleet.remove",
    "status": "explorer.cli.fleet.status",
    "report": "explorer.cli.fleet.report",
    "prune": "explorer.cli.fleet.prune",
    "worker": "explorer.cli.fleet.worker",
    "beat": "explorer.cli.fleet.beat",
}


def configure(parser: argparse.ArgumentParser) -> None:
    commands = parser.add_subparsers(dest="fleet_command", metavar="SUBCOMMAND", required=True)
    commands.required = True
    for name, module_name in SUBCOMMANDS.items():
        module = importlib.import_module(module_name)
        sub = commands.add_parser(
            name, help=say(f"fleet.command.{name}"), description=say(f"fleet.command.{name}")
        )
        module.configure(sub)
        sub.set_defaults(fleet_run=module.run)


def run(args: argparse.Namespace) -> int:
    """Run the chosen subcommand; a refusal (an unreachable database, a bad fleet file, a
    missing extra) is one line on stderr and exit status 2, never a traceback."""
    try:
        return int(args.fleet_run(args))
    except SaidError as exc:
        return fail(f"fleet {args.fleet_command}", exc.describe(language_of(args)))
    except InputError as exc:
        return fail(f"fleet {args.fleet_command}", str(exc))
