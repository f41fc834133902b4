"""``listen --store postgresql://…``: one of several listen processes sharing one store.

``listen`` imports this module only for a database store, and this module imports the
fleet's (psycopg) only then: the default ``listen`` on a store file never loads them.
Subscriptions are the store's: a stop gives this process's leases to the others instead
of unsubscribing (``--keep`` is what every process of a shared store does).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import queue
import signal
import sys
import threading

from explorer.cli.arguments import fail
from explorer.cli.options.language_option import language_of, say
from explorer.core import catalog
from explorer.net.fleet.listen.shared_listener import LeaseOptions, SharedListener, Wanted
from explorer.net.fleet.listen.shared_store import SharedStore, SharedStoreUnreachable
from explorer.net.fleet.schema import SchemaTooNew

LOCAL_ONLY = (
    ("record", "--record"),
    ("forward_to", "--forward"),
    ("xmpp_account", "--xmpp-jid"),
    ("no_secret", "--no-secret"),
    ("verify", "--verify"),
)
"""Options whose work is kept in a store file; refused with a shared store, not ignored.
``--no-secret`` too: unsigned deliveries need the store file's per-subscription quota,
or a stranger who learns a callback URL could fill the shared database."""


def run(args: argparse.Namespace) -> int:
    """Listen on the shared store ``args.store``; 2 when it cannot be used."""
    for name, option in LOCAL_ONLY:
        if getattr(args, name, None):
            return fail("listen", say("fleetlisten.local-only", option=option))
    if not args.hub:
        return fail("listen", say("fleetlisten.needs-hub"))
    try:
        return asyncio.run(_listen(args))
    except SharedStoreUnreachable as exc:
        return fail("listen", say("fleetlisten.unreachable", where=exc.where, reason=exc.reason))
    except SchemaTooNew as exc:
        return fail("listen", exc.describe(language_of(args)))
    except KeyboardInterrupt:
        return 0


async def _listen(args: argparse.Namespace) -> int:
    lang = language_of(args)
    store = await SharedStore.open(args.store)
    printer = _Lines(lang, args.json)
    listener = SharedListener(
        store,
        printer.tell,
        host=args.host,
        port=args.port or 0,
        public_url=args.public_url,
        max_body=args.max_body,
        access=args.access,
        options=LeaseOptions(),
        reconcile=args.reconcile,
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(signum, stop.set)
    try:
        try:
            await listener.start(
                [Wanted(topic, args.hub) for topic in args.topic],
                secret=args.secret,
                lease_seconds=args.lease,
            )
        except OSError as exc:
            where = f"{args.host}:{args.port or 0}"
            reason = exc.strerror or str(exc)
            return fail("listen", say("cli.listen.cannot-listen", where=where, reason=reason))
        line = catalog.text(
            "fleetlisten.started",
            lang,
            bound=listener.intake.bound_url,
            callbacks=listener.base_url,
            store=store.where,
            owner=listener.owner,
        )
        print(line, file=sys.stderr, flush=True)
        await stop.wait()
        return 0
    finally:
        await listener.stop()
        await store.close()
        printer.close()


class _Lines:
    """Prints what happens from its own thread: a stalled reader of stdout never holds
    the event loop, so deliveries keep being stored and answered. With ``--json`` each
    line is ``{"event": name, ...params}`` (``stored`` with ``topic`` and ``id``, ...)."""

    def __init__(self, lang: str, as_json: bool = False) -> None:
        self.lang = lang
        self.as_json = as_json
        self._queue: queue.SimpleQueue[str | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="listen-lines", daemon=True)
        self._thread.start()

    def tell(self, key: str, **params: object) -> None:
        if self.as_json:
            event = {"event": key.removeprefix("fleetlisten."), **params}
            self._queue.put(json.dumps(event, default=str))
        else:
            self._queue.put(catalog.text(key, self.lang, **params))

    def _run(self) -> None:
        while (line := self._queue.get()) is not None:
            with contextlib.suppress(BrokenPipeError, ValueError):  # the reader went away
                print(line, flush=True)

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join()
