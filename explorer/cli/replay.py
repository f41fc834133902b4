"""``replay``: send a stored delivery or a recorded exchange again, with edits.

The request is the original's (a delivery: POST with its headers and body; an exchange:
its method, URL, headers and body), changed by ``--header``, ``--body``, ``--method``,
and sent to ``--to``. With a secret it is re-signed (``X-Hub-Signature``, WebSub §7.1)
over the body as sent; without, the original signature goes as it was. The answer is
recorded in the store as a new exchange linked to the original. Exit status: 0 when the
target answered 2xx, 1 when it answered otherwise or not at all, 2 for unusable input.
"""

from __future__ import annotations

import argparse
import json
import re
from typing import TYPE_CHECKING

from explorer.cli.arguments import (
    InputError,
    fail,
    http_url,
    positive_int,
    positive_seconds,
    read_regular_file,
    store_path,
)
from explorer.cli.options.language_option import add_language_option, language_of, say
from explorer.cli.options.secret_option import (
    SecretError,
    SecretFormError,
    add_secret_forms,
    add_secret_options,
    plain_credential_header,
    secret_headers,
    secret_of,
    warn_plain,
)
from explorer.core import catalog
from explorer.core.credential_headers import credential_names
from explorer.core.push.signatures import ALGORITHMS
from explorer.net.http.request_defaults import REPLAY_TIMEOUT as DEFAULT_TIMEOUT
from explorer.net.live.callback.body_limits import DEFAULT_MAX_BODY
from explorer.net.store.store_location import default_store_path

# The store, the HTTP client and the replay load once the arguments are parsed: a refused
# or --help invocation imports no SQLite, httpx or aiohttp.
if TYPE_CHECKING:
    from explorer.net.live.forwarding.replay import Edits, ReplayRequest, ReplayResult
    from explorer.net.store.database import Store

EXIT_OK, EXIT_REFUSED, EXIT_UNUSABLE = 0, 1, 2
_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
SHOWN_ANSWER = 4096
"""How much of the target's answer the text output shows (the store keeps more)."""


def edit_header(text: str) -> tuple[str, str]:
    """``'Name: value'``; ``'Name:'`` (no value) removes the header."""
    name, sep, value = text.partition(":")
    name, value = name.strip(), value.strip()
    if not sep or not _TOKEN.fullmatch(name):
        raise argparse.ArgumentTypeError(say("replay.bad-header"))
    if any((ord(char) < 32 and char != "\t") or ord(char) == 127 for char in value):
        # a line break would split the request; the rest as every other --header refuses
        # them (an edited Authorization goes out as a credential, which checks the same)
        raise argparse.ArgumentTypeError(say("replay.header-line-break", name=name))
    return name, value


def method(text: str) -> str:
    if not _TOKEN.fullmatch(text) or len(text) > 32:
        raise argparse.ArgumentTypeError(say("replay.bad-method"))
    return text.upper()


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--store",
        type=store_path,
        metavar="PATH",
        help=say("replay.help-store", default=default_store_path()),
    )
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument(
        "--delivery", type=positive_int, metavar="ID", help=say("replay.help-delivery")
    )
    which.add_argument(
        "--exchange", type=positive_int, metavar="ID", help=say("replay.help-exchange")
    )
    parser.add_argument(
        "--to", type=http_url, required=True, metavar="URL", help=say("replay.help-to")
    )
    add_secret_options(parser, say("replay.help-secret"))
    parser.add_argument(
        "--algorithm",
        choices=tuple(ALGORITHMS),
        default="sha256",
        help=say("replay.help-algorithm"),
    )
    add_secret_forms(
        parser,
        "--header",
        metavar="'NAME: VALUE'",
        help=say("replay.help-header"),
        repeatable=True,
        type=edit_header,
    )
    parser.add_argument("--body", metavar="FILE", help=say("replay.help-body"))
    parser.add_argument("--method", type=method, metavar="M", help=say("replay.help-method"))
    parser.add_argument(
        "--timeout",
        type=positive_seconds,
        default=DEFAULT_TIMEOUT,
        metavar="S",
        help=say("replay.help-timeout", default=f"{DEFAULT_TIMEOUT:g}"),
    )
    parser.add_argument("--json", action="store_true", help=say("replay.help-json"))
    add_language_option(parser)


