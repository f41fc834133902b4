"""``export``: write the notifications kept in a store, as JSON lines, CSV or raw XML files;
with ``--exchanges``, the exchange log as HAR 1.2, CSV or JSON lines.

``jsonl`` gives one object per delivery (metadata, parsed summary, findings and the
body). ``csv`` one row per delivery (the feed's columns). ``xml`` writes each delivery's
raw payload byte for byte to ``NNNNNNNN.xml`` and an ``index.json`` describing them.
Rejected deliveries (bad or missing signature) are exported too, marked ``"status":
"rejected"``: the store keeps them for debugging. The exchanges mode is in
``export_exchanges.py``.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import csv
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
from explorer.cli.language_option import add_language_option, language_of, say
from explorer.core.catalog import text
from explorer.net.live.subscriber_events import iso_time
from explorer.net.reports.evidence import NOTIFICATION_CSV_COLUMNS, notification_csv_row
from explorer.net.store.database import Store, StoreError, default_store_path
from explorer.net.store.records import NotificationRecord

EXIT_OK, EXIT_UNUSABLE = 0, 2
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
        choices=("jsonl", "xml", "csv", "har"),
        default="jsonl",
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
        if args.format == "jsonl":
            count = _export_jsonl(store, topics, out)
        elif args.format == "csv":
            count = _export_csv(store, topics, out)
        else:
            count = _export_xml(store, topics, out or Path("notifications"))
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


def _metadata(
    record: NotificationRecord, subscriptions: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    sub = subscriptions.get(record.subscription_id, {})
    return {
        "id": record.id,
        "subscription": record.subscription_id,
        "topic": record.topic,
        "hub": sub.get("hub"),
        "received": iso_time(record.received),
        "status": record.status,
        "signature": record.signature,
        "reason": record.reason,
        "content_type": record.content_type,
        "headers": record.headers,
        "capability": record.capability,
        "from": record.from_time,
        "until": record.until_time,
        "summary": record.summary,
        "findings": [item.to_json() for item in record.findings],
    }


def _export_jsonl(store: Store, subscriptions: dict[str, dict[str, Any]], out: Path | None) -> int:
    count = 0
    with _output(out, "notifications.jsonl") as stream:
        for record in _records(store):
            data = _metadata(record, subscriptions)
            try:
                data["body"] = record.body.decode("utf-8")
            except UnicodeDecodeError:
                data["body_base64"] = base64.b64encode(record.body).decode("ascii")
            stream.write(json.dumps(data) + "\n")
            count += 1
    return count


def _export_csv(store: Store, subscriptions: dict[str, dict[str, Any]], out: Path | None) -> int:
    count = 0
    with _output(out, "notifications.csv") as stream:
        writer = csv.writer(stream)
        writer.writerow(NOTIFICATION_CSV_COLUMNS)
        for record in _records(store):
            hub = subscriptions.get(record.subscription_id, {}).get("hub")
            writer.writerow(notification_csv_row(record, hub))
            count += 1
    return count


@contextlib.contextmanager
def _output(out: Path | None, name: str) -> Iterator[IO[str]]:
    """Standard output, or ``out/name`` (the folder made when missing)."""
    if out is None:
        yield sys.stdout
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
        index.append({"file": name, **_metadata(record, subscriptions)})
    (out / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    return len(index)
