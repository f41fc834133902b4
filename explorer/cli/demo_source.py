"""``demo-source``: run the embedded demo Source and reference hub until interrupted.

The base URL is the first line on stdout (flushed at once) so scripts and tests can
start the command, read one line and talk to the demo.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys

from explorer.cli.arguments import fail, host, non_negative_number, port, positive_int
from explorer.cli.demo_replay import PlaybackUnusable, add_replay_options, load_playback
from explorer.demo import FAULTS, UnknownFaultError, parse_fault_names, start_demo

EXIT_OK, EXIT_UNUSABLE = 0, 2


def configure(parser: argparse.ArgumentParser) -> None:
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = "faults:\n" + "\n".join(f"  {name:<20} {text}" for name, text in FAULTS.items())
    parser.add_argument(
        "--host",
        type=host,
        default="127.0.0.1",
        help="address to bind (default 127.0.0.1: loopback only)",
    )
    parser.add_argument("--port", type=port, default=0, help="port (default 0: any free port)")
    parser.add_argument(
        "--rate",
        type=non_negative_number,
        default=1.0,
        help="live changes per second (default 1; 0 = none)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed for the generated content")
    parser.add_argument(
        "--faults",
        default="",
        metavar="NAME,...",
        help="faults to inject from the start (see below)",
    )
    parser.add_argument(
        "--changes-per-list",
        type=positive_int,
        default=20,
        metavar="N",
        help="close the open Change List every N changes (default 20)",
    )
    parser.add_argument(
        "--min-lease",
        type=positive_int,
        default=None,
        metavar="SECONDS",
        help="shortest lease the hub grants (default 300)",
    )
    add_replay_options(parser)


async def _serve(args: argparse.Namespace, faults: list[str]) -> int:
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
        print(f"hub: {demo.hub_url}", flush=True)
        print(f"Source Description: {demo.source_description_url}", flush=True)
        if faults:
            print(f"faults: {', '.join(faults)}", flush=True)
        await stop.wait()
    finally:
        await demo.stop()
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
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
        print(f"demo-source: cannot listen on {args.host}:{args.port}: {exc}", file=sys.stderr)
        return EXIT_UNUSABLE
    except KeyboardInterrupt:
        return EXIT_OK
