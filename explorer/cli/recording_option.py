"""``listen --record FILE``: the option and the wiring of the recorder into a session."""

from __future__ import annotations

import argparse
import sys

from explorer.cli.arguments import output_file
from explorer.cli.language_option import language_of, say
from explorer.core import catalog
from explorer.net.live.recorder import Recorder
from explorer.net.store.database import Store
from explorer.net.store.exchange_log import ExchangeLog


def add_record_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--record",
        type=output_file,
        metavar="FILE",
        help=say("recording.help-record"),
    )


def start_recording(
    args: argparse.Namespace, store: Store, exchange_log: ExchangeLog
) -> Recorder | None:
    """The recorder ``--record`` asks for, hooked to the exchange log; sets
    ``args.on_fetch`` (the ``Fetcher`` hook, None without a recording)."""
    args.on_fetch = None
    if getattr(args, "record", None) is None:
        return None
    lang = language_of(args)

    def full(limit: int) -> None:
        print(catalog.text("recording.full", lang, limit=limit), file=sys.stderr, flush=True)

    recorder = Recorder(args.record, store, on_full=full)
    exchange_log.listeners.append(recorder.logged)
    args.on_fetch = recorder.fetched
    print(catalog.text("recording.started", lang, path=args.record), file=sys.stderr, flush=True)
    return recorder
