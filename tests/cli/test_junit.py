"""``--junit FILE`` on validate, inspect and hub-check, read back by a third-party JUnit
reader (``junitparser``): one case per document or check, counts matching ``--json``."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from junitparser import Failure, JUnitXml, Skipped

from explorer.cli import main
from explorer.demo.server import RunningDemo, start_demo

FAST = ["--timeout", "2", "--quiet", "0.2", "--slow", "1"]


@pytest.fixture
async def demo() -> AsyncIterator[RunningDemo]:
    running = await start_demo(rate=0, faults=("wrong-namespace", "malformed-xml"))
    try:
        yield running
    finally:
        await running.stop()


def _suite(path: Path):  # the one suite a command writes
    suites = list(JUnitXml.fromfile(str(path)))
    assert len(suites) == 1
    return suites[0]


def _failure(case) -> Failure | None:
    return next((r for r in case.result if isinstance(r, Failure)), None)


def _skipped(case) -> bool:
    return any(isinstance(r, Skipped) for r in case.result)


GOOD = """<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
  <rs:md capability="resourcelist" at="2024-01-01T00:00:00Z"/>
  <url><loc>https://example.org/a</loc></url>
</urlset>
"""
BAD = """<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:rs="http://www.openarchives.org/rs/terms/">
  <rs:md capability="resourcelist"/>
  <url><loc>https://example.org/a</loc><lastmod>yesterday</lastmod></url>
  <url><loc>https://example.org/a</loc></url>
</urlset>
"""


def test_validate_junit_matches_the_json(tmp_path: Path, capsys) -> None:
    good, bad = tmp_path / "good.xml", tmp_path / "bad.xml"
    good.write_text(GOOD)
    bad.write_text(BAD)
    report = tmp_path / "validate.xml"
    targets = [str(good), str(bad), str(tmp_path / "missing.xml")]
    main(["validate", *targets, "--json", "--junit", str(report)])
    data = json.loads(capsys.readouterr().out)["targets"]
    suite = _suite(report)
    cases = {case.name: case for case in suite}
    assert list(cases) == targets and suite.tests == 3
    failing = {
        t["target"]
        for t in data
        if "error" in t or any(f["severity"] == "error" for f in t["findings"])
    }
    assert failing == {str(bad), str(tmp_path / "missing.xml")}
    assert {name for name, case in cases.items() if _failure(case)} == failing
    assert suite.failures == len(failing)
    errors = [f for f in data[1]["findings"] if f["severity"] == "error"]
    text = _failure(cases[str(bad)]).text
    for item in errors:  # every error with its spec section
        assert item["code"] in text and (item["spec"] or "") in text
    warnings = [f["code"] for f in data[1]["findings"] if f["severity"] == "warning"]
    assert warnings and all(code in (cases[str(bad)].system_out or "") for code in warnings)
    assert "cannot read" in _failure(cases[str(tmp_path / "missing.xml")]).text


async def test_inspect_junit_matches_the_json(demo, tmp_path: Path, capsys) -> None:
    report = tmp_path / "inspect.xml"
    await asyncio.to_thread(main, ["inspect", demo.base_url, "--json", "--junit", str(report)])
    data = json.loads(capsys.readouterr().out)
    suite = _suite(report)
    cases = list(suite)
    assert suite.tests == len(cases) == len(data["documents"]) + 1
    channel_findings: dict[str, list[dict]] = {}
    for channel in data["channels"]:
        channel_findings.setdefault(channel["capability_list"], []).extend(channel["findings"])
    failing = {
        d["url"]
        for d in data["documents"]
        if any(f["severity"] == "error" for f in d["findings"] + channel_findings.get(d["url"], []))
    }
    assert failing and {case.name for case in cases if _failure(case)} == failing
    assert suite.failures == len(failing) + any(f["severity"] == "error" for f in data["findings"])
    errors = sum(
        f["severity"] == "error"
        for d in data["documents"]
        for f in d["findings"] + channel_findings.get(d["url"], [])
    )
    listed = sum(len(_failure(case).text.splitlines()) for case in cases[1:] if _failure(case))
    assert listed == errors


async def test_hub_check_junit_matches_the_json(demo, tmp_path: Path, capsys) -> None:
    """A FAIL (no signature), then NOT RUN and WARN (a hosted topic the demo hub denies)."""
    demo.faults.enable("no-signature")
    topic = demo.channels[0].topic
    runs: list[tuple[tuple[str, ...], str]] = [(("--topic", topic), "a"), ((), "b")]
    for extra, name in runs:
        report = tmp_path / f"hub-{name}.xml"
        await asyncio.to_thread(
            main, ["hub-check", demo.hub_url, *extra, *FAST, "--json", "--junit", str(report)]
        )
        results = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        suite = _suite(report)
        cases = {case.name.split(":")[0]: case for case in suite}
        assert list(cases) == [r["check"] for r in results]
        outcomes = {r["check"]: r["outcome"] for r in results}
        assert {c for c, case in cases.items() if _failure(case)} == {
            c for c, o in outcomes.items() if o == "fail"
        }
        assert {c for c, case in cases.items() if _skipped(case)} == {
            c for c, o in outcomes.items() if o == "not-run"
        }
        assert suite.failures == sum(o == "fail" for o in outcomes.values())
        assert suite.skipped == sum(o == "not-run" for o in outcomes.values())
        for check, outcome in outcomes.items():
            if outcome == "warn":
                assert "WARN" in (cases[check].system_out or "")
        if name == "a":
            assert outcomes["signed-delivery"] == "fail"
            assert "websub.signature-missing" in _failure(cases["signed-delivery"]).text
        else:
            assert "not-run" in outcomes.values() and "warn" in outcomes.values()


def test_a_check_not_run_says_so_once_in_every_language() -> None:
    """「未実施: 未実施: …」 was the skipped text: the summary already says it."""
    from explorer.core.words.messages import said, verbatim
    from explorer.net.conformance import CheckResult, Outcome
    from explorer.net.reports.junit_cases import conformance_suite

    phrase = said("conformance.said.not-run", reason=verbatim("no publication"))
    result = CheckResult("delivery", "Delivery", Outcome.NOT_RUN, str(phrase), said=phrase)
    for lang, expected in (("en", "not run: no publication"), ("ja", "未実施: no publication")):
        (case,) = conformance_suite("http://hub/", [result], lang).cases
        assert case.skipped == expected
