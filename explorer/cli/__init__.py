"""Command-line entry point: the GUI by default, or one of the engine subcommands.

Each subcommand lives in its own module exposing ``configure(parser)`` and
``run(args) -> int``; modules are imported only when chosen, so ``validate`` never
loads Qt and the GUI never loads the CLI's formatting code.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

import explorer
from explorer import APP_NAME
from explorer.cli.arguments import OneLineParser
from explorer.cli.options.language_option import choose_language, say
from explorer.cli.visible_output import visible_output

# name -> module; the one-line help is the catalog line "cli.command.<name>".
COMMANDS: dict[str, str] = {
    "validate": "explorer.cli.validate",
    "inspect": "explorer.cli.inspect",
    "demo-source": "explorer.cli.demo_source",
    "diff": "explorer.cli.diff",
    "listen": "explorer.cli.listen",
    "export": "explorer.cli.export",
    "hub-check": "explorer.cli.hub_check",
    "subscriber-check": "explorer.cli.subscriber_check",
    "publish": "explorer.cli.publish",
    "signature": "explorer.cli.signature",
    "replay": "explorer.cli.replay",
    "compare": "explorer.cli.compare",
    "audit": "explorer.cli.audit",
    "consumers": "explorer.cli.consumers",
    "plan": "explorer.cli.plan",
    "fleet": "explorer.cli.fleet",
}

EXIT_OK, EXIT_FINDINGS, EXIT_UNUSABLE = 0, 1, 2


def _top_level_help() -> str:
    width = max(len(name) for name in COMMANDS)
    lines = [
        f"{APP_NAME} {explorer.__version__}",
        "",
        say("cli.top.usage"),
        say("cli.top.usage-command"),
        "",
        say("cli.top.commands"),
    ]
    lines += [f"  {name.ljust(width)}  {say(f'cli.command.{name}')}" for name in COMMANDS]
    lines.append("")
    lines.append(say("cli.top.more"))
    return "\n".join(lines)


def run_command(name: str, argv: Sequence[str]) -> int:
    """Parse ``argv`` for subcommand ``name`` and run it, returning its exit code."""
    choose_language(argv)
    module = importlib.import_module(COMMANDS[name])
    parser = OneLineParser(
        prog=f"resourcesync-explorer {name}", description=say(f"cli.command.{name}")
    )
    module.configure(parser)
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as exc:  # argparse exits 2 on bad arguments, 0 on --help
        return int(exc.code or 0)
    return int(module.run(args))


def main(argv: Sequence[str] | None = None) -> int:
    """Every line printed from here on shows outside text's control, bidi and invisible
    characters as escapes (``visible_output``), whichever command prints it."""
    with visible_output():
        return _main(list(sys.argv[1:] if argv is None else argv))


def _main(args: list[str]) -> int:
    if args and args[0] in COMMANDS:
        return run_command(args[0], args[1:])
    if args and args[0] in ("-h", "--help", "help"):
        choose_language(args)
        print(_top_level_help())
        return EXIT_OK
    if args and args[0] == "--version":
        print(f"{APP_NAME} {explorer.__version__}")
        return EXIT_OK
    choose_language(args)  # the window's --help and start-up lines, as a command's
    from explorer.ui.app import run_gui

    return run_gui(args)