def run(args: argparse.Namespace) -> int:
    import asyncio

    from explorer.net.live.forwarding.replay import Edits, ReplayError, load_original
    from explorer.net.store.database import Store, StoreError
    from explorer.net.store.exchange_links import DELIVERY, EXCHANGE

    lang = language_of(args)
    try:
        secret = secret_of(args, lang)  # the option, the file, else $RESOURCESYNC_EXPLORER_SECRET
        headers, hidden = secret_headers(args, "--header", edit_header, lang)
    except (SecretError, SecretFormError) as exc:
        return fail("replay", str(exc))
    if plain_credential_header(args.header):
        warn_plain("--header", "replay")
    body = None
    if args.body is not None:
        try:
            body = read_regular_file(args.body, DEFAULT_MAX_BODY + 1)
        except InputError as exc:
            return fail("replay", catalog.text("replay.cannot-read", lang, problem=exc))
        if len(body) > DEFAULT_MAX_BODY:
            return fail(
                "replay", catalog.text("replay.body-too-large", lang, limit=DEFAULT_MAX_BODY)
            )
    edits = Edits(
        url=args.to,
        method=args.method,
        headers=headers,
        body=body,
        secret=secret,
        algorithm=args.algorithm,
        masked=frozenset(hidden | credential_names(headers)),
    )
    path = args.store or default_store_path()
    if not path.exists():  # a replay reads what is stored: never make an empty store
        return fail("replay", catalog.text("replay.no-store", lang, path=path))
    try:
        store = Store(path)
    except StoreError as exc:
        return fail("replay", catalog.text("replay.store-unusable", lang, problem=exc))
    try:
        kind, original_id = (
            (DELIVERY, args.delivery) if args.delivery is not None else (EXCHANGE, args.exchange)
        )
        try:
            original = load_original(store, kind, original_id)
            result = asyncio.run(_send(store, original, edits, args.timeout))
        except ReplayError as exc:
            return fail("replay", exc.describe(lang))
    finally:
        store.close()
    record = result.record
    if args.json:
        print(
            json.dumps(
                {
                    "exchange_id": record.id,
                    "original": result.link.to_json(),
                    "method": record.method,
                    "url": record.url,
                    "signature": result.signature,
                    "status": record.status,
                    "duration_ms": record.duration_ms,
                    "response_headers": record.response_headers,
                    "response_body": (record.response_body or b"").decode("utf-8", "replace"),
                    "error": record.error,
                }
            )
        )
    else:
        print(
            catalog.text(
                "replay.sent",
                lang,
                kind=catalog.text(f"replay.kind-{kind}", lang),
                id=original_id,
                method=record.method,
                url=record.url,
                signature=catalog.text(f"replay.signature-{result.signature}", lang),
                exchange=record.id,
            )
        )
        if record.status is not None:
            print(catalog.text("replay.answer", lang, status=record.status, ms=record.duration_ms))
            answer = (record.response_body or b"")[:SHOWN_ANSWER]
            text = answer.decode("utf-8", "replace")
            if text.strip():
                shown = "".join(c if c.isprintable() or c in "\n\t" else "\ufffd" for c in text)
                print(catalog.text("replay.answer-body", lang, body=shown))
        else:
            print(catalog.text("replay.no-answer", lang, error=record.error))
    return EXIT_OK if result.accepted else EXIT_REFUSED


async def _send(
    store: Store, original: ReplayRequest, edits: Edits, timeout: float
) -> ReplayResult:
    from explorer.net.live.forwarding.replay import replay

    return await replay(store, original, edits, timeout=timeout)
