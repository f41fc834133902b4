"""One listen process of several on a shared store: its callback server and its lease work.

Each beat (``LeaseOptions.beat`` seconds) the process renews its leases, takes the
subscriptions nobody holds and those whose holder has not beaten for ``lapse`` seconds
(killed, or cut off from the database), and sends the hub requests due for what it holds:
a subscription never requested, one requested without a verification after ``retry``
seconds, one past ``renew_fraction`` of its lease. So each subscription is renewed by
one process at a time, and a dead process's subscriptions are renewed by another within
``lapse`` plus one beat, well inside any lease worth having.

A stop gives the leases up at once instead of unsubscribing: the subscriptions are the
store's, and the other processes go on receiving them.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import socket
from dataclasses import dataclass

import httpx

from explorer.net.fleet.listen.shared_intake import SharedIntake, Tell
from explorer.net.fleet.listen.shared_reconcile import SharedReconcile
from explorer.net.fleet.listen.shared_store import SharedStore, SharedSubscription
from explorer.net.http.bounded_body import bounded_client
from explorer.net.http.fetcher import Fetcher, Timeouts
from explorer.net.http.network_access import NetworkAccess
from explorer.net.live.callback.callback_server import CALLBACK_PREFIX
from explorer.net.live.hub_client import intent_form


@dataclass(frozen=True, slots=True)
class LeaseOptions:
    """How often a process beats, and when a silent one's leases are taken over."""

    beat: float = 5.0
    lapse: float = 30.0  # six missed beats: a busy machine's pause is not a death
    retry: float = 60.0  # an unverified request is sent again after this
    renew_fraction: float = 0.8
    request_timeout: float = 15.0


@dataclass(frozen=True, slots=True)
class Wanted:
    """A subscription this process was asked for (``--topic`` at ``--hub``)."""

    topic: str
    hub: str


def owner_name() -> str:
    """Who holds a lease: host and process id (for a reader of the table), and a random
    part, so a restarted process with a reused pid is not taken for the dead one."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


class SharedListener:
    """Serve callbacks for the whole store and work the leases this process holds."""

    def __init__(
        self,
        store: SharedStore,
        tell: Tell,
        *,
        host: str,
        port: int,
        public_url: str | None,
        max_body: int,
        access: NetworkAccess,
        options: LeaseOptions = LeaseOptions(),
        reconcile: float | None = None,
    ) -> None:
        self.store = store
        self.owner = owner_name()
        self.options = options
        self.intake = SharedIntake(store, self.owner, tell, host=host, port=port, max_body=max_body)
        self.public_url = public_url.rstrip("/") if public_url else None
        self._tell = tell
        self._access = access
        self._client: httpx.AsyncClient | None = None
        self._held: set[int] = set()
        self._task: asyncio.Task[None] | None = None
        self.watchdog = SharedReconcile(store, reconcile) if reconcile else None
        self._watching: asyncio.Task[None] | None = None

    @property
    def base_url(self) -> str:
        """Where hubs are told to call: the balancer's URL when given."""
        return self.public_url or self.intake.bound_url

    async def start(
        self,
        wanted: list[Wanted],
        *,
        secret: str | None,
        lease_seconds: int | None,
    ) -> list[SharedSubscription]:
        """Serve callbacks, make sure the store has each wanted subscription, start beating."""
        await self.intake.start()
        self._client = bounded_client(self.options.request_timeout, access=self._access)
        made = []
        for want in wanted:
            chosen = secret if secret is not None else secrets.token_urlsafe(24)
            made.append(
                await self.store.ensure_subscription(
                    want.topic,
                    want.hub,
                    secret=chosen,
                    lease_seconds=lease_seconds,
                )
            )
        await self.beat()
        self._task = asyncio.create_task(self._beating())
        if self.watchdog is not None:
            await self.watchdog.start()
            self._watching = asyncio.create_task(self._watch(self.watchdog))
        return made

    async def stop(self) -> None:
        for task in (self._task, self._watching):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._task = self._watching = None
        if self.watchdog is not None:
            self.watchdog.close()
        await self.intake.stop()
        with contextlib.suppress(Exception):  # the database may be what stopped us
            await self.store.release(self.owner)
        if self._client is not None:
            await self._client.aclose()
            self._client = None

    async def _beating(self) -> None:
        while True:
            await asyncio.sleep(self.options.beat)
            try:
                await self.beat()
            except Exception as exc:  # the database is away: keep serving, beat again later
                self._tell("fleetlisten.beat-failed", reason=type(exc).__name__)

    async def _watch(self, watchdog: SharedReconcile) -> None:
        """Every period, reconcile what the subscriptions held now have received."""
        period = watchdog.period
        fetcher = Fetcher(timeout=Timeouts.uniform(min(30.0, period)), access=self._access)
        async with fetcher:
            while True:
                await asyncio.sleep(period)
                try:
                    await watchdog.check(fetcher, set(self._held))
                except Exception as exc:  # the database is away: check again next period
                    self._tell("fleetlisten.reconcile-failed", reason=type(exc).__name__)

    async def beat(self) -> None:
        """One beat: keep, take over, and send the hub requests that are due."""
        held = await self.store.heartbeat(self.owner, self.options.lapse)
        by_id = {sub.id: sub for sub in held}
        for sub in held:
            if sub.id not in self._held:
                self._tell("fleetlisten.holding", topic=sub.topic, hub=sub.hub)
        self._held = set(by_id)
        options = self.options
        for sub_id in await self.store.due(self.owner, options.renew_fraction, options.retry):
            if sub_id in by_id:  # else taken over between the two reads: the new holder's
                await self._subscribe(by_id[sub_id])

    async def _subscribe(self, sub: SharedSubscription) -> None:
        """Ask the hub for ``sub`` (or its renewal); the verification may reach any process."""
        assert self._client is not None
        form = intent_form(
            "subscribe",
            f"{self.base_url}{CALLBACK_PREFIX}{sub.token}",
            sub.topic,
            lease=sub.lease_seconds,
            secret=sub.secret,
        )
        await self.store.requested(sub.id)  # first: a fast hub's verification follows at once
        try:
            async with self._client.stream("POST", sub.hub, data=form) as answer:
                status = answer.status_code  # the body is not read: only the status counts
        except httpx.HTTPError as exc:
            self._tell("fleetlisten.hub-unreachable", hub=sub.hub, reason=type(exc).__name__)
            return
        if status not in (202, 204):
            self._tell("fleetlisten.hub-refused", hub=sub.hub, topic=sub.topic, status=status)
