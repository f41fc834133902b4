"""Peak memory and time of plan's OAI-PMH parity table at scale (not part of the suite).

Both views of N records go through the engine as plan feeds them (``ParityWork``):
Resource Lists of 50,000 entries handed over one at a time and dropped, ListRecords pages
of 100 headers, then the join. A few records of each kind of divergence are planted, and
the table must name them and nothing else. Each size runs in its own process, so its peak
RSS is its own; the baseline is the same run at a tenth of the size: a table that streams
grows by the work file, not by the records.

    python3 tests/benchmarks/bench_oai_parity.py [--records 1000000]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

LIST_SIZE = 50_000
PAGE = 100
STAMP = "2025-06-01T00:00:00Z"
BASE = "https://repo.example.org/records/"


def one(records: int) -> dict[str, float]:
    from explorer.core.harvest import parity
    from explorer.core.harvest.oai_map import parse_map
    from explorer.core.harvest.oai_pages import OaiRecord
    from explorer.core.model import Document, Entry
    from explorer.net.oai.parity_work import ParityWork
    from explorer.net.source.crawl_tree import DocumentNode, NodeState

    started = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    mapping = parse_map("oai:repo.example.org:{id}=" + BASE + "{id}")
    with ParityWork(mapping) as work:
        for first in range(0, records, LIST_SIZE):
            document = Document(root="urlset", md={"capability": "resourcelist"})
            document.entries = [
                Entry(f"{BASE}{i}", STAMP)
                for i in range(first, min(first + LIST_SIZE, records))
                if i != 1  # planted: only in OAI-PMH
            ]
            node = DocumentNode(f"{BASE}list-{first}.xml", state=NodeState.LOADED)
            node.document = document
            work.add_document(node)
            del node, document
        work.add_document(_only_rs(DocumentNode, NodeState, Document, Entry))
        for first in range(0, records, PAGE):
            work.add_records(
                [
                    OaiRecord(
                        f"oai:repo.example.org:{i}",
                        "2025-06-02T00:00:00Z" if i == 2 else STAMP,  # planted: datestamp
                        False,
                    )
                    for i in range(first, min(first + PAGE, records))
                ]
            )
        table = work.finish()
    assert table.named(parity.ONLY_OAI) == [f"{BASE}1"], table.counts
    assert table.named(parity.ONLY_RESOURCESYNC) == [f"{BASE}only-rs"], table.counts
    assert table.named(parity.DATESTAMP_DIFFERS) == [f"{BASE}2"], table.counts
    usage = resource.getrusage(resource.RUSAGE_SELF)
    after = usage.ru_maxrss
    return {
        "records": records,
        "seconds": round(time.perf_counter() - started, 2),
        "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 2),
        "peak_rss_mb": round(after / 1024, 1),
        "growth_mb": round((after - before) / 1024, 1),
    }


def _only_rs(node_type, state, document_type, entry_type):  # type: ignore[no-untyped-def]
    document = document_type(root="urlset", md={"capability": "resourcelist"})
    document.entries = [entry_type(f"{BASE}only-rs", STAMP)]
    node = node_type(f"{BASE}extra.xml", state=state.LOADED)
    node.document = document
    return node


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--one", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is not None:
        print(json.dumps(one(args.one)))
        return
    results = []
    for size in (args.records // 10, args.records):
        done = subprocess.run(
            [sys.executable, __file__, "--one", str(size)],
            capture_output=True,
            text=True,
            check=True,
        )
        results.append(json.loads(done.stdout))
        print(json.dumps(results[-1]))
    small, large = results
    print(
        f"peak RSS at {large['records']:,} records: {large['peak_rss_mb']} MB, "
        f"{large['peak_rss_mb'] / small['peak_rss_mb']:.2f}x the peak at {small['records']:,} "
        f"({small['peak_rss_mb']} MB) for 10x the records; "
        f"CPU {large['cpu_seconds']} s ({large['cpu_seconds'] / small['cpu_seconds']:.1f}x), "
        f"wall {large['seconds']} s at load average {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
