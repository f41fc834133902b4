"""The watchdog's read of the Change Lists: streamed into its working table within a
per-check budget of lists, entries, bytes and seconds, each named when it is spent; and
the rule over the working table gives the verdicts the rule over Python sets gave."""

from __future__ import annotations

import itertools
import random
import sqlite3
import threading
from collections.abc import AsyncIterator
from urllib.parse import urljoin

import pytest
from aiohttp import web
from helpers.loopback import LoopbackSite, start_loopback
from hypothesis import given
from hypothesis import strategies as st

from explorer.core.phrase import Phrase
from explorer.core.words.time_text import seconds_text
from explorer.net.http.fetcher import Fetcher
from explorer.net.live.changelist_reading import ReadBudget, absolute
from explorer.net.live.reconcile import Reconciler
from explorer.net.live.reconcile_event import reconcile_event
from explorer.net.live.reconcile_table import ReconcileTable

NS = (
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/"'
)
T0 = 1_700_000_000.0
LISTS, CHANGES = 3, 100


class _Source:
    """A Capability List, a Change List Index of ``LISTS`` lists of ``CHANGES`` changes."""

    def __init__(self) -> None:
        self.served: list[str] = []

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/{name:.*}", self._get)
        return app

    async def _get(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        self.served.append(name)
        if name == "capabilitylist.xml":
            body = (
                f'<urlset {NS}><rs:md capability="capabilitylist"/>'
                '<url><loc>index.xml</loc><rs:md capability="changelist"/></url></urlset>'
            )
        elif name == "index.xml":
            lists = "".join(f"<sitemap><loc>list{n}.xml</loc></sitemap>" for n in range(LISTS))
            body = f'<sitemapindex {NS}><rs:md capability="changelist"/>{lists}</sitemapindex>'
        else:
            number = int(name.removeprefix("list").removesuffix(".xml"))
            changes = "".join(
                f'<url><loc>/r/{number}/{n}</loc><rs:md change="updated" '
                f'datetime="{seconds_text(T0 + n)}"/></url>'
                for n in range(CHANGES)
            )
            body = f'<urlset {NS}><rs:md capability="changelist"/>{changes}</urlset>'
        return web.Response(body=body.encode(), content_type="application/xml")


@pytest.fixture
async def source() -> AsyncIterator[tuple[_Source, LoopbackSite]]:
    served = _Source()
    site = await start_loopback(served.app())
    try:
        yield served, site
    finally:
        await site.stop()


async def _check(site: LoopbackSite, budget: ReadBudget, now: float = T0 + 1_000):
    reconciler = Reconciler(site.url("/capabilitylist.xml"), 5, started=T0, budget=budget)
    try:
        async with Fetcher() as fetcher:
            return await reconciler.check(fetcher, now=now), reconciler
    finally:
        reconciler.close()


def _keys(problems: list[str | Phrase]) -> list[str]:
    return [problem.key for problem in problems if isinstance(problem, Phrase)]


async def test_every_change_of_every_list_is_read(source) -> None:
    served, site = source
    report, _ = await _check(site, ReadBudget())
    assert report.problems == []
    assert served.served.count("list2.xml") == 1
    # a change listed once is news only a period later: the read alone says nothing yet
    assert report.unannounced == [] and report.quiet is not None


async def test_the_lists_budget_is_named_with_what_was_left(source) -> None:
    served, site = source
    report, _ = await _check(site, ReadBudget(lists=2))  # the index and one list
    assert _keys(report.problems) == ["reconcile.budget-lists"]
    assert report.problems[0].params == {"limit": 2, "left": 2}
    assert "list1.xml" not in served.served
    assert "partly read: 2 Change Lists read" in str(reconcile_event(report).message)


async def test_the_entries_budget_stops_inside_a_list(source) -> None:
    served, site = source
    report, _ = await _check(site, ReadBudget(entries=CHANGES + 10))
    assert _keys(report.problems) == ["reconcile.budget-entries"]
    assert report.problems[0].params["url"] == site.url("/list1.xml")
    assert "list2.xml" not in served.served


async def test_the_bytes_budget_stops_before_parsing(source) -> None:
    served, site = source
    report, _ = await _check(site, ReadBudget(bytes=1_000))  # the first list passes it
    assert _keys(report.problems) == ["reconcile.budget-bytes"]
    assert report.problems[0].params["url"] == site.url("/list0.xml")
    assert "list1.xml" not in served.served


async def test_the_seconds_budget_ends_the_read(source) -> None:
    served, site = source
    report, _ = await _check(site, ReadBudget(seconds=0))
    assert _keys(report.problems) == ["reconcile.budget-seconds"]
    assert served.served == ["capabilitylist.xml"]


async def test_a_spent_budget_calls_nothing_unlisted(source) -> None:
    _served, site = source
    reconciler = Reconciler(
        site.url("/capabilitylist.xml"), 5, started=T0, budget=ReadBudget(lists=2)
    )
    reconciler.notified([{"loc": "http://x/never", "datetime": seconds_text(T0 + 1)}], T0 + 1)
    try:
        async with Fetcher() as fetcher:
            report = await reconciler.check(fetcher, now=T0 + 1_000)
    finally:
        reconciler.close()
    assert report.unlisted == [] and report.problems


async def test_a_verdict_names_a_thousand_locs_and_counts_them_all(source) -> None:
    _served, site = source
    reconciler = Reconciler(site.url("/capabilitylist.xml"), 5, started=T0)
    try:
        async with Fetcher() as fetcher:
            await reconciler.check(fetcher, now=T0 + 1_000)
            report = await reconciler.check(fetcher, now=T0 + 1_010)
    finally:
        reconciler.close()
    assert report.unannounced_count == LISTS * CHANGES
    locs = [site.url(f"/r/{list_}/{n}") for list_ in range(LISTS) for n in range(CHANGES)]
    assert report.unannounced == sorted(locs)
    message = str(reconcile_event(report).message)
    assert f"{LISTS * CHANGES} changes in the Change Lists" in message
    assert f"and {LISTS * CHANGES - 5} more" in message


async def test_a_list_that_fails_is_a_problem_and_the_read_goes_on() -> None:
    async def get(request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name == "capabilitylist.xml":
            entries = "".join(
                f'<url><loc>{loc}</loc><rs:md capability="changelist"/></url>'
                for loc in ("gone.xml", "broken.xml", "good.xml")
            )
            body = f'<urlset {NS}><rs:md capability="capabilitylist"/>{entries}</urlset>'
        elif name == "good.xml":
            body = (
                f'<urlset {NS}><rs:md capability="changelist"/><url><loc>/r</loc>'
                f'<rs:md change="created" datetime="{seconds_text(T0 + 1)}"/></url></urlset>'
            )
        elif name == "broken.xml":
            body = "<urlset"
        else:
            raise web.HTTPNotFound()
        return web.Response(body=body.encode(), content_type="application/xml")

    app = web.Application()
    app.router.add_get("/{name:.*}", get)
    site = await start_loopback(app)
    watchdog = Reconciler(site.url("/capabilitylist.xml"), 5, started=T0)
    watchdog.notified([{"loc": "http://x/unlisted"}, {"loc": 3, "datetime": "x"}], T0)
    try:
        async with Fetcher() as fetcher:
            await watchdog.check(fetcher, now=T0 + 100)
            report = await watchdog.check(fetcher, now=T0 + 200)
    finally:
        watchdog.close()
        await site.stop()
    # each unreadable list named with its cause; the good one still read and reconciled
    assert [str(problem).split(": ")[0] for problem in report.problems] == [
        site.url("/gone.xml"),
        site.url("/broken.xml"),
    ]
    assert all(len(str(problem)) > len(site.url("/broken.xml")) + 4 for problem in report.problems)
    assert report.unannounced == [site.url("/r")] and report.unlisted == []


def test_closing_while_a_worker_reads_waits_for_it_without_blocking() -> None:
    """The window closes a watch on the GUI thread while its read may run in a worker."""
    table = ReconcileTable()
    inside, leave = threading.Event(), threading.Event()

    def worker() -> None:
        with table:
            inside.set()
            leave.wait(10)

    thread = threading.Thread(target=worker)
    thread.start()
    assert inside.wait(10)
    table.close()  # returns at once: the worker closes it when its call returns
    leave.set()
    thread.join(10)
    with pytest.raises(sqlite3.ProgrammingError):
        table.add_listed([("http://x/a", T0)])


@given(
    st.text(alphabet="htps:/.a?#;[]@%é \t-_~xyz0123456789", max_size=30),
    st.sampled_from(["http://h.org/d/list.xml", "https://h.org/", "http://h.org/a/b/c"]),
)
def test_a_plain_loc_resolves_as_urljoin_does(loc: str, base: str) -> None:
    for candidate in (loc, "http://" + loc, "https://" + loc, "http://h.org/" + loc):
        try:
            expected = urljoin(base, candidate)
        except ValueError:
            continue
        assert absolute(base, candidate) == expected


# --- the rule over sets, as it was: the oracle the working table must agree with


class _SetRule:
    """The reconcile rule as it was written over Python sets (before the working table)."""

    def __init__(self, period: float) -> None:
        self.period = period
        self.notified_: dict[tuple[str, float], float] = {}
        self.sighted: dict[tuple[str, float], float] = {}
        self.settled: dict[tuple[str, float], float] = {}
        self.last: float | None = None
        self.said = False

    def notified(self, keys: list[tuple[str, float]], at: float) -> None:
        self.last, self.said = at, False
        for key in keys:
            if key[1] >= T0 and key not in self.settled:
                self.notified_.setdefault(key, at)

    def reconcile(self, listed: set, now: float, failed: bool):
        unannounced = []
        for key in sorted(listed):
            if key in self.settled:
                continue
            if self.notified_.pop(key, None) is not None:
                self.settled[key] = now
                self.sighted.pop(key, None)
            elif now - self.sighted.setdefault(key, now) >= self.period:
                unannounced.append(key[0])
                self.settled[key] = now
                del self.sighted[key]
        unlisted = []
        if not failed:
            for key, received in sorted(self.notified_.items()):
                if key not in listed and now - received >= self.period:
                    unlisted.append(key[0])
                    self.settled[key] = now
            for key in self.settled:
                self.notified_.pop(key, None)
        quiet = None
        since = self.last if self.last is not None else T0
        moments = sorted(moment for _, moment in listed)
        if not self.said and moments and moments[-1] > since:
            gaps = sorted(b - a for a, b in itertools.pairwise(moments))
            usual = max(gaps[len(gaps) // 2] if gaps else 0.0, self.period)
            if now - since >= 3.0 * usual:
                self.said, quiet = True, now - since
        horizon = now - 20 * self.period
        self.settled = {k: v for k, v in self.settled.items() if v >= horizon}
        self.sighted = {k: v for k, v in self.sighted.items() if k[1] >= horizon or v >= horizon}
        return unannounced, unlisted, quiet


@pytest.mark.parametrize(("seed", "spread"), [(seed, 60) for seed in range(5)] + [(5, 2_000)])
def test_the_working_table_gives_the_verdicts_the_sets_gave(seed: int, spread: int) -> None:
    """Random notifications and reads (some failed) over a few dozen changes; ``spread``:
    how far apart their datetimes lie (the Source's usual interval, for ``quiet``)."""
    rng = random.Random(seed)
    period = rng.choice([1.0, 2.5, 5.0])
    universe = [(f"http://x/{rng.randint(0, 30)}", T0 + rng.randint(-3, spread)) for _ in range(80)]
    oracle = _SetRule(period)
    watchdog = Reconciler("http://x/capabilitylist.xml", period, started=T0)
    now = T0
    try:
        for _ in range(40):
            now += rng.choice([0.5, 1.0, period, 3 * period, 25 * period, spread / 4])
            if rng.random() < 0.5:
                keys = rng.sample(universe, rng.randint(0, 6))
                oracle.notified(keys, now)
                entries = [{"loc": loc, "datetime": seconds_text(at)} for loc, at in keys]
                watchdog.notified(entries, now)
            listed = {key for key in universe if key[1] >= T0 and rng.random() < 0.6}
            failed = rng.random() < 0.2
            report = watchdog.reconcile(listed, now, ["failed"] if failed else None)
            expected = oracle.reconcile(listed, now, failed)
            assert (report.unannounced, report.unlisted, report.quiet) == expected
    finally:
        watchdog.close()


def test_quiet_waits_for_three_median_intervals_of_the_lists() -> None:
    """Intervals of 1, 2, 3 and 50 s: the median is 3 s, so quiet is news at 9 s."""
    moments = [T0 + 10, T0 + 11, T0 + 13, T0 + 16, T0 + 66]
    listed = {(f"http://x/{n}", moment) for n, moment in enumerate(moments)}
    watchdog = Reconciler("http://x/capabilitylist.xml", 1.0, started=T0)
    try:
        watchdog.notified([], at=T0 + 60)
        assert watchdog.reconcile(listed, now=T0 + 68).quiet is None
        assert watchdog.reconcile(listed, now=T0 + 69).quiet == 9
    finally:
        watchdog.close()
