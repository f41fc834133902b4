"""Gather a plan from a Source: one streamed crawl feeds the tallies, resync 2.0.1's route
is walked over what the crawl read (asking the Source only for what it did not), and a
bounded sample of requests sizes the resources without a length and times the Source.

Memory holds the tallies, not the entries: a Resource List's entries are counted as the
crawl hands each document over and dropped with it (``crawl_streamed``)."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field, replace
from http import HTTPStatus
from urllib.parse import urlsplit

from explorer.core.model import SITEMAPINDEX
from explorer.core.plan.profiles import (
    DUMPS,
    PARALLEL,
    Profile,
    Timing,
    compared_profiles,
    measure_timing,
)
from explorer.core.plan.report import AUDIT, BASELINE, INCREMENTAL, Note, Plan, Refetch, Run
from explorer.core.plan.sampling import (
    LENGTH_SAMPLE,
    LENGTH_SAMPLE_MAX,
    Sizes,
    in_key_order,
)
from explorer.core.plan.tally import TIMED, Bytes, ChangeTally, ResourceTally, parse_length
from explorer.core.rules import capabilities as caps
from explorer.core.said_error import SaidError
from explorer.net.http.fetcher import Fetcher, FetchResult
from explorer.net.plan.copy_needs import CopyNeeds
from explorer.net.plan.resync_route import (
    Answer,
    Route,
    baseline_route,
    incremental_route,
    index_parts,
    resync_base,
)
from explorer.net.source.crawl_budget import CrawlLimits
from explorer.net.source.crawl_tree import DocumentNode, NodeState
from explorer.net.source.streamed_crawl import DocumentSink, crawl_streamed, entry_url

RESOURCE_SAMPLE = TIMED
"""Resources, and documents, plan GETs again one at a time to time the Source (bodies
bounded by ``SAMPLE_BYTES``): the crawl's own times overlap (it reads several documents
at once and parses beside them), so they say nothing of one request's."""
SAMPLE_BYTES = 8 * 1024 * 1024
KEPT_BODY = 1024 * 1024
"""Bodies of navigation documents (Source Description, Capability List) kept for the
route; of an index its lists are kept, of a list only that it was read."""
RESYNC_USER_AGENT = "resync/2.0.1"
CONNECTION_CLOSE = "Connection: close\r\n"
CLOSE_AFTER = {"Connection": "close"}


class PlanError(SaidError):
    """No plan can be made (``plan.error.*``): the message says why and what to do."""


@dataclass
class Gathered:
    """What the crawl and the samples found, before any run is put together."""

    resources: ResourceTally = field(default_factory=ResourceTally)
    changes: ChangeTally = field(default_factory=lambda: ChangeTally(None))
    packages: Bytes = field(default_factory=Bytes)
    bodies: dict[str, Answer] = field(default_factory=dict)
    set_documents: list[str] = field(default_factory=list)
    """Source Descriptions, Capability Lists, Resource Lists and their indexes read."""
    change_lists: list[str] = field(default_factory=list)
    change_list_indexes: list[str] = field(default_factory=list)
    resource_dumps: list[str] = field(default_factory=list)
    timing_samples: list[tuple[float, int]] = field(default_factory=list)
    costs: _Costs | None = None
    """How the runs were priced, for the local copy's runs added after them."""
    document_headers: list[int] = field(default_factory=list)
    resource_headers: list[int] = field(default_factory=list)
    documents: int = 0


def header_size(result: FetchResult) -> int:
    """Bytes of a response's status line and headers on the wire (HTTP/1.1 framing), as
    answered to resync's requests: they say ``Connection: close``, which a server echoes."""
    status = result.status or 200
    try:
        phrase = HTTPStatus(status).phrase
    except ValueError:
        phrase = ""
    items = result.headers.multi_items()
    lines = sum(len(name) + len(value) + 4 for name, value in items)
    if not any(name.lower() == "connection" for name, _ in items):
        lines += len(CONNECTION_CLOSE)
    return len(f"HTTP/1.1 {status} {phrase}") + 2 + lines + 2


def request_size(url: str) -> int:
    """Bytes of the request resync 2.0.1 sends (Python's urllib: request line, Host,
    Accept-Encoding, User-Agent, Connection)."""
    parts = urlsplit(url)
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    wire = (
        f"GET {target} HTTP/1.1\r\nAccept-Encoding: identity\r\n"
        f"Host: {parts.netloc}\r\nUser-Agent: {RESYNC_USER_AGENT}\r\n"
        "Connection: close\r\n\r\n"
    )
    return len(wire.encode())


