"""``listen``: subscribe to notification channels and print one line per event.

Subscriptions, deliveries and the exchange log go to the store (``--store`` or the user
data directory; a ``postgresql://`` store is shared by several processes, see
``listen_shared``), so a later ``listen`` resumes subscriptions whose lease is still
valid instead of subscribing again, and ``export`` can write what was received.
On Ctrl-C or SIGTERM every subscription made or resumed here is unsubscribed, unless
``--keep``.
"""

from __future__ import annotations

import argparse
import json
import queue
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from explorer.cli.arguments import fail, host, http_url, listen_store, port, positive_int
from explorer.cli.engine_text import (
    column_width,
    event_detail,
    event_name,
    flavour_word,
    state_word,
)
from explorer.cli.listen_forwarding import (
    ForwardOptionsError,
    add_forward_options,
    announce_forwarding,
    forward_target,
)
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
from explorer.cli.options.reconcile_option import add_reconcile_option
from explorer.cli.options.recording_option import add_record_option
from explorer.cli.options.secret_option import (
    SecretFormError,
    add_secret_forms,
    on_command_line,
    secret_value,
    warn_plain,
)
from explorer.cli.options.xmpp_option import XmppOptionError, add_xmpp_options, xmpp_account
from explorer.core import catalog
from explorer.core.catalog import text
from explorer.core.change_descriptions import change_lines
from explorer.core.findings import Finding
from explorer.core.words.engine_words import known_reason
from explorer.core.words.messages import Phrase
from explorer.core.words.messages import said as phrase
from explorer.core.words.text_width import pad
from explorer.net.live.callback.body_limits import DEFAULT_MAX_BODY
from explorer.net.store.store_location import default_store_path

# The live session, its transports and the store load once the arguments are parsed: a
# refused or --help invocation imports no aiohttp, event loop or SQLite.
if TYPE_CHECKING:
    import asyncio
    from collections.abc import Coroutine

    from explorer.net.live.forwarding.forwarder import Forwarder
    from explorer.net.live.hub_discovery import DiscoveredChannel
    from explorer.net.live.session import LiveSession
    from explorer.net.live.subscriber_events import SubscriberEvent
    from explorer.net.live.subscription import Subscription
    from explorer.net.store.database import Store

