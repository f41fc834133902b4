"""One read of a Capability List's Change Lists for the watchdog, as a stream into its
working table, within a budget.

Each list is fetched (the fetcher bounds one body) and parsed as a stream
(``parse_document_streamed``): a batch of entries at a time becomes (loc, datetime) rows
of the table and is dropped, so a check holds one body and one batch, whatever the
number and size of the lists. An index's lists join the queue, which never holds more
than the lists budget leaves to read.

The budget (``ReadBudget``) is spent while reading: Change List documents fetched,
entries read, body bytes, and wall seconds. The first one spent ends the read with a
problem that names it, the number and what was left unread: the check is then partial
and says so, and calls nothing unlisted.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urljoin

from explorer.core.model import Document, Entry
from explorer.core.parser import DocumentParseError, parse_document_streamed
from explorer.core.rules import capabilities as caps
from explorer.core.rules.datetimes import parse_w3c_datetime
from explorer.core.words.messages import Phrase, said
from explorer.net.http.fetcher import Fetcher
from explorer.net.live.reconcile_table import ChangeKey, ReconcileTable


@dataclass(frozen=True, slots=True)
class ReadBudget:
    """What one check may read. The defaults sit above a Change List Index of 30 lists
    of 100,000 changes (the case that once took 2.8 GB), far below what fills a disk."""

    lists: int = 200
    """Change List documents fetched (an index's lists included)."""
    entries: int = 10_000_000
    """Entries read from them."""
    bytes: int = 2 * 1024**3
    """Bytes of their bodies (each is also within the fetcher's own cap)."""
    seconds: float = 900.0
    """Wall time of the whole read."""


class _Spent(Exception):
    """A budget ran out mid-list; ``problem`` says which."""

    def __init__(self, problem: Phrase) -> None:
        super().__init__(str(problem))
        self.problem = problem


class _Tally:
    """What the read has spent so far, against its budget."""

    def __init__(self, budget: ReadBudget) -> None:
        self.budget = budget
        self.deadline = time.monotonic() + budget.seconds
        self.lists = 0
        self.entries = 0
        self.bytes = 0

    def out_of_time(self, url: str) -> Phrase | None:
        if time.monotonic() < self.deadline:
            return None
        return said("reconcile.budget-seconds", limit=f"{self.budget.seconds:g}", url=url)


_PLAIN = r"[^?#;\[\]\x00-\x20\x7f-\U0010ffff]"
_PLAIN_ABSOLUTE = re.compile(rf"https?://(?:(?!/){_PLAIN})+(?:/{_PLAIN}*)?")
"""A loc ``urljoin`` returns as it is: an http(s) URL with a host, in printable ASCII,
with no query, fragment, parameters or brackets to re-split. Most locs are; telling
them apart costs a tenth of ``urljoin``, which was half the time of reading a list."""


def absolute(url: str, loc: str) -> str:
    """``urljoin(url, loc)``, the loc of an entry of the document at ``url``."""
    return loc if _PLAIN_ABSOLUTE.fullmatch(loc) else urljoin(url, loc)


def change_key(loc: object, moment: object) -> ChangeKey | None:
    """A change as the watchdog matches it: loc and datetime in POSIX seconds."""
    if not isinstance(loc, str) or not isinstance(moment, str):
        return None
    seconds = parse_w3c_datetime(moment)
    return (loc, seconds) if seconds is not None else None


async def read_change_lists(
    fetcher: Fetcher,
    capability_list: str,
    table: ReconcileTable,
    started: float,
    budget: ReadBudget,
    problems: list[str | Phrase],
) -> None:
    """Fill ``table``'s listed changes (dated ``started`` or later) from every Change
    List of ``capability_list``; what could not be read goes to ``problems``."""
    await asyncio.to_thread(table.clear_listed)
    tally = _Tally(budget)
    pending: deque[str] = deque()
    unqueued = [0]  # lists named past the lists budget

    def queue(url: str) -> None:
        if tally.lists + len(pending) < budget.lists:
            pending.append(url)
        else:
            unqueued[0] += 1

    def take_channels(document: Document, entries: list[Entry]) -> None:
        for entry in entries:
            if entry.loc and entry.capability == caps.CHANGELIST:
                queue(urljoin(capability_list, entry.loc))

    if not await _read(fetcher, capability_list, take_channels, tally, problems):
        return
    while pending:
        url = pending.popleft()
        late = tally.out_of_time(url)
        if late is not None:
            problems.append(late)
            return
        tally.lists += 1
        sink = _list_sink(url, table, started, tally, queue)
        if not await _read(fetcher, url, sink, tally, problems):
            return
    if unqueued[0]:
        problems.append(said("reconcile.budget-lists", limit=budget.lists, left=unqueued[0]))


def _list_sink(
    url: str,
    table: ReconcileTable,
    started: float,
    tally: _Tally,
    queue: Callable[[str], None],
) -> Callable[[Document, list[Entry]], None]:
    """Where a Change List's (or its index's) entries go, a batch at a time; runs in the
    parsing worker."""

    def sink(document: Document, entries: list[Entry]) -> None:
        if document.is_index:
            for entry in entries:
                if entry.loc:
                    queue(urljoin(url, entry.loc))
            return
        room = tally.budget.entries - tally.entries
        if len(entries) > room:
            entries = entries[:room]
            spent: Phrase | None = said(
                "reconcile.budget-entries", limit=tally.budget.entries, url=url
            )
        else:
            spent = tally.out_of_time(url)
        tally.entries += len(entries)
        keys: list[ChangeKey] = []
        for entry in entries:
            if entry.loc:
                key = change_key(absolute(url, entry.loc), entry.datetime or entry.lastmod)
                if key is not None and key[1] >= started:
                    keys.append(key)
        table.add_listed(keys)
        if spent is not None:
            raise _Spent(spent)

    return sink


async def _read(
    fetcher: Fetcher,
    url: str,
    sink: Callable[[Document, list[Entry]], None],
    tally: _Tally,
    problems: list[str | Phrase],
) -> bool:
    """Fetch and stream one document into ``sink``; False once a budget is spent (the
    read ends there). A document that cannot be fetched or parsed is a problem, and the
    read goes on."""
    result = await fetcher.fetch(url, use_cache=False)
    if not result.ok:
        problems.append(f"{url}: {result.describe_error()}")
        return True
    tally.bytes += len(result.body)
    if tally.bytes > tally.budget.bytes:
        problems.append(said("reconcile.budget-bytes", limit=tally.budget.bytes, url=url))
        return False
    try:
        await asyncio.to_thread(parse_document_streamed, result.body, sink)
    except DocumentParseError as exc:
        problems.append(f"{url}: {exc.finding.message}")
    except _Spent as spent:
        problems.append(spent.problem)
        return False
    return True
