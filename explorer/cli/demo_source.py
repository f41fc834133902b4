"""``demo-source``: run the embedded demo Source and reference hub until interrupted.

The base URL is the first line on stdout (flushed at once) so scripts and tests can
start the command, read one line and talk to the demo.
"""

from __future__ import annotations

import argparse
import sys

from explorer.cli.arguments import (
    DisplayWidthRawDescriptionFormatter,
    fail,
    host,
    non_negative_number,
    port,
    positive_int,
)
from explorer.cli.demo_replay import PlaybackUnusable, add_replay_options, load_playback
from explorer.cli.engine_text import fault_text
from explorer.cli.options.language_option import (
    add_language_option,
    help_language,
    language_of,
    say,
)
from explorer.core.catalog import text
from explorer.demo.faults import FAULTS, UnknownFaultError, parse_fault_names

EXIT_OK, EXIT_UNUSABLE = 0, 2


def configure(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = DisplayWidthRawDescriptionFormatter
    faults = "\n".join(f"  {name:<20} {fault_text(name, help_language())}" for name in FAULTS)
    parser.epilog = say("cli.demo.faults-heading") + "\n" + faults
    parser.add_argument(
        "--host",
        type=host,
        default="127.0.0.1",
        help=say("cli.demo.host"),
    )
    parser.add_argument("--port", type=port, default=0, help=say("cli.demo.port"))
    parser.add_argument(
        "--rate",
        type=non_negative_number,
        default=1.0,
        help=say("cli.demo.rate"),
    )
    parser.add_argument("--seed", type=int, default=0, help=say("cli.demo.seed"))
    parser.add_argument(
        "--faults",
        default="",
        metavar="NAME,...",
        help=say("cli.demo.faults"),
    )
    parser.add_argument(
        "--changes-per-list",
        type=positive_int,
        default=20,
        metavar="N",
        help=say("cli.demo.changes-per-list"),
    )
    parser.add_argument(
        "--min-lease",
        type=positive_int,
        default=None,
        metavar="SECONDS",
        help=say("cli.demo.min-lease"),
    )
    add_language_option(parser)
    add_replay_options(parser)


async def _serve(args: argparse.Namespace, faults: list[str]) -> int:
    """Serve until Ctrl-C or SIGTERM; the demo (aiohttp's server, the hub) loads here, once
    the arguments are parsed."""
    import asyncio
    import contextlib
    import signal

    from explorer.demo.server import start_demo

    demo = await start_demo(
        host=args.host,
        port=args.port,
        rate=0 if args.playback is not None else args.rate,
        seed=args.seed,
        faults=faults,
        changes_per_list=args.changes_per_list,
        min_lease=args.min_lease,
        playback=args.playback,
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        # Windows has no loop signal handlers; KeyboardInterrupt still stops the run there.
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    try:
        print(demo.base_url, flush=True)
        lang = language_of(args)
        print(text("cli.demo.hub", lang, url=demo.hub_url), flush=True)
        print(text("cli.demo.description", lang, url=demo.source_description_url), flush=True)
        print(text("cli.demo.flawed", lang, url=demo.flawed_document_url), flush=True)
        if faults:
            print(text("cli.demo.faults-on", lang, faults=", ".join(faults)), flush=True)
        await stop.wait()
    finally:
        await demo.stop()
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    import asyncio

    try:
        faults = parse_fault_names(args.faults)
    except UnknownFaultError as exc:
        return fail("demo-source", str(exc))
    try:
        args.playback = load_playback(args)
    except PlaybackUnusable as exc:
        return fail("demo-source", str(exc))
    try:
        return asyncio.run(_serve(args, faults))
    except OSError as exc:
        where = f"{args.host}:{args.port}"
        print(say("cli.demo.cannot-listen", where=where, reason=exc), file=sys.stderr)
        return EXIT_UNUSABLE
    except KeyboardInterrupt:
        return EXIT_OK