EXIT_OK, EXIT_FAILED, EXIT_UNUSABLE = 0, 1, 2
UNSUBSCRIBE_WAIT = 10.0
MAX_CHANNELS = 20
"""Channels one Capability List ``--topic`` subscribes to: a list naming thousands would
make listen send a subscription request to each hub it names (a request amplifier)."""
STOP_WAIT = 1.0
"""After Ctrl-C or SIGTERM, the time given to unsubscribing before what is still pending
is abandoned (with an event): listen stops within 2 s whatever the hubs do."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--topic",
        action="append",
        type=http_url,
        required=True,
        metavar="URL",
        help=say("cli.listen.topic"),
    )
    parser.add_argument(
        "--hub",
        type=http_url,
        metavar="URL",
        help=say("cli.listen.hub"),
    )
    parser.add_argument(
        "--host",
        type=host,
        default="127.0.0.1",
        help=say("cli.hub-check.host"),
    )
    parser.add_argument(
        "--port",
        type=port,
        default=None,
        help=say("cli.listen.port"),
    )
    parser.add_argument(
        "--public-url",
        type=http_url,
        metavar="URL",
        help=say("cli.hub-check.public-url"),
    )
    secret = parser.add_mutually_exclusive_group()
    add_secret_forms(secret, "--secret", metavar="S", help=say("cli.listen.secret"))
    secret.add_argument("--no-secret", action="store_true", help=say("cli.listen.no-secret"))
    parser.add_argument(
        "--lease",
        type=positive_int,
        metavar="SECONDS",
        help=say("cli.listen.lease"),
    )
    parser.add_argument("--verify", choices=("sync", "async"), help=say("cli.listen.verify"))
    parser.add_argument(
        "--max-body",
        type=positive_int,
        default=DEFAULT_MAX_BODY,
        metavar="BYTES",
        help=say("cli.listen.max-body", default=DEFAULT_MAX_BODY),
    )
    parser.add_argument(
        "--store",
        type=listen_store,
        metavar="PATH",
        help=say("cli.listen.store", default=default_store_path()),
    )
    parser.add_argument(
        "--keep",
        action="store_true",
        help=say("cli.listen.keep"),
    )
    parser.add_argument(
        "--max-channels",
        type=positive_int,
        default=MAX_CHANNELS,
        metavar="N",
        help=say("boundary.max-channels", limit=MAX_CHANNELS),
    )
    parser.add_argument("--json", action="store_true", help=say("cli.listen.json"))
    add_record_option(parser)
    add_reconcile_option(parser)
    add_xmpp_options(parser)
    add_forward_options(parser)
    add_network_options(parser)
    add_language_option(parser)


def run(args: argparse.Namespace) -> int:
    plain = [
        flag
        for flag in ("--secret", "--forward-secret", "--forward-header")
        if on_command_line(args, flag)
    ]
    try:
        args.secret = secret_value(args, "--secret", language_of(args))
    except SecretFormError as exc:
        return fail("listen", str(exc))
    if args.secret is not None and len(args.secret.encode()) >= 200:
        print(say("cli.listen.secret-too-long"), file=sys.stderr)
        return EXIT_UNUSABLE
    try:
        args.access = network_access(args, args.topic, "listen", also=[args.hub or ""])
        args.xmpp_account = xmpp_account(args)
        args.forward_to = forward_target(args, language_of(args))
    except (NetworkOptionsError, XmppOptionError, ForwardOptionsError, SecretFormError) as exc:
        return fail("listen", str(exc))
    for flag in plain:
        warn_plain(flag, "listen")
    if isinstance(args.store, str):  # postgresql://: a store several processes share
        from explorer.cli import listen_shared  # loads the fleet's database driver

        return listen_shared.run(args)
    import asyncio

    from explorer.net.store.database import Store, StoreDamaged, StoreError, StoreLocked

    path = args.store or default_store_path()
    lang = language_of(args)
    try:
        store = Store(path)
    except StoreLocked as exc:
        return fail("listen", say("cli.listen.store-locked", reason=exc.describe(lang)))
    except StoreDamaged as exc:
        return fail("listen", say("cli.listen.store-damaged", reason=exc.describe(lang), path=path))
    except StoreError as exc:
        return fail("listen", say("cli.listen.store-error", reason=exc.describe(lang)))
    try:
        return asyncio.run(_listen(args, store))
    except KeyboardInterrupt:
        return EXIT_OK
    finally:
        store.close()


async def _listen(args: argparse.Namespace, store: Store) -> int:
    import asyncio
    import contextlib
    import signal

    from explorer.cli.listen_watchdog import Watchdog
    from explorer.net.live.legacy.xmpp_account import XmppOptions
    from explorer.net.live.session import CannotListen, LiveConfig, LiveSession
    from explorer.net.live.subscriber import SubscriberConfig
    from explorer.net.live.subscription import State

    lang = language_of(args)
    config = LiveConfig(
        host=args.host,
        port=args.port,
        public_url=args.public_url,
        max_body=args.max_body,
        subscriber=SubscriberConfig(
            lease_seconds=args.lease, use_secret=not args.no_secret, verify_mode=args.verify
        ),
        access=args.access,
        xmpp_account=args.xmpp_account,
        xmpp_options=XmppOptions(args.max_body),
        record=getattr(args, "record", None),
        forward_to=args.forward_to,
        move_secret=args.secret,
    )
    said = _Said(lang)
    session = said.session = LiveSession(store, config, observer=said)
    printer = _Printer(args.json, lang)
    session.listeners.append(printer)
    watchdog = Watchdog(args, args.access, printer) if args.reconcile else None
    if watchdog is not None:
        session.listeners.append(watchdog.listener)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    mine: list[Subscription] = []
    try:
        try:
            await session.start()
        except CannotListen as exc:
            where = f"{args.host}:{args.port or 0}"
            return fail("listen", say("cli.listen.cannot-listen", where=where, reason=exc.error))
        if watchdog is not None:
            await watchdog.start()
        await _until_stopped(_subscribe_all(session, args, mine), stop)
        while not stop.is_set() and not all(sub.final for sub in mine):
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.5)
        failed = all(sub.state in ("failed", "denied") for sub in mine)
        if not args.keep:
            live = [sub for sub in mine if not sub.final]
            unverified = {sub.id for sub in live if sub.state in (State.REQUESTED, State.PENDING)}
            wait = STOP_WAIT if stop.is_set() else UNSUBSCRIBE_WAIT
            await asyncio.gather(
                *(asyncio.wait_for(_unsubscribe(session, sub), wait) for sub in live),
                return_exceptions=True,
            )
            for sub in live:  # not verified: final in the store all the same, with an event
                key = "never-verified" if sub.id in unverified else "no-unsubscription"
                reason = phrase(f"events.reason-{key}", hub=sub.hub, seconds=wait)
                await session.subscriber.abandon(sub, reason)  # stored as its key and params
        return EXIT_FAILED if failed else EXIT_OK
    finally:
        if watchdog is not None:
            await watchdog.stop()
        await session.stop()
        printer.close()


class _Said:
    """What ``listen`` says on stderr while its live session starts (``LiveObserver``)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.session: LiveSession | None = None

    def server_started(self, notes: list[Phrase]) -> None:
        for note in notes:
            print(f"listen: {known_reason(note, self.lang)}", file=sys.stderr, flush=True)

    def recording_started(self, path: Path) -> None:
        line = catalog.text("recording.started", self.lang, path=path)
        print(line, file=sys.stderr, flush=True)

    def recording_full(self, limit: int) -> None:
        print(catalog.text("recording.full", self.lang, limit=limit), file=sys.stderr, flush=True)

    def forwarding_started(self, forwarder: Forwarder) -> None:
        announce_forwarding(forwarder, self.lang)

    def priming_failed(self, problems: list[Finding]) -> None:
        for item in problems:
            print(f"listen: {finding_line(item, self.lang)}", file=sys.stderr, flush=True)

    def transports_started(self) -> None:
        session = self.session
        assert session is not None and session.server is not None
        line = say(
            "cli.listen.started", callbacks=session.server.base_url, store=session.store.path
        )
        print(line, file=sys.stderr, flush=True)


