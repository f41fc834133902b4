"""``export``: write the notifications kept in a store, as JSON lines, CSV or raw XML files;
with ``--exchanges``, the exchange log as HAR 1.2, CSV or JSON lines.

``jsonl`` gives one object per delivery (metadata, parsed summary, findings and the
body). ``csv`` one row per delivery (the feed's columns); both are writers of
``NOTIFICATION_FORMATS`` (``explorer/net/reports/export_formats.py``). ``xml`` writes each
delivery's raw payload byte for byte to ``NNNNNNNN.xml`` and an ``index.json`` describing
them.
Rejected deliveries (bad or missing signature) are exported too, marked ``"status":
"rejected"``: the store keeps them for debugging. The exchanges mode is in
``export_exchanges.py``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from explorer.cli.arguments import fail, output_folder, store_path
from explorer.cli.export_exchanges import (
    ExportUnusable,
    add_exchange_options,
    open_export,
    refused_with_notifications,
    run_exchanges,
    stopped_because,
)
from explorer.cli.options.language_option import add_language_option, language_of, say
from explorer.cli.visible_output import data_stdout
from explorer.core.catalog import text
from explorer.net.reports.export_formats import EXCHANGE_FORMATS, NOTIFICATION_FORMATS
from explorer.net.reports.notification_export import metadata
from explorer.net.store.database import Store, StoreError, default_store_path
from explorer.net.store.records import NotificationRecord

EXIT_OK, EXIT_UNUSABLE = 0, 2
FOLDER_FORMATS = ("xml",)
"""Stored notifications as a folder of files (raw payloads and an index), not one stream."""
BATCH = 500


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--store",
        type=store_path,
        metavar="PATH",
        help=say("cli.export.store", default=default_store_path()),
    )
    parser.add_argument(
        "--format",
        choices=tuple(
            dict.fromkeys(
                (*NOTIFICATION_FORMATS.names(), *FOLDER_FORMATS, *EXCHANGE_FORMATS.names())
            )
        ),
        help=say("cli.export.format"),
    )
    parser.add_argument(
        "--out",
        metavar="DIR|FILE",
        help=say("cli.export.out"),
    )
    add_exchange_options(parser)
    add_language_option(parser)


def run(args: argparse.Namespace) -> int:
    if args.exchanges:
        return run_exchanges(args)
    lang = language_of(args)
    problem = refused_with_notifications(args)
    if problem:
        return fail("export", problem)
    try:
        out, store = open_export(args, output_folder, lang)
    except ExportUnusable as exc:
        return fail("export", str(exc))
    if store.problems:
        damaged = text(
            "cli.export.damaged", lang, count=len(store.problems), first=store.problems[0]
        )
        print(damaged, file=sys.stderr)
    try:
        topics = {row["id"]: row for row in store.subscriptions()}
        if args.format == "xml":
            count = _export_xml(store, topics, out or Path("notifications"))
        else:
            chosen = NOTIFICATION_FORMATS.named(args.format or NOTIFICATION_FORMATS.default)
            with _output(out, "notifications" + chosen.suffixes[0]) as stream:
                count = chosen.writer(_records(store), topics, stream)
    except (OSError, StoreError) as exc:
        print(f"export: {stopped_because(exc, lang)}", file=sys.stderr)
        return EXIT_UNUSABLE
    finally:
        store.close()
    print(text("cli.export.written", lang, count=count), file=sys.stderr)
    return EXIT_OK


def _records(store: Store) -> Iterator[NotificationRecord]:
    """Every stored delivery: rows in batches, each body read only when its turn comes, so
    memory holds one body however large the batch's are."""
    after = 0
    while batch := store.notifications(after_id=after, limit=BATCH, bodies=False):
        for record in batch:
            record.body = store.notification_body(record.id or 0)
            yield record
            record.body = b""
        after = batch[-1].id or after


@contextlib.contextmanager
def _output(out: Path | None, name: str) -> Iterator[IO[str]]:
    """Standard output, or ``out/name`` (the folder made when missing)."""
    if out is None:
        with data_stdout() as stream:
            yield stream
        return
    out.mkdir(parents=True, exist_ok=True)
    with (out / name).open("w", encoding="utf-8", newline="") as stream:
        yield stream


def _export_xml(store: Store, subscriptions: dict[str, dict[str, Any]], out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    index = []
    for record in _records(store):
        name = f"{record.id:08d}.xml"
        (out / name).write_bytes(record.body)
        index.append({"file": name, **metadata(record, subscriptions)})
    (out / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    return len(index)
