"""``subscriber-check``: put a WebSub subscriber (a ResourceSync Destination) through
websub.rocks' subscriber tests, re-expressed for ResourceSync, offline on loopback.

The explorer is the test Source and the hub. With ``--run`` it starts COMMAND once per
test with ``{topic}``, ``{caplist}`` and ``{hub}`` replaced by that test's URLs, in its
own process group, and stops it after the test (SIGTERM, then SIGKILL); without it, it
shows each test's URLs and waits for the subscriber to subscribe. Exit 0 when no test
fails, 1 when one does, 2 for input it cannot use.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from explorer.cli.arguments import positive_seconds
from explorer.cli.engine_text import column_width, exchange_line
from explorer.cli.options.language_option import add_language_option, language_of, say
from explorer.core.catalog import text
from explorer.core.subscribers import TEST_IDS, Verdict
from explorer.core.subscribers.run_settings import SubscriberSettings
from explorer.core.words.messages import render_cited, render_phrase
from explorer.core.words.text_width import pad

# The bench (its HTTP server and hub client) loads once the arguments are parsed: a refused
# or --help invocation imports no aiohttp, httpx or event loop.
if TYPE_CHECKING:
    from explorer.net.subscribers import ChannelUrls, SubscriberResult, SubscriberUnderTest

EXIT_OK, EXIT_FAILED, EXIT_UNUSABLE = 0, 1, 2
EVIDENCE_LINES = 8
DEFAULTS = SubscriberSettings()
MAX_ONLY_CHARS = 2000
"""--only names at most every test id; a longer value is not a list of them."""


def test_ids(value: str) -> list[str]:
    """``--only``'s comma-separated ids, each a known test."""
    names = [name.strip() for name in value[:MAX_ONLY_CHARS].split(",") if name.strip()]
    unknown = [name for name in names if name not in TEST_IDS]
    if unknown or not names or len(value) > MAX_ONLY_CHARS:
        shown = ", ".join(name[:60] for name in unknown[:5]) or value[:60]
        raise argparse.ArgumentTypeError(
            say("subscribers.cli.unknown-test", names=shown, known=", ".join(TEST_IDS))
        )
    return names


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--run", metavar="COMMAND", help=say("subscribers.cli.run"))
    parser.add_argument(
        "--only",
        type=test_ids,
        metavar="ID,...",
        help=say("subscribers.cli.only", tests=", ".join(TEST_IDS)),
    )
    parser.add_argument(
        "--timeout",
        type=positive_seconds,
        default=DEFAULTS.timeout,
        metavar="S",
        help=say("subscribers.cli.timeout", default=DEFAULTS.timeout),
    )
    parser.add_argument("--json", action="store_true", help=say("subscribers.cli.json"))
    add_language_option(parser)


def run(args: argparse.Namespace) -> int:
    import asyncio

    from explorer.net.subscribers import (
        CommandError,
        CommandLauncher,
        ManualLauncher,
        run_subscriber_check,
        settings_for,
    )

    lang = language_of(args)
    subscriber: SubscriberUnderTest
    if args.run is not None:
        try:
            # the subscriber's own output goes to stderr: stdout stays the report (or JSON)
            subscriber = CommandLauncher(args.run, output=sys.stderr)
        except CommandError as exc:
            print(f"subscriber-check: {render_phrase(exc.said, lang)}", file=sys.stderr)
            return EXIT_UNUSABLE
    else:
        subscriber = ManualLauncher(lambda test, urls: _announce(test, urls, args, lang))
    settings = settings_for(args.timeout)
    printer = _print_json if args.json else (lambda result: _print_text(result, lang))
    try:
        results = asyncio.run(
            run_subscriber_check(subscriber, settings=settings, only=args.only, on_result=printer)
        )
    except OSError as exc:
        print(text("subscribers.cli.no-server", lang, reason=exc), file=sys.stderr)
        return EXIT_UNUSABLE
    except KeyboardInterrupt:  # the subscriber under test was stopped on the way out
        print(text("subscribers.cli.interrupted", lang), file=sys.stderr)
        return EXIT_FAILED
    if not args.json:
        counts = {verdict: sum(r.verdict is verdict for r in results) for verdict in Verdict}
        print(
            text(
                "subscribers.cli.summary",
                lang,
                tests=len(results),
                passed=counts[Verdict.PASS],
                warned=counts[Verdict.WARN],
                failed=counts[Verdict.FAIL],
                not_run=counts[Verdict.NOT_RUN],
            )
        )
    return EXIT_FAILED if any(r.verdict is Verdict.FAIL for r in results) else EXIT_OK


def _announce(test: str, urls: ChannelUrls, args: argparse.Namespace, lang: str) -> None:
    """Without --run: the URLs of the next test, for the person starting the subscriber
    (on stderr under --json, so stdout stays one JSON object per test)."""
    lines = text(
        "subscribers.cli.announce",
        lang,
        test=test,
        topic=urls.topic,
        caplist=urls.caplist,
        hub=urls.hub,
        seconds=args.timeout,
    )
    print(lines, file=sys.stderr if args.json else sys.stdout, flush=True)


def _print_text(result: SubscriberResult, lang: str) -> None:
    label = text(f"cli.hub-check.outcome-{result.verdict}", lang)
    label = pad(label, column_width("cli.hub-check.outcome-", lang, 7))
    title = text(f"subscribers.test.{result.test.id}", lang)
    print(f"{label} {pad(result.test.id, 21)} {title}")
    print(f"      {result.reason_in(lang)}{render_cited(result.test.spec, lang)}")
    for record in result.exchanges[:EVIDENCE_LINES]:
        print(f"        {exchange_line(record, lang)}")
    if len(result.exchanges) > EVIDENCE_LINES:
        more = len(result.exchanges) - EVIDENCE_LINES
        print(text("cli.hub-check.more-exchanges", lang, count=more))
    sys.stdout.flush()


def _print_json(result: SubscriberResult) -> None:
    print(json.dumps(result.to_json()), flush=True)