async def _subscribe_all(
    session: LiveSession, args: argparse.Namespace, mine: list[Subscription]
) -> None:
    """Subscribe to every ``--topic``; ``mine`` gets each subscription as soon as it is
    made, including one whose request a stop cut short, so it is ended like the rest."""
    subscriptions = session.subscriber.subscriptions
    known = set(subscriptions)
    try:
        for topic in args.topic:
            mine += await _subscribe(session, topic, args)
    finally:
        mine += [sub for key, sub in subscriptions.items() if key not in known and sub not in mine]


async def _until_stopped(work: Coroutine[object, object, None], stop: asyncio.Event) -> None:
    """Run ``work`` until it ends or ``stop`` is set (Ctrl-C, SIGTERM), then cancel it."""
    import asyncio

    task = asyncio.ensure_future(work)
    stopping = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({task, stopping}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopping.cancel()
        if not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
    if not task.cancelled():
        task.result()  # its errors are listen's, as before


async def _unsubscribe(session: LiveSession, sub: Subscription) -> None:
    """Send the unsubscription; wait for its verification only when the hub had verified
    the subscription: one still pending cannot become active once we stop confirming it."""
    from explorer.net.live.subscription import State

    pending = sub.state in (State.REQUESTED, State.PENDING)
    await session.unsubscribe(sub, wait=not pending)


async def _subscribe(
    session: LiveSession, topic: str, args: argparse.Namespace
) -> list[Subscription]:
    """Resume a live stored subscription to ``topic`` or subscribe (each channel of a
    Capability List when the URL is one)."""
    from explorer.net.live import transports
    from explorer.net.live.hub_discovery import discover_channels

    subscriber = session.subscriber
    secret = args.secret
    resumed = subscriber.live_subscription(topic, args.hub)
    if resumed is not None:
        shown = subscriber.view(resumed).health(time.time())[0]  # "checking" until confirmed
        state = state_word(shown, language_of(args))
        resuming = say("cli.listen.resuming", topic=resumed.topic, hub=resumed.hub, state=state)
        print(resuming, file=sys.stderr, flush=True)
        return [resumed]
    if args.hub:
        return [await subscriber.subscribe(topic, args.hub, secret=secret)]
    made = []
    channels = await discover_channels(subscriber.client, topic, exchange_log=session.exchange_log)
    if len(channels) > args.max_channels:
        line = catalog.text(
            "boundary.channels-capped",
            language_of(args),
            topic=topic,
            count=len(channels),
            limit=args.max_channels,
        )
        print(f"listen: {line}", file=sys.stderr, flush=True)
        channels = channels[: args.max_channels]
    await _prime(session, topic, channels, args)
    for channel in channels:
        resumed = subscriber.live_subscription(channel.topic, channel.hub)
        if resumed is not None and transports.facts(channel.form).resumes_after_restart:
            made.append(resumed)
        elif channel.hub is None and channel.via == "capability-list":
            # the list named the channel without its hub: the channel's own URL may say
            made.append(
                await subscriber.subscribe(
                    channel.topic, None, channel_capability=channel.capability, secret=secret
                )
            )
        else:  # through the transport of the channel's form (WebSub, or a 2012 push link)
            made.append(await session.subscribe_channel(channel, secret=secret))
    return made


async def _prime(
    session: LiveSession, topic: str, channels: list[DiscoveredChannel], args: argparse.Namespace
) -> None:
    """When ``topic`` is a Capability List, read its Resource and Change Lists first, so the
    first notifications already have a before (and framework diffs an earlier version);
    the session remembers the set, so a relaunch that resumes a channel primes it too."""
    if not any(channel.via == "capability-list" for channel in channels):
        return
    changes = next(
        (channel.topic for channel in channels if channel.capability == "change-notification"), None
    )
    problems = await session.prime(topic, changes, [channel.topic for channel in channels])
    for item in problems:
        print(f"listen: {finding_line(item, language_of(args))}", file=sys.stderr, flush=True)


class _Printer:
    """Prints events from its own thread, so a slow reader of stdout (a pipe nobody
    drains, a paused terminal) never stalls the event loop and the acknowledgements."""

    def __init__(self, as_json: bool, lang: str = "en") -> None:
        self.as_json = as_json
        self.lang = lang
        self._queue: queue.SimpleQueue[SubscriberEvent | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="listen-printer", daemon=True)
        self._thread.start()

    def __call__(self, event: SubscriberEvent) -> None:
        self._queue.put(event)

    def _run(self) -> None:
        while (event := self._queue.get()) is not None:
            line = json.dumps(event.to_json()) if self.as_json else _text_line(event, self.lang)
            try:
                print(line, flush=True)
            except (BrokenPipeError, ValueError):  # the reader went away: keep listening
                continue

    def close(self) -> None:
        """Print what is queued, then stop."""
        self._queue.put(None)
        self._thread.join()


def _text_line(event: SubscriberEvent, lang: str = "en") -> str:
    from explorer.net.live.subscriber_events import DIFF, NOTIFICATION

    data = event.to_json()
    name = pad(event_name(event.event, lang), column_width("events.name-", lang, 19))
    parts = [data["time"], name, event.topic]
    if event.event == NOTIFICATION:
        signature = event_name(str(event.signature), lang, "events.signature-")
        count = len(event.entries or [])
        capability = event.capability
        if capability is None:
            capability = text("events.no-capability", lang)
        parts.append(
            text(
                "events.notification", lang, capability=capability, count=count, signature=signature
            )
        )
    elif event.event == DIFF:
        parts.append(text("events.diff-of", lang, id=event.notification_id))
    if event.lease_seconds is not None:
        parts.append(text("events.lease", lang, seconds=event.lease_seconds))
    if event.flavour:
        parts.append(flavour_word(event.flavour, lang))
    for words in (event.reason, event.message):
        if words:
            parts.append(event_detail(words, lang))
    line = "  ".join(parts)
    for change in change_lines(event.diff, lang) if isinstance(event.diff, list) else []:
        line += f"\n    {change}"
    for item in event.findings:
        line += f"\n    {finding_line(item, lang)}"
    return line
