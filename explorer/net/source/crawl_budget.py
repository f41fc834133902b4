"""One allowance for a whole crawl: documents fetched, bytes read, and bytes held in memory.

Discovery, the walk, ``up``/``index`` targets, ``describedby`` targets and topic checks all
draw on the same ``CrawlBudget``, so a Source cannot escape the limits by hiding its bulk
in a kind of request that was not counted. Each fetch is capped by what is left of the
byte budget (minus what fetches in flight may still read), so the total is enforced while
reading, not checked afterwards.

Memory: a fetch reads its whole body before returning, so bodies in flight are bounded by
``max_body_memory``. A fetch first reserves ``FIRST_READ_BYTES`` (most documents are
smaller). A larger body that declares its size widens the reservation while its response
is open, when the memory is free now; otherwise it is fetched again under a reservation of
its full cap, so a few large documents wait for each other while small ones keep flowing.

Usage::

    budget = CrawlBudget(CrawlLimits())
    async with budget.fetch(fetcher, url, max_bytes=cap) as result:
        if result is None: ...  # the budget is spent (see ``budget.spent``)
        ...  # parse result.body; the reservation ends with the block
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace

from explorer.core.findings import Finding, finding
from explorer.core.safe_xml import MAX_DOCUMENT_BYTES
from explorer.core.words.messages import Phrase, said
from explorer.net.http.fetcher import Fetcher, FetchError, FetchResult
from explorer.net.source.crawl_limits import DEFAULT_MAX_DOCUMENTS

FIRST_READ_BYTES = 1024 * 1024
"""Reserved for a fetch of unknown size; a body past it widens the reservation, or is
fetched again under its full cap when the memory is taken."""


@dataclass(frozen=True, slots=True)
class CrawlLimits:
    """Documented limits: at most ``max_documents`` fetched (discovery candidates, documents,
    link targets and topic checks alike), ``max_bytes`` read in total,
    ``max_document_bytes`` per document (the parser's own ceiling by default), and
    ``max_body_memory`` bytes of bodies being read or parsed at once."""

    max_documents: int = DEFAULT_MAX_DOCUMENTS
    max_bytes: int = 2 * 1024 * 1024 * 1024
    max_document_bytes: int = MAX_DOCUMENT_BYTES
    max_body_memory: int = 96 * 1024 * 1024
    max_link_checks: int = 200
    """Distinct ``describedby`` targets checked per crawl: they are metadata links that every
    component may carry, and a large index would otherwise spend its request budget on them."""


class ByteAllowance:
    """A semaphore counted in bytes, first come first served so a large request is not
    starved by a stream of small ones. A request above the capacity takes all of it."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.free = capacity
        self._waiters: deque[tuple[int, asyncio.Future[None]]] = deque()

    async def acquire(self, amount: int) -> int:
        """Wait until ``amount`` bytes (at most the capacity) are free; returns what was
        taken, to be given back with ``release``."""
        amount = min(amount, self.capacity)
        if not self._waiters and self.free >= amount:
            self.free -= amount
            return amount
        waiter = asyncio.get_running_loop().create_future()
        self._waiters.append((amount, waiter))
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self.release(amount)  # granted just as the waiting task was cancelled
            else:
                self._waiters.remove((amount, waiter))
                self._wake()
            raise
        return amount

    def try_acquire(self, amount: int) -> bool:
        """Take ``amount`` bytes only if they are free now and nobody is waiting first."""
        if amount <= 0:
            return True
        if self._waiters or self.free < amount:
            return False
        self.free -= amount
        return True

    def release(self, amount: int) -> None:
        self.free += amount
        self._wake()

    def _wake(self) -> None:
        while self._waiters and self.free >= self._waiters[0][0]:
            amount, waiter = self._waiters.popleft()
            self.free -= amount
            waiter.set_result(None)


class CrawlBudget:
    """The documents, bytes and body memory one crawl may still use (see the module doc).

    ``spent`` names the limit that was reached first (None while there is room); callers
    report it once, as a crawl-wide finding.
    """

    def __init__(self, limits: CrawlLimits | None = None) -> None:
        self.limits = limits if limits is not None else CrawlLimits()
        self.documents = 0
        self.bytes = 0
        self.spent: Phrase | None = None
        self._reserved = 0  # byte budget promised to fetches in flight
        self._settled = asyncio.Condition()  # a fetch in flight gave back its promise
        self.memory = ByteAllowance(self.limits.max_body_memory)

    def has_room(self) -> bool:
        """False once a limit is reached (``spent`` then names it)."""
        if self.spent is None and self.documents >= self.limits.max_documents:
            self.spent = said("common.limit-documents", count=self.limits.max_documents)
        return self.spent is None

    def take_document(self) -> bool:
        """Count one more request against the document limit; False once it is reached."""
        if not self.has_room():
            return False
        self.documents += 1
        return True

    def room_for_download(self) -> int:
        """Bytes a download made outside ``fetch`` (a dump package, spooled to disk rather
        than held) may still read; 0 once the byte budget is spent. ``charge`` it after."""
        room = self.limits.max_bytes - self.bytes - self._reserved
        if room <= 0 and self.spent is None:
            self.spent = said("common.limit-bytes", count=self.limits.max_bytes)
        return max(room, 0)

    def spend_bytes(self) -> None:
        """Mark the byte budget spent (a download too large for what the crawl had left)."""
        self.spent = self.spent or said("common.limit-bytes", count=self.limits.max_bytes)

    def charge(self, count: int) -> None:
        """Count ``count`` bytes read by a download outside ``fetch``."""
        self.bytes += count

    def limit_finding(self, url: str | None) -> Finding:
        """The crawl-wide finding that the budget ran out (``spent`` names the limit)."""
        limits = self.limits
        return finding(
            "http.limit-reached",
            url=url,
            params={
                "spent": self.spent,
                "documents": self.documents,
                "bytes": self.bytes,
                "max_documents": limits.max_documents,
                "max_bytes": limits.max_bytes,
            },
        )

    def give_back_document(self) -> None:
        """Undo ``take_document`` for a fetch that was cancelled before it was made."""
        self.documents -= 1

    async def _byte_room(self) -> int:
        """Bytes this fetch may read; while fetches in flight hold the rest, wait for them
        to settle (they usually read far less than they were promised)."""
        while True:
            room = self.limits.max_bytes - self.bytes - self._reserved
            if room > 0 or self._reserved == 0:
                break
            async with self._settled:
                await self._settled.wait()
        if room <= 0 and self.spent is None:
            self.spent = said("common.limit-bytes", count=self.limits.max_bytes)
        return max(room, 0)

    @asynccontextmanager
    async def fetch(
        self,
        fetcher: Fetcher,
        url: str,
        *,
        method: str = "GET",
        max_bytes: int | None = None,
        use_cache: bool = True,
    ) -> AsyncIterator[FetchResult | None]:
        """Fetch ``url`` within the budget; yields None when it is spent. The body's memory
        stays reserved until the block ends: free or spool the body inside it."""
        # the fetcher's own cap holds too: refetches read at most REFETCH_MAX_BYTES
        cap = (
            min(self.limits.max_document_bytes, fetcher.max_bytes)
            if max_bytes is None
            else max_bytes
        )
        if not self.take_document():
            yield None
            return
        first = min(cap, FIRST_READ_BYTES)
        result, held = await self._fetch_within(fetcher, url, method, first, use_cache, cap)
        if result is not None and result.error is FetchError.TOO_LARGE and cap > first:
            size = _declared_size(result)
            if size is not None and size > cap:  # no second read can succeed
                detail = said("http.detail-content-length", declared=size, cap=cap)
                result = replace(result, detail=str(detail), said=detail)
            else:
                result = None  # drop the partial body before waiting for the larger reservation
                self.memory.release(held)
                cap = min(cap, size) if size is not None else cap
                result, held = await self._fetch_within(fetcher, url, method, cap, use_cache, cap)
        try:
            yield result
        finally:
            self.memory.release(held)

    async def _fetch_within(
        self, fetcher: Fetcher, url: str, method: str, cap: int, use_cache: bool, ceiling: int
    ) -> tuple[FetchResult | None, int]:
        """One fetch capped by ``cap`` and by the byte budget, under a memory reservation
        returned with it (None when the byte budget cuts the body short or is spent). A body
        that declares a size up to ``ceiling`` widens both while its response is open, if
        they have room now; otherwise ``fetch`` asks again under a larger reservation."""
        held = await self.memory.acquire(cap)
        try:
            room = min(cap, await self._byte_room())
            if room <= 0:
                return None, held
            promised = room
            self._reserved += room

            def widen(size: int) -> int:
                nonlocal held, promised
                if size <= promised or size > ceiling:
                    return promised
                more_bytes = size - promised
                if self.limits.max_bytes - self.bytes - self._reserved < more_bytes:
                    return promised
                more_memory = max(min(size, self.memory.capacity) - held, 0)
                if not self.memory.try_acquire(more_memory):
                    return promised
                held += more_memory
                self._reserved += more_bytes
                promised = size
                return size

            try:
                result = await fetcher.fetch(
                    url, method=method, max_bytes=room, use_cache=use_cache, widen=widen
                )
                self.bytes += len(result.body)
            finally:
                self._reserved -= promised
                async with self._settled:
                    self._settled.notify_all()
        except BaseException:
            self.memory.release(held)
            raise
        if result.error is FetchError.TOO_LARGE and room < cap:
            self.spent = self.spent or said("common.limit-bytes", count=self.limits.max_bytes)
            return None, held
        return result, held


def _declared_size(result: FetchResult) -> int | None:
    """The size an uncoded body announced (HTTP framing holds the server to it), so the
    second fetch reserves what it needs rather than the whole cap."""
    encoding = result.headers.get("content-encoding", "identity").strip().lower()
    return result.content_length if encoding == "identity" else None
