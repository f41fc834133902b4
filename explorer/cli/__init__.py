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

# name -> (module, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "validate": ("explorer.cli.validate", "validate ResourceSync documents (files or URLs)"),
    "inspect": ("explorer.cli.inspect", "discover a Source from any URL, walk it, report problems"),
    "demo-source": ("explorer.cli.demo_source", "run the demo Source and reference WebSub hub"),
    "diff": ("explorer.cli.diff", "diff two versions of a document (files or URLs)"),
    "listen": ("explorer.cli.listen", "subscribe to notification channels and print events"),
    "export": ("explorer.cli.export", "write stored notifications as JSON lines or XML files"),
    "hub-check": ("explorer.cli.hub_check", "run conformance checks against a WebSub hub"),
    "publish": ("explorer.cli.publish", "POST a notification file to a hub (notification §4.1)"),
    "signature": ("explorer.cli.signature", "sign a body or verify its X-Hub-Signature"),
    "replay": ("explorer.cli.replay", "send a stored delivery or exchange again, with edits"),
}

EXIT_OK, EXIT_FINDINGS, EXIT_UNUSABLE = 0, 1, 2


def _top_level_help() -> str:
    width = max(len(name) for name in COMMANDS)
    lines = [
        f"{APP_NAME} {explorer.__version__}",
        "",
        "usage: resourcesync-explorer [URL] [--demo] [--lang ja|en] "
        "[--self-test [--screenshot PATH]]",
        "       resourcesync-explorer COMMAND [options]",
        "",
        "Without a command the desktop explorer opens. Commands:",
    ]
    lines += [f"  {name.ljust(width)}  {text}" for name, (_, text) in COMMANDS.items()]
    lines.append("")
    lines.append("Run 'resourcesync-explorer COMMAND --help' for a command's options.")
    return "\n".join(lines)


def run_command(name: str, argv: Sequence[str]) -> int:
    """Parse ``argv`` for subcommand ``name`` and run it, returning its exit code."""
    module_name, text = COMMANDS[name]
    module = importlib.import_module(module_name)
    parser = OneLineParser(prog=f"resourcesync-explorer {name}", description=text)
    module.configure(parser)
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as exc:  # argparse exits 2 on bad arguments, 0 on --help
        return int(exc.code or 0)
    return int(module.run(args))


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in COMMANDS:
        return run_command(args[0], args[1:])
    if args and args[0] in ("-h", "--help", "help"):
        print(_top_level_help())
        return EXIT_OK
    if args and args[0] == "--version":
        print(f"{APP_NAME} {explorer.__version__}")
        return EXIT_OK
    from explorer.ui.app import run_gui

    return run_gui(args)
