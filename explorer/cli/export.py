"""``export``: write the notifications kept in a store, as JSON lines or as raw XML files.

``jsonl`` gives one object per delivery (metadata, parsed summary, findings and the
body). ``xml`` writes each delivery's raw payload byte for byte to ``NNNNNNNN.xml`` and
an ``index.json`` describing them. Rejected deliveries (bad or missing signature) are
exported too, marked ``"status": "rejected"``: the store keeps them for debugging.
"""

from __future__ import annotations

import argparse
import base64
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from explorer.cli.arguments import output_folder, store_path
from explorer.net.store import NotificationRecord, Store, StoreError, default_store_path
from explorer.net.subscriber_events import iso_time

EXIT_OK, EXIT_UNUSABLE = 0, 2
BATCH = 500


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--store",
        type=store_path,
        metavar="PATH",
        help=f"SQLite store to read (default {default_store_path()})",
    )
    parser.add_argument(
        "--format",
        choices=("jsonl", "xml"),
        default="jsonl",
        help="jsonl: one JSON object per line; xml: raw payloads + index.json",
    )
    parser.add_argument(
        "--out",
        type=output_folder,
        metavar="DIR",
        help="output directory (jsonl default: stdout; xml default: ./notifications)",
    )


def run(args: argparse.Namespace) -> int:
    path = args.store or default_store_path()
    try:
        # Read-only: no lock, so a running ``listen`` keeps its store, and a damaged
        # store still gives up what can be read.
        store = Store(path, read_only=True)
    except StoreError as exc:
        print(f"export: cannot open the store: {exc}", file=sys.stderr)
        return EXIT_UNUSABLE
    if store.problems:
        print(
            f"export: warning: the store is damaged ({len(store.problems)} problem(s), first: "
            f"{store.problems[0]}); exporting what can be read",
            file=sys.stderr,
        )
    try:
        topics = {row["id"]: row for row in store.subscriptions()}
        if args.format == "jsonl":
            count = _export_jsonl(store, topics, args.out)
        else:
            count = _export_xml(store, topics, args.out or Path("notifications"))
    except (OSError, StoreError) as exc:
        print(f"export: {exc}", file=sys.stderr)
        return EXIT_UNUSABLE
    finally:
        store.close()
    print(f"export: {count} notifications written", file=sys.stderr)
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
    stream = sys.stdout
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        stream = (out / "notifications.jsonl").open("w", encoding="utf-8")
    count = 0
    try:
        for record in _records(store):
            data = _metadata(record, subscriptions)
            try:
                data["body"] = record.body.decode("utf-8")
            except UnicodeDecodeError:
                data["body_base64"] = base64.b64encode(record.body).decode("ascii")
            stream.write(json.dumps(data) + "\n")
            count += 1
    finally:
        if out is not None:
            stream.close()
    return count


def _export_xml(store: Store, subscriptions: dict[str, dict[str, Any]], out: Path) -> int:
    out.mkdir(parents=True, exist_ok=True)
    index = []
    for record in _records(store):
        name = f"{record.id:08d}.xml"
        (out / name).write_bytes(record.body)
        index.append({"file": name, **_metadata(record, subscriptions)})
    (out / "index.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
    return len(index)
