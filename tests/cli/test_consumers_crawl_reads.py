"""What the crawl of ``consumers`` reads: each list of resources to its head only (one stream
batch, no validation), every other document as ``inspect`` does, and the consumers each
list's bytes once. Counted work, never time."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.spec_shaped import BASE, Entry, document

from explorer.cli import main
from explorer.core import parser
from explorer.core.consumers import crawl_heads, engine
from explorer.core.consumers.crawl_heads import read_head_or_check
from explorer.core.validator import check_bytes

ENTRIES = 3_000  # about ten stream batches a list


def _list(name: str) -> bytes:
    up = [{"rel": "up", "href": BASE + "capabilitylist.xml"}]
    entries = [Entry(f"{BASE}{name}/{n}", "2026-01-01", {"length": "1"}) for n in range(ENTRIES)]
    return document("resourcelist", entries, links=up)


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("source")
    for name in ("rl-1", "rl-2"):
        (folder / f"{name}.xml").write_bytes(_list(name))
    index = [Entry(BASE + "rl-1.xml"), Entry(BASE + "rl-2.xml")]
    (folder / "rl-index.xml").write_bytes(document("resourcelist", index, index=True))
    (folder / "capabilitylist.xml").write_bytes(
        document(
            "capabilitylist", [Entry(BASE + "rl-index.xml", None, {"capability": "resourcelist"})]
        )
    )
    return folder


def test_the_crawl_reads_each_list_to_its_head_and_the_consumers_read_it_once(
    source: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    checked: list[str | None] = []
    batches: Counter[str] = Counter()

    def counting_check(data: bytes, context: object = None) -> object:
        checked.append(getattr(context, "url", None))
        return check_bytes(data, context)  # type: ignore[arg-type]

    def counting_stream(owner: object, who: str) -> None:
        stream = owner.stream_children  # type: ignore[attr-defined]

        def counted(*args: object) -> Iterator[object]:
            batches[who + " streams"] += 1
            for batch in stream(*args):
                batches[who + " batches"] += 1
                yield batch

        monkeypatch.setattr(owner, "stream_children", counted)

    monkeypatch.setattr(crawl_heads, "check_bytes", counting_check)
    counting_stream(parser, "crawl")
    counting_stream(engine, "consumers")
    code = main(["consumers", str(source / "capabilitylist.xml"), "--base-url", BASE, "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 1  # the rs:md of every entry is a schema error
    urls = {doc["url"]: doc["consumers"] for doc in report["documents"]}
    assert urls[BASE + "rl-2.xml"]["resync"]["urls"] == ENTRIES
    # parsed and validated whole: what the crawl follows, never a list of resources
    assert sorted(checked) == [BASE + "capabilitylist.xml", BASE + "rl-index.xml"]
    # each list: one batch read by the crawl (its head), and all of it once by the consumers
    assert batches["crawl streams"] == batches["crawl batches"] == 2
    assert batches["consumers streams"] == 4  # every document once, the lists among them
    assert batches["consumers batches"] > 10


def test_a_list_is_read_to_its_head_and_anything_else_as_check_bytes_reads_it() -> None:
    body = _list("rl")
    head = read_head_or_check(body)
    assert head.findings == [] and head.document is not None
    assert head.document.entries == [] and head.document.capability == "resourcelist"
    assert [link.rel for link in head.document.links] == ["up"]
    index = document("resourcelist", [Entry(BASE + "rl-1.xml")], index=True)
    late_md = body.replace(b'  <rs:md capability="resourcelist"/>\n', b"").replace(
        b"</urlset>", b'<rs:md capability="resourcelist"/></urlset>'
    )
    broken = b"<urlset><url><loc>x</loc>"
    for whole in (index, late_md, broken):
        assert read_head_or_check(whole) == check_bytes(whole)
    assert read_head_or_check(late_md).document.entries  # type: ignore[union-attr]
