"""``publish``: POST a notification file to a hub as a ResourceSync Source does.

change-notification 1.0.1 §4.1: ``Content-Type: application/xml`` and Link ``self``
(the topic), ``hub`` and ``resourcesync`` (the Capability List; by default the
payload's own ``rs:ln rel="up"``). The file is validated first and its findings shown,
but sent as it is: sending a broken payload on purpose is part of debugging a hub.
Prints the hub's full response. Exit 0 on 200, 1 otherwise, 2 for unusable input.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from explorer.cli.arguments import (
    InputError,
    fail,
    http_url,
    input_file,
    positive_seconds,
    read_regular_file,
)
from explorer.cli.engine_text import response_text
from explorer.cli.options.language_option import (
    add_language_option,
    finding_line,
    language_of,
    say,
)
from explorer.cli.options.network_options import (
    NetworkOptionsError,
    add_network_options,
    network_access,
)
from explorer.core.catalog import text
from explorer.core.document_limits import MAX_DOCUMENT_BYTES
from explorer.net.http.request_defaults import PUBLISH_TIMEOUT

# The validator (lxml), the HTTP client and the publisher load once the arguments are
# parsed: a refused or --help invocation imports none of them.
if TYPE_CHECKING:
    from explorer.net.http.network_access import NetworkAccess
    from explorer.net.live.publisher import PublishResult

EXIT_OK, EXIT_FAILED = 0, 1
MAX_PAYLOAD_BYTES = MAX_DOCUMENT_BYTES


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("hub", type=http_url, metavar="HUB_URL", help=say("cli.publish.hub"))
    parser.add_argument(
        "--topic", type=http_url, required=True, metavar="URL", help=say("cli.publish.topic")
    )
    parser.add_argument("file", type=input_file, metavar="FILE", help=say("cli.publish.file"))
    parser.add_argument(
        "--resourcesync",
        type=http_url,
        metavar="URL",
        help=say("cli.publish.resourcesync"),
    )
    parser.add_argument(
        "--timeout",
        type=positive_seconds,
        default=PUBLISH_TIMEOUT,
        metavar="SECONDS",
    )
    parser.add_argument("--json", action="store_true", help=say("cli.publish.json"))
    add_network_options(parser)
    add_language_option(parser)


def run(args: argparse.Namespace) -> int:
    import asyncio

    try:
        payload = read_regular_file(args.file, MAX_PAYLOAD_BYTES + 1)
    except InputError as exc:
        return fail("publish", say("cli.publish.cannot-read", reason=exc))
    if len(payload) > MAX_PAYLOAD_BYTES:
        too_large = say("cli.publish.too-large", file=args.file, limit=MAX_PAYLOAD_BYTES)
        return fail("publish", too_large)
    try:
        access = network_access(args, [args.hub], "publish")
    except NetworkOptionsError as exc:
        return fail("publish", str(exc))
    from explorer.core.validator import check_bytes  # lxml: once there is a payload to check

    findings = check_bytes(payload).findings
    for item in findings:
        where = text("cli.publish.line", language_of(args), line=item.line) if item.line else ""
        print(f"{args.file}: {where}{finding_line(item, language_of(args))}", file=sys.stderr)
    result = asyncio.run(_publish(args, payload, access))
    if args.json:
        print(
            json.dumps(
                {
                    "hub": result.hub,
                    "topic": result.topic,
                    "status": result.status,
                    "headers": result.headers,
                    "body": result.body.decode("utf-8", "replace"),
                    "request_headers": result.request_headers,
                    "error": result.error,
                    "elapsed_ms": result.elapsed_ms,
                    "findings": [item.to_json() for item in [*findings, *result.findings]],
                }
            )
        )
    else:
        print(response_text(result, language_of(args)))
        for item in result.findings:
            print(finding_line(item, language_of(args)), file=sys.stderr)
    return EXIT_OK if result.ok else EXIT_FAILED


async def _publish(
    args: argparse.Namespace, payload: bytes, access: NetworkAccess
) -> PublishResult:
    from explorer.net.http.bounded_body import bounded_client
    from explorer.net.live.publisher import publish

    async with bounded_client(args.timeout, access=access) as client:
        return await publish(
            client,
            args.hub,
            args.topic,
            payload,
            resourcesync=args.resourcesync,
            timeout=args.timeout,
        )
