"""The crawl's budget: bytes enforced while reading, body memory reserved per fetch, and a
first-come-first-served byte semaphore."""

from __future__ import annotations

import asyncio

from crawl_site import Reply, Site

from explorer.net.http.fetcher import Fetcher
from explorer.net.source.crawl_budget import (
    FIRST_READ_BYTES,
    ByteAllowance,
    CrawlBudget,
    CrawlLimits,
)

MIB = 1024 * 1024


async def test_byte_allowance_serves_in_order_and_survives_a_cancelled_waiter() -> None:
    allowance = ByteAllowance(10)
    assert await allowance.acquire(6) == 6
    large = asyncio.ensure_future(allowance.acquire(6))
    small = asyncio.ensure_future(allowance.acquire(2))
    await asyncio.sleep(0)
    assert not large.done() and not small.done()  # 4 bytes free, but the large one is first
    large.cancel()
    assert await asyncio.wait_for(small, 5) == 2 and allowance.free == 2


async def test_a_request_above_capacity_takes_all_of_it() -> None:
    allowance = ByteAllowance(10)
    taken = await allowance.acquire(50)
    assert taken == 10 and allowance.free == 0
    allowance.release(taken)
    assert allowance.free == 10


async def test_byte_budget_cuts_a_body_while_it_is_read() -> None:
    budget = CrawlBudget(CrawlLimits(max_bytes=2000))
    async with Site() as site, Fetcher() as fetcher:
        site.add("/small", Reply(b"a" * 600))
        site.add("/big", Reply(b"b" * 5000))
        async with budget.fetch(fetcher, site.url("/small")) as small:
            assert small is not None and small.ok
        async with budget.fetch(fetcher, site.url("/big")) as big:
            assert big is None
        async with budget.fetch(fetcher, site.url("/small")) as after:
            assert after is None
    assert str(budget.spent) == "2000 bytes" and budget.bytes <= 2000


async def test_document_limit_counts_every_request() -> None:
    budget = CrawlBudget(CrawlLimits(max_documents=2))
    async with Site() as site, Fetcher() as fetcher:
        site.add("/a", Reply(b"a"))
        for _ in range(2):
            async with budget.fetch(fetcher, site.url("/a"), method="HEAD") as result:
                assert result is not None and result.ok
        async with budget.fetch(fetcher, site.url("/a")) as result:
            assert result is None
    assert str(budget.spent) == "2 documents" and site.hits["/a"] == 2


async def test_large_body_is_held_under_its_declared_size_until_the_block_ends() -> None:
    size = 3 * MIB
    budget = CrawlBudget(CrawlLimits(max_body_memory=32 * MIB))
    async with Site() as site, Fetcher() as fetcher:
        site.add("/large", Reply(b"x" * size))
        async with budget.fetch(fetcher, site.url("/large")) as result:
            assert result is not None and result.ok and len(result.body) == size
            assert budget.memory.free == 32 * MIB - size
        assert budget.memory.free == 32 * MIB
    # the memory was free: the first request widened to its Content-Length and read it all
    assert site.hits["/large"] == 1 and budget.bytes == size and budget._reserved == 0


async def test_large_body_waits_and_asks_again_when_the_memory_is_taken() -> None:
    size = 3 * MIB
    budget = CrawlBudget(CrawlLimits(max_body_memory=4 * MIB))
    async with Site() as site, Fetcher() as fetcher:
        site.add("/large", Reply(b"x" * size))
        taken = await budget.memory.acquire(2 * MIB)  # another body being parsed
        reading = asyncio.ensure_future(_read_length(budget, fetcher, site.url("/large")))
        waiting = asyncio.ensure_future(_until_someone_waits(budget))
        await asyncio.wait([reading, waiting], timeout=10, return_when=asyncio.FIRST_COMPLETED)
        assert waiting.done() and not reading.done()  # 2 of the 3 MiB it needs are free
        assert budget.memory.free == 2 * MIB  # and it waits holding none of them
        budget.memory.release(taken)
        assert await asyncio.wait_for(reading, 10) == size
    # the first request stopped at its Content-Length, before any of the body was read
    assert site.hits["/large"] == 2 and budget.bytes == size and budget.memory.free == 4 * MIB


async def test_a_body_never_widens_past_the_byte_budget() -> None:
    budget = CrawlBudget(CrawlLimits(max_bytes=2 * MIB))
    async with Site() as site, Fetcher() as fetcher:
        site.add("/large", Reply(b"x" * (3 * MIB)))
        async with budget.fetch(fetcher, site.url("/large")) as result:
            assert result is None
    assert str(budget.spent) == f"{2 * MIB} bytes" and budget.bytes == 0


async def _read_length(budget: CrawlBudget, fetcher: Fetcher, url: str) -> int:
    async with budget.fetch(fetcher, url) as result:
        assert result is not None and result.ok
        return len(result.body)


async def test_body_past_its_cap_is_refused_without_a_second_read() -> None:
    budget = CrawlBudget()
    async with Site() as site, Fetcher() as fetcher:
        site.add("/large", Reply(b"x" * (FIRST_READ_BYTES + 10)))
        async with budget.fetch(fetcher, site.url("/large"), max_bytes=FIRST_READ_BYTES + 5) as r:
            assert r is not None and not r.ok and "exceeds the" in r.detail
    assert site.hits["/large"] == 1


async def _until_someone_waits(budget: CrawlBudget) -> None:
    while not budget.memory._waiters:
        await asyncio.sleep(0.01)
