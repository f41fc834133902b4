"""``export --exchanges``: the exchange log as HAR 1.2, CSV or JSON lines.

The same rows the window's inspector shows: all of them, those matching ``--filter``
(the inspector's filter: every word in direction, kind, method, status, topic or URL),
or those named by ``--ids``. Secrets (``hub.secret``, credential headers, the callback
URL's token) stay masked unless ``--reveal-secrets`` is given.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

from explorer.cli.arguments import fail, output_file
from explorer.cli.options.language_option import language_of, say
from explorer.cli.visible_output import data_stdout
from explorer.core import catalog
from explorer.net.reports.callback_tokens import callback_tokens
from explorer.net.reports.evidence import export_exchanges
from explorer.net.reports.export_formats import EXCHANGE_FORMATS, FormatMismatch
from explorer.net.store.database import Store, StoreError, default_store_path
from explorer.net.store.exchange_filter import filter_terms, matches, search_text
from explorer.net.store.exchange_links import read_links
from explorer.net.store.records import ExchangeRecord

EXIT_OK, EXIT_UNUSABLE = 0, 2
BATCH = 500
MAX_IDS = 100_000


class ExportUnusable(Exception):
    """``--out`` or the store cannot be used; the message says which and why."""


def open_export(
    args: argparse.Namespace, check: Callable[[str], Path], lang: str
) -> tuple[Path | None, Store]:
    """``--out`` checked by ``check``, and the store opened read-only: no lock, so a running
    ``listen`` keeps its store, and a damaged store still gives up what can be read."""
    try:
        out = None if args.out is None else check(args.out)
    except argparse.ArgumentTypeError as exc:
        raise ExportUnusable(f"--out: {exc}") from None
    try:
        store = Store(args.store or default_store_path(), read_only=True)
    except StoreError as exc:
        problem = exc.describe(lang)
        raise ExportUnusable(
            catalog.text("evidence.store-unusable", lang, problem=problem)
        ) from None
    return out, store


def stopped_because(exc: OSError | StoreError, lang: str) -> str:
    """Why reading the store or writing the file stopped, in ``lang``; the system's own
    words as they came."""
    return exc.describe(lang) if isinstance(exc, StoreError) else str(exc)


def id_list(text: str) -> frozenset[int]:
    """``1,4,7-9``: exchange ids and ranges."""
    chosen: set[int] = set()
    for piece in text.split(","):
        first, sep, last = piece.strip().partition("-")
        try:
            low, high = int(first), int(last) if sep else int(first)
        except ValueError:
            raise argparse.ArgumentTypeError(say("evidence.bad-ids", text=text[:80])) from None
        if low < 1 or high < low or len(chosen) + high - low + 1 > MAX_IDS:
            raise argparse.ArgumentTypeError(say("evidence.ids-out-of-range", limit=MAX_IDS))
        chosen.update(range(low, high + 1))
    return frozenset(chosen)


def add_exchange_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(say("evidence.help-group"))
    group.add_argument("--exchanges", action="store_true", help=say("evidence.help-exchanges"))
    group.add_argument("--filter", metavar="TEXT", help=say("evidence.help-filter"))
    group.add_argument("--ids", type=id_list, metavar="LIST", help=say("evidence.help-ids"))
    group.add_argument(
        "--reveal-secrets",
        action="store_true",
        help=say("evidence.help-reveal-secrets"),
    )


def refused_with_notifications(args: argparse.Namespace) -> str | None:
    """Why the options do not fit an export of notifications, if they do not."""
    lang = language_of(args)
    if args.format == "har":
        return catalog.text("evidence.har-needs-exchanges", lang)
    if args.filter is not None or args.ids is not None or args.reveal_secrets:
        return catalog.text("evidence.options-need-exchanges", lang)
    return None


def run_exchanges(args: argparse.Namespace) -> int:
    lang = language_of(args)
    if args.format is not None and args.format not in EXCHANGE_FORMATS.names():
        return fail("export", catalog.text("evidence.xml-not-for-exchanges", lang))
    try:
        chosen = EXCHANGE_FORMATS.choose(args.format, args.out, lang)
    except FormatMismatch as exc:
        return fail("export", str(exc))
    try:
        out, store = open_export(args, output_file, lang)
    except ExportUnusable as exc:
        return fail("export", str(exc))
    terms = filter_terms(args.filter or "")
    ids = args.ids

    def keep(record: ExchangeRecord) -> bool:
        if ids is not None and record.id not in ids:
            return False
        return not terms or matches(terms, search_text(record))

    try:
        secrets, tokens = None, frozenset[str]()
        if not args.reveal_secrets:
            tokens = callback_tokens(store.subscriptions())
        else:
            secrets = {
                row["callback_url"]: row["secret"] for row in store.subscriptions() if row["secret"]
            }
            print(catalog.text("evidence.revealing", lang), file=sys.stderr)
        with _output(out, private=args.reveal_secrets) as stream:
            count = export_exchanges(
                _batches(store),
                lambda chosen: read_links(store.path, chosen),
                chosen.writer(stream),
                keep,
                secrets,
                tokens,
            )
    except (OSError, StoreError) as exc:
        return fail("export", stopped_because(exc, lang))
    finally:
        store.close()
    print(catalog.text("evidence.written", lang, count=count), file=sys.stderr)
    return EXIT_OK


def _batches(store: Store) -> Iterator[list[ExchangeRecord]]:
    after = 0
    while batch := store.exchanges(after_id=after, limit=BATCH):
        yield batch
        after = batch[-1].id or after


@contextlib.contextmanager
def _output(out: object, *, private: bool = False) -> Iterator[IO[str]]:
    """The export's stream; a ``private`` file (revealed secrets) is made 0600 before a
    byte is written, and an existing one narrowed to 0600, never left for others to read."""
    if out is None:
        with data_stdout() as stream:
            yield stream
        return
    if not private:
        with open(str(out), "w", encoding="utf-8", newline="") as stream:
            yield stream
        return
    fd = os.open(str(out), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(fd, 0o600)
    with open(fd, "w", encoding="utf-8", newline="") as stream:
        yield stream
