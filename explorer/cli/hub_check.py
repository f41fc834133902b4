"""``hub-check``: a scripted conformance run against any WebSub hub, one result per check.

The explorer is Source and Destination at once: it publishes test notifications
(change-notification 1.0.1 §4.1) and subscribes probes through its own callback server.
Without ``--topic`` it hosts the topic URI on that server; a hub must be able to reach
it (``--public-url`` behind a tunnel). A check that could not be made is NOT RUN,
naming the check it needed; exit 0 when no check fails.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from explorer.cli.arguments import (
    host,
    http_url,
    non_negative_number,
    port,
    positive_seconds,
)
from explorer.cli.engine_text import column_width, exchange_line
from explorer.cli.options.handover_options import add_junit_option, write_junit
from explorer.cli.options.language_option import add_language_option, language_of, say
from explorer.cli.options.network_options import (
    NetworkOptionsError,
    add_network_options,
    network_access,
)
from explorer.core.catalog import text
from explorer.core.push.hub_check_plan import (
    CHECK_IDS,
    MEMORY_CHECK_IDS,
    PUBLISH_AUTO,
    PUBLISH_FORM,
    PUBLISH_NONE,
    PUBLISH_XML,
    ConformanceSettings,
)
from explorer.core.words.messages import ENGLISH, render_cited, render_severity, render_title
from explorer.core.words.text_width import pad

# The checks, their HTTP client and callback server load once the arguments are parsed:
# a refused or --help invocation imports no aiohttp, httpx or event loop.
if TYPE_CHECKING:
    from explorer.net.conformance import CheckResult
    from explorer.net.http.network_access import NetworkAccess

ALL_CHECK_IDS = (*CHECK_IDS, *MEMORY_CHECK_IDS)
EXIT_OK, EXIT_FAILED, EXIT_UNUSABLE = 0, 1, 2
EVIDENCE_LINES = 8
DEFAULTS = ConformanceSettings()


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("hub", type=http_url, metavar="HUB_URL", help=say("cli.hub-check.hub"))
    parser.add_argument(
        "--topic",
        type=http_url,
        metavar="URL",
        help=say("cli.hub-check.topic"),
    )
    parser.add_argument(
        "--public-url",
        type=http_url,
        metavar="URL",
        help=say("cli.hub-check.public-url"),
    )
    parser.add_argument(
        "--host",
        type=host,
        default="127.0.0.1",
        help=say("cli.hub-check.host"),
    )
    parser.add_argument("--port", type=port, default=0, help=say("cli.hub-check.port"))
    parser.add_argument(
        "--check",
        action="append",
        choices=list(ALL_CHECK_IDS),
        metavar="ID",
        help=say("cli.hub-check.check", checks=", ".join(ALL_CHECK_IDS)),
    )
    parser.add_argument(
        "--memory",
        action="store_true",
        help=say("cli.hub-check.memory", checks=", ".join(MEMORY_CHECK_IDS)),
    )
    parser.add_argument(
        "--hub-restart",
        metavar="COMMAND",
        help=say("cli.hub-check.hub-restart"),
    )
    parser.add_argument(
        "--timeout",
        type=positive_seconds,
        default=DEFAULTS.delivery_timeout,
        metavar="SECONDS",
        help=say("cli.hub-check.timeout", default=DEFAULTS.delivery_timeout),
    )
    parser.add_argument(
        "--quiet",
        type=non_negative_number,
        default=DEFAULTS.quiet_period,
        metavar="SECONDS",
        help=say("cli.hub-check.quiet", default=DEFAULTS.quiet_period),
    )
    parser.add_argument(
        "--settle",
        type=non_negative_number,
        default=DEFAULTS.settle,
        metavar="SECONDS",
        help=say("cli.hub-check.settle", default=DEFAULTS.settle),
    )
    parser.add_argument(
        "--slow",
        type=positive_seconds,
        default=DEFAULTS.slow_delivery,
        metavar="SECONDS",
        help=say("cli.hub-check.slow", default=DEFAULTS.slow_delivery),
    )
    parser.add_argument("--json", action="store_true", help=say("cli.hub-check.json"))
    publishing = parser.add_mutually_exclusive_group()
    publishing.add_argument(
        "--publish",
        choices=(PUBLISH_XML, PUBLISH_FORM),
        default=PUBLISH_AUTO,
        help=say("cli.hub-check.publish"),
    )
    publishing.add_argument(
        "--no-publish",
        dest="publish",
        action="store_const",
        const=PUBLISH_NONE,
        help=say("cli.hub-check.no-publish"),
    )
    add_network_options(parser)
    add_language_option(parser)
    add_junit_option(parser)


def run(args: argparse.Namespace) -> int:
    import asyncio

    from explorer.net.conformance import Outcome
    from explorer.net.reports.junit_cases import conformance_suite

    try:
        access = network_access(args, [args.hub], "hub-check")
    except NetworkOptionsError as exc:
        print(f"hub-check: {exc}", file=sys.stderr)  # the message is the catalog's
        return EXIT_UNUSABLE
    settings = ConformanceSettings(
        verification_timeout=args.timeout,
        delivery_timeout=args.timeout,
        quiet_period=args.quiet,
        settle=args.settle,
        slow_delivery=args.slow,
        request_timeout=max(args.timeout, 5.0),
        publish_style=args.publish,
        hub_restart=args.hub_restart,
    )
    lang = language_of(args)
    try:
        results = asyncio.run(_check(args, settings, access))
    except OSError as exc:
        print(text("cli.hub-check.no-server", lang, reason=exc), file=sys.stderr)
        return EXIT_UNUSABLE
    except KeyboardInterrupt:  # the run's probes were unsubscribed on the way out
        print(text("cli.hub-check.interrupted", lang), file=sys.stderr)
        return EXIT_FAILED
    if not args.json:
        counts = {outcome: sum(r.outcome is outcome for r in results) for outcome in Outcome}
        print(
            text(
                "cli.hub-check.summary",
                lang,
                checks=len(results),
                passed=counts[Outcome.PASS],
                warned=counts[Outcome.WARN],
                failed=counts[Outcome.FAIL],
                not_run=counts[Outcome.NOT_RUN],
            )
        )
    suite = conformance_suite(args.hub, results, language_of(args))
    if not write_junit(args, [suite], "hub-check"):
        return EXIT_UNUSABLE
    return EXIT_FAILED if any(r.outcome is Outcome.FAIL for r in results) else EXIT_OK


async def _check(
    args: argparse.Namespace, settings: ConformanceSettings, access: NetworkAccess
) -> list[CheckResult]:
    from explorer.net.conformance import run_conformance
    from explorer.net.http.bounded_body import bounded_client
    from explorer.net.live.callback.callback_server import CallbackServer
    from explorer.net.store.exchange_log import ExchangeLog

    server = CallbackServer(
        args.host, args.port, public_url=args.public_url, exchange_log=ExchangeLog()
    )
    await server.start()
    try:
        lang = language_of(args)
        if not args.json:
            topic = args.topic or text("cli.hub-check.hosted-topic", lang)
            frame = text(
                "cli.hub-check.frame", lang, hub=args.hub, topic=topic, callbacks=server.base_url
            )
            print(f"{frame}\n", flush=True)
        printer = _print_json if args.json else lambda result: _print_text(result, lang)
        async with bounded_client(settings.request_timeout, access=access) as client:
            return await run_conformance(
                args.hub,
                server,
                client,
                topic=args.topic,
                settings=settings,
                only=_wanted(args),
                on_result=printer,
            )
    finally:
        await server.stop()


def _wanted(args: argparse.Namespace) -> list[str] | None:
    """The ids to run: ``--check``'s, else the usual ones. The memory checks wait out
    retries and leases, so they run only when asked for: all with ``--memory``, restart
    with ``--hub-restart``."""
    named: list[str] | None = args.check
    extra = list(MEMORY_CHECK_IDS) if args.memory else ["restart"] if args.hub_restart else []
    if not extra:
        return named
    base = list(named or CHECK_IDS)
    return [*base, *(check for check in extra if check not in base)]


def _print_text(result: CheckResult, lang: str = ENGLISH) -> None:
    label = text(f"cli.hub-check.outcome-{result.outcome}", lang)
    label = pad(label, column_width("cli.hub-check.outcome-", lang, 7))
    print(f"{label} {pad(result.check, 17)} {result.title_in(lang)}")
    print(f"      {result.summary_in(lang)}")
    if result.depends_on:
        print(text("cli.hub-check.depends-on", lang, check=result.depends_on))
    for item in result.findings:
        line = text(
            "cli.hub-check.finding",
            lang,
            severity=render_severity(item.severity, lang),
            code=item.code,
            title=render_title(item.code, lang),
            cited=render_cited(item.spec, lang),
        )
        print(line)
    for record in result.evidence[:EVIDENCE_LINES]:
        print(f"        {exchange_line(record, lang)}")
    if len(result.evidence) > EVIDENCE_LINES:
        more = len(result.evidence) - EVIDENCE_LINES
        print(text("cli.hub-check.more-exchanges", lang, count=more))
    sys.stdout.flush()


def _print_json(result: CheckResult) -> None:
    print(json.dumps(result.to_json()), flush=True)
