"""``resourcesync-explorer consumers`` as a process: the JSON shape scripts read, the lines
in English and Japanese, a Source read from a folder with ``--base-url``, the twin, and
hostile or unusable targets answered with one clear line and no traceback."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.spec_shaped import BASE, Entry, document

from explorer.cli import main
from explorer.demo import RunningDemo

SAMPLES = Path(__file__).resolve().parents[2] / "resources" / "samples"


def consumers(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "explorer", "consumers", *args],
        capture_output=True,
        text=True,
        timeout=100,
        check=False,
    )


def test_json_has_a_verdict_per_consumer_per_document_and_robots_null() -> None:
    run = consumers(str(SAMPLES / "resourcelist.xml"), "--json")
    assert run.returncode == 1, run.stderr  # advertools fails on it: not every consumer reads it
    report = json.loads(run.stdout)
    assert set(report) == {"documents", "robots"} and report["robots"] is None
    [doc] = report["documents"]
    assert set(doc) == {"url", "consumers"}
    assert set(doc["consumers"]) == {
        "sitemaps-schema",
        "search-engine",
        "resync",
        "scrapy",
        "advertools",
    }
    for verdict in doc["consumers"].values():
        assert set(verdict) == {"reads", "urls", "dropped", "problems"}
        for problem in verdict["problems"]:
            assert set(problem) == {"code", "message", "line"}
    engine = doc["consumers"]["search-engine"]
    assert engine["reads"] and engine["urls"] == 2
    assert "Parent tag: url Tag: md (elements: 2)" in [p["message"] for p in engine["problems"]]
    assert doc["consumers"]["sitemaps-schema"]["reads"] is False
    assert doc["consumers"]["advertools"]["reads"] is False


def test_the_lines_are_said_in_japanese() -> None:
    run = consumers(str(SAMPLES / "resourcelist.xml"), "--lang", "ja")
    assert "妥当ではありません" in run.stdout
    assert "robots.txt は読んでいません" in run.stdout
    assert "Traceback" not in run.stderr


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small Source on disk: description, capability list, index over two lists (one with
    a URL on another host)."""
    folder = tmp_path_factory.mktemp("source")
    up = [{"rel": "up", "href": BASE + "capabilitylist.xml"}]
    (folder / "rl-1.xml").write_bytes(
        document("resourcelist", [Entry(BASE + f"a{n}", "2026-01-01") for n in range(3)], links=up)
    )
    (folder / "rl-2.xml").write_bytes(
        document(
            "resourcelist", [Entry(BASE + "b"), Entry("https://elsewhere.example/c")], links=up
        )
    )
    (folder / "rl-index.xml").write_bytes(
        document(
            "resourcelist",
            [Entry(BASE + "rl-1.xml"), Entry(BASE + "rl-2.xml")],
            index=True,
            links=up,
        )
    )
    (folder / "capabilitylist.xml").write_bytes(
        document(
            "capabilitylist", [Entry(BASE + "rl-index.xml", None, {"capability": "resourcelist"})]
        )
    )
    return folder


def test_a_folder_is_read_as_the_source_it_will_be_and_its_twin_written(
    source: Path, tmp_path: Path
) -> None:
    twin = tmp_path / "twin"
    run = consumers(
        str(source / "capabilitylist.xml"), "--base-url", BASE, "--json", "--write-twin", str(twin)
    )
    assert run.returncode == 1, run.stderr
    report = json.loads(run.stdout)
    by_url = {doc["url"]: doc["consumers"] for doc in report["documents"]}
    assert set(by_url) >= {
        BASE + name for name in ("capabilitylist.xml", "rl-index.xml", "rl-1.xml", "rl-2.xml")
    }
    assert report["robots"]["url"] == BASE + "robots.txt"
    assert report["robots"]["status"] != 200 and report["robots"]["robotparser"] == []
    assert report["robots"]["unlisted"] == [BASE + "rl-index.xml"]
    engine = by_url[BASE + "rl-2.xml"]["search-engine"]
    assert engine["dropped"] == [{"loc": "https://elsewhere.example/c", "why": "other-host"}]
    assert engine["urls"] == 1
    assert (twin / "robots-lines.txt").read_text() == f"Sitemap: {BASE}twin-sitemap-0001.xml\n"
    body = (twin / "twin-sitemap-0001.xml").read_text()
    assert "rs:" not in body and body.count("<url>") == 5
    assert "<lastmod>2026-01-01</lastmod>" in body


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["/no/such/file.xml"], "does not exist"),
        (["{folder}"], "--base-url"),
        (["{garbage}"], "problems"),
        (["{doctype}", "--json"], "parse.dtd-refused"),
        (["{sample}", "--write-twin", "{sample}"], "is a file, not a folder"),
        (["{sample}", "--write-twin", "{tmp}/t"], "give --base-url"),
        (["ftp://example.org/x"], "consumers"),
    ],
)
def test_unusable_or_hostile_targets_get_a_clear_line_and_no_traceback(
    args: list[str], says: str, tmp_path: Path, source: Path
) -> None:
    garbage = tmp_path / "garbage.xml"
    garbage.write_bytes(bytes(range(256)) * 50)
    doctype = tmp_path / "doctype.xml"
    doctype.write_bytes(
        b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><urlset>&a;</urlset>'
    )
    sample = tmp_path / "resourcelist.xml"
    sample.write_bytes((SAMPLES / "resourcelist.xml").read_bytes())
    filled = [
        a.format(folder=source, garbage=garbage, doctype=doctype, sample=sample, tmp=tmp_path)
        for a in args
    ]
    run = consumers(*filled)
    assert "Traceback" not in run.stderr + run.stdout
    assert run.returncode in (1, 2)
    assert says in run.stderr + run.stdout


async def test_a_source_is_discovered_from_its_url_and_walked_as_inspect_does(
    demo: RunningDemo, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    twin = tmp_path / "twin"
    code = await asyncio.to_thread(
        main, ["consumers", demo.base_url, "--json", "--write-twin", str(twin)]
    )
    report = json.loads(capsys.readouterr().out)
    assert code == 1
    urls = [doc["url"] for doc in report["documents"]]
    assert urls[0] == demo.source_description_url
    assert any(url.endswith("capabilitylist.xml") for url in urls) and len(urls) > 5
    for doc in report["documents"]:
        assert doc["consumers"]["resync"]["reads"], doc["url"]
    robots = report["robots"]
    assert robots["url"] == demo.base_url + "robots.txt" and robots["status"] == 200
    # the demo names its Resource List and Change List Indexes, as §6.3.4 asks
    listed = {
        url for url in urls if url.endswith(("resourcelist-index.xml", "changelist-index.xml"))
    }
    assert len(listed) == 4 and set(robots["robotparser"]) == set(robots["protego"]) == listed
    assert robots["unlisted"] == [] and robots["problems"] == []
    lines = (twin / "robots-lines.txt").read_text().splitlines()
    assert lines and all(line.startswith(f"Sitemap: {demo.base_url}") for line in lines)