def _body_size(node: DocumentNode) -> int:
    if node.spooled is not None:
        return node.spooled.size
    return len(node.fetch.body) if node.fetch is not None else 0


def _sink(gathered: Gathered) -> DocumentSink:
    """Counts each document as the crawl hands it over (entries dropped after)."""

    def take(node: DocumentNode) -> None:
        fetch = node.fetch
        if fetch is None:
            return
        gathered.documents += 1
        size = _body_size(node)
        if fetch.status is not None:
            gathered.document_headers.append(header_size(fetch))
        document = node.document
        ok = node.state is NodeState.LOADED and document is not None
        if not ok or document is None:
            gathered.bodies[node.url] = Answer(False, size)
            return
        capability = node.capability
        index = document.root == SITEMAPINDEX
        navigation = capability in (caps.DESCRIPTION, caps.CAPABILITYLIST) and not index
        body = (node.read_body() or b"") if navigation and size <= KEPT_BODY else b""
        parts = index_parts(node.url, document) if index else None
        gathered.bodies[node.url] = Answer(True, size, body, parts)
        if capability in (caps.DESCRIPTION, caps.CAPABILITYLIST, caps.RESOURCELIST):
            gathered.set_documents.append(node.url)
        if capability == caps.CHANGELIST:
            (gathered.change_list_indexes if index else gathered.change_lists).append(node.url)
        if index:
            return
        if capability == caps.RESOURCELIST:
            for entry in document.entries:
                url = entry_url(node, entry)
                if url is not None:
                    gathered.resources.add(url, entry.length, entry.hash)
        elif capability == caps.CHANGELIST:
            for entry in document.entries:
                url = entry_url(node, entry)
                if url is not None:
                    gathered.changes.add(
                        url, entry.change, entry.datetime, entry.length, entry.hash
                    )
        elif capability == caps.RESOURCEDUMP:
            gathered.resource_dumps.append(node.url)
            for entry in document.entries:
                url = entry_url(node, entry)
                if url is not None:
                    gathered.packages.add(url, parse_length(entry.length))

    return take


async def _ask_with(fetcher: Fetcher, gathered: Gathered, url: str) -> Answer:
    """What the crawl read, else the Source's answer (remembered for the next ask)."""
    known = gathered.bodies.get(url)
    if known is not None:
        return known
    fetched = await fetcher.fetch(url)
    body = fetched.body if fetched.spooled is None else (fetched.spooled.read() or b"")
    if fetched.status is not None:
        gathered.document_headers.append(header_size(fetched))
    gathered.bodies[url] = Answer(fetched.ok, len(body), body if len(body) <= KEPT_BODY else b"")
    return Answer(fetched.ok, len(body), body)


async def _sample_sizes(
    fetcher: Fetcher, urls: list[str], population: int, gathered: Gathered
) -> float | None:
    """HEAD the URLs in their order until the sizes found are narrow enough for the
    ``population`` of resources without a length (or the URLs run out): the mean
    Content-Length, None when none said. Only the first ``LENGTH_SAMPLE`` are timed, as
    many as before the sample could grow: more would outweigh the GETs in the median
    latency, and the time of a run would rest on how spread the sizes are."""
    sizes = Sizes()
    for asked, url in enumerate(urls):
        if sizes.narrow_enough(population):
            break
        result = await fetcher.fetch(url, method="HEAD", use_cache=False)
        length = parse_length(result.headers.get("content-length")) if result.ok else None
        if length is not None:
            sizes.add(length)
        if result.status is not None and asked < LENGTH_SAMPLE:
            gathered.timing_samples.append((result.elapsed, 0))
    return sizes.mean if sizes.count else None


async def _sample_times(
    fetcher: Fetcher, urls: list[str], heads: list[int], gathered: Gathered
) -> None:
    """GET some URLs one after the other, to time them and weigh their answers' heads."""
    for url in urls:
        # a connection each, as resync opens one per request (urllib sends this header)
        result = await fetcher.fetch(
            url, max_bytes=SAMPLE_BYTES, use_cache=False, headers=CLOSE_AFTER
        )
        if result.status is not None:
            gathered.timing_samples.append((result.elapsed, len(result.body)))
            heads.append(header_size(result))


@dataclass(frozen=True)
class PlanRequest:
    """What to plan: the Source's URL, the profile, the delay, the incremental window's
    start (POSIX seconds, or None: no incremental run), crawl limits."""

    url: str
    profile: Profile
    delay: float
    since: float | None
    limits: CrawlLimits | None = None
    also: tuple[DocumentSink, ...] = ()
    """Other readers of each crawled document (plan's incremental safety and OAI-PMH
    parity), so that the Source is crawled once."""


