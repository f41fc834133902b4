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
from explorer.net.http.spool import BodySpool
from explorer.net.source import crawl
from explorer.net.source.crawl_tree import DocumentNode

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


def test_each_list_is_examined_in_the_crawl_and_never_spooled_or_read_back(
    source: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every body above 1,000 bytes would be spooled: the lists are examined from the
    crawl's own bytes, so none is written to the spool or read back; the verdicts are the
    ones the consumers give the bytes read after the crawl (``--write-twin`` keeps them)."""
    spooled: list[int] = []
    read_back: list[str] = []
    examined: Counter[str | None] = Counter()
    keep, read_body = BodySpool.keep, DocumentNode.read_body
    read = crawl_heads.ListVerdicts.__call__

    def counted_keep(spool: BodySpool, data: bytes) -> object:
        spooled.append(len(data))
        return keep(spool, data)

    def counted_read_body(node: DocumentNode) -> bytes | None:
        read_back.append(node.url)
        return read_body(node)

    def counted_examine(verdicts: object, data: bytes, url: str, doc: object) -> bool:
        taken = read(verdicts, data, url, doc)  # type: ignore[arg-type]
        examined[url] += taken
        return taken

    monkeypatch.setattr(crawl, "SPOOL_BODY_BYTES", 1_000)
    monkeypatch.setattr(BodySpool, "keep", counted_keep)
    monkeypatch.setattr(DocumentNode, "read_body", counted_read_body)
    monkeypatch.setattr(crawl_heads.ListVerdicts, "__call__", counted_examine)
    target = [str(source / "capabilitylist.xml"), "--base-url", BASE, "--json"]
    assert main(["consumers", *target]) == 1
    report = json.loads(capsys.readouterr().out)
    lists = [BASE + "rl-1.xml", BASE + "rl-2.xml"]
    assert +examined == Counter(lists)  # each list once, in the crawl
    assert spooled == []  # the index and the Capability List are below the spool's size
    followed = [BASE + "capabilitylist.xml", BASE + "rl-index.xml"]
    assert sorted(read_back) == followed
    # the twin reads every list's bytes after the crawl: there they are spooled, read back
    read_back.clear()
    assert main(["consumers", *target, "--write-twin", str(tmp_path / "twin")]) == 1
    after_crawl = json.loads(capsys.readouterr().out)
    assert len(spooled) == 2
    assert sorted(set(read_back)) == sorted([*followed, *lists])
    assert report["documents"] == after_crawl["documents"]