async def gather_plan(request: PlanRequest, fetcher: Fetcher) -> tuple[Plan, Gathered]:
    """Crawl, walk resync's route, sample; then put the three runs together."""
    gathered = Gathered(changes=ChangeTally(request.since))
    capability_list: list[str] = []
    result = await crawl_streamed(
        request.url,
        fetcher,
        _each(_sink(gathered), *request.also),
        request.limits,
        scoped=capability_list.append,
    )
    if result.source_url is None and not gathered.documents:
        raise PlanError("plan.error.no-source", url=request.url)
    base = resync_base(request.url)

    async def ask(url: str) -> Answer:
        return await _ask_with(fetcher, gathered, url)

    chosen = capability_list[0] if capability_list else None
    baseline_docs = await baseline_route(base, chosen, ask)
    incremental_docs = await incremental_route(base, ask)
    mean_unlisted = None
    listed, fetched = gathered.resources.bytes, gathered.changes.to_fetch()
    samples = in_key_order(listed.sample + fetched.sample, LENGTH_SAMPLE_MAX)
    if samples:
        # a resource both listed and changed counts twice: the correction errs wide
        population = listed.unlisted + fetched.unlisted
        mean_unlisted = await _sample_sizes(fetcher, samples, population, gathered)
    documents = [url for url in baseline_docs.requests if gathered.bodies[url].ok]
    await _sample_times(fetcher, _resource_sample(gathered), gathered.resource_headers, gathered)
    await _sample_times(fetcher, documents[:RESOURCE_SAMPLE], [], gathered)
    timing = measure_timing(gathered.timing_samples)
    plan = Plan(request.url, request.profile, request.delay, timing, request.since)
    _put_runs(plan, gathered, baseline_docs, incremental_docs, mean_unlisted, request)
    return plan, gathered


def _each(*sinks: DocumentSink) -> DocumentSink:
    """One sink that hands each document to every one of ``sinks``, in order."""

    def take(node: DocumentNode) -> None:
        for sink in sinks:
            sink(node)

    return take


def _resource_sample(gathered: Gathered) -> list[str]:
    """A few resources listed (or, without, of those an incremental fetches), drawn by
    ``sample_key``: the same whatever order the crawl handed the lists over in."""
    listed = gathered.resources.timed.urls
    return listed or in_key_order(gathered.changes.fetched_urls(), RESOURCE_SAMPLE)


@dataclass(frozen=True)
class _Costs:
    """What every run is priced with: the speed, the profile and delay, the header bytes
    one document's and one resource's request and answer take on the wire, and the mean
    size of a resource without a length (from the HEAD sample)."""

    timing: Timing
    profile: Profile
    delay: float
    per_document: int
    per_resource: int
    mean_unlisted: float | None


def _heads(answers: list[int], url: str) -> int:
    """Header bytes of one request to ``url`` and its answer (the mean answer's head)."""
    return (round(statistics.fmean(answers)) if answers else 0) + request_size(url)


def _put_runs(
    plan: Plan,
    gathered: Gathered,
    baseline_docs: Route,
    incremental_docs: Route,
    mean_unlisted: float | None,
    request: PlanRequest,
) -> None:
    resources = gathered.resources.bytes
    sample = _resource_sample(gathered)
    costs = _Costs(
        plan.timing,
        request.profile,
        request.delay,
        _heads(gathered.document_headers, request.url),
        _heads(
            gathered.resource_headers or gathered.document_headers, (sample or [request.url])[0]
        ),
        mean_unlisted,
    )
    gathered.costs = costs
    if baseline_docs.fatal:  # where resync stops: a client that reads every set
        plan.notes.append(Note(baseline_docs.fatal))
        baseline_docs = Route(gathered.set_documents)
    doc_bytes = _document_bytes(gathered, baseline_docs)
    plan.runs[BASELINE] = _run(costs, len(baseline_docs.requests), doc_bytes, resources, gathered)
    plan.runs[AUDIT] = _run(costs, len(baseline_docs.requests), doc_bytes, Bytes(), gathered)
    if request.since is None:
        plan.notes.append(Note("no-incremental"))
    else:
        fetched = gathered.changes.to_fetch()
        fatal = incremental_docs.fatal
        first = incremental_docs.requests[0]
        if fatal:  # a client that reads the Capability List's Change Lists
            incremental_docs = Route(gathered.change_list_indexes + gathered.change_lists)
        inc_docs = _document_bytes(gathered, incremental_docs)
        run = _run(costs, len(incremental_docs.requests), inc_docs, fetched, gathered)
        run.dump_saves, run.dump_saves_wire = None, 0  # a dump holds the set: a baseline's
        if fatal and not gathered.change_list_indexes:
            run.notes.append(Note(fatal, {"url": first}))
        if gathered.change_list_indexes:
            run.notes.append(Note("change-list-index", {"count": len(gathered.change_lists)}))
        plan.runs[INCREMENTAL] = run
    _refetch(plan, gathered)
    _price_profiles(plan, gathered, costs, baseline_docs, incremental_docs, doc_bytes)


def _price_profiles(
    plan: Plan,
    gathered: Gathered,
    costs: _Costs,
    baseline_docs: Route,
    incremental_docs: Route,
    doc_bytes: int,
) -> None:
    """Every run's wall time at each compared profile, priced as the runs themselves."""
    fetched = gathered.changes.to_fetch()
    inc_bytes = _document_bytes(gathered, incremental_docs)
    documents = len(baseline_docs.requests)
    for profile in compared_profiles(costs.profile):
        priced = replace(costs, profile=profile)
        times = {
            BASELINE: _run(priced, documents, doc_bytes, gathered.resources.bytes, gathered),
            AUDIT: _run(priced, documents, doc_bytes, Bytes(), gathered),
        }
        if INCREMENTAL in plan.runs:
            times[INCREMENTAL] = _run(
                priced, len(incremental_docs.requests), inc_bytes, fetched, gathered
            )
        plan.seconds_by_profile[str(profile)] = {name: run.seconds for name, run in times.items()}


def _document_bytes(gathered: Gathered, route: Route) -> int:
    total = 0
    for url in route.requests:
        answer = gathered.bodies.get(url)
        if answer is not None:
            total += answer.size
    return total


def _run(
    costs: _Costs, documents: int, document_bytes: int, resources: Bytes, gathered: Gathered
) -> Run:
    """A run of ``documents`` (``document_bytes``) and ``resources`` at the profile; the
    dumps profile fetches the Resource Dump and its packages in place of the resources."""
    profile = costs.profile
    body = document_bytes + resources.estimate(costs.mean_unlisted)
    count = resources.count
    packages = gathered.packages
    dump_saves = count - packages.count if packages.count else None
    if profile.name == DUMPS and packages.count:
        dump_documents = Route(gathered.resource_dumps)
        body = document_bytes + _document_bytes(gathered, dump_documents) + packages.estimate(None)
        count = packages.count
        documents += len(gathered.resource_dumps)
    seconds = costs.timing.seconds(documents, count, body, profile, costs.delay)
    heads = costs.per_document * documents + costs.per_resource * count
    run = Run(documents, count, body, heads, seconds)
    run.estimated = resources.unlisted
    run.dump_saves = dump_saves if resources.count else None
    if run.dump_saves is not None:
        run.dump_saves_wire = costs.per_resource * run.dump_saves
    if profile.name == DUMPS and not packages.count:
        run.notes.append(Note("no-resource-dump"))
    if profile.name == PARALLEL:
        run.notes.append(Note("parallel", {"connections": profile.connections}))
    return run


def _refetch(plan: Plan, gathered: Gathered) -> None:
    tally, changes = gathered.resources, gathered.changes
    reasons = (
        ("no-hash", tally.no_hash, tally.no_hash),
        ("no-length", tally.no_length, tally.no_length),
        ("deleted-no-hash", changes.deleted_no_hash, changes.deleted_no_hash),
        ("change-lists-repeat", changes.repeated_resources, changes.repeated_entries),
        ("resource-list-repeats", tally.repeated, tally.repeated),
        ("undated-change", changes.undated, changes.undated),
    )
    plan.refetch = [Refetch(reason, count, entries) for reason, count, entries in reasons if count]


def add_copy_runs(plan: Plan, gathered: Gathered, needs: CopyNeeds) -> None:
    """With ``--dest``: beside the audit and incremental runs, what the local copy then
    needs, its bytes from the mean listed length (said as estimated)."""
    costs = gathered.costs
    if costs is None:  # no runs were put together: nothing to add to
        return
    listed = gathered.resources.bytes
    known = listed.count - listed.unlisted
    mean = listed.listed / known if known else (costs.mean_unlisted or 0.0)
    pairs = ((AUDIT, needs.after_audit), (INCREMENTAL, needs.of_incremental))
    for name, count in pairs:
        run = plan.runs.get(name)
        if run is None or count is None:
            continue
        body = round(count * mean)
        seconds = costs.timing.seconds(0, count, body, costs.profile, costs.delay)
        run.copy = Run(0, count, body, costs.per_resource * count, seconds)
        run.copy.notes.append(Note("copy-mean-length"))
