"""``hub-check`` and ``publish`` as a user runs them, against the demo hub (clean and faulted).

The command runs ``asyncio.run`` itself, so it goes to a worker thread while the demo
runs on the test's loop.
"""

from __future__ import annotations

import asyncio
import json
import re
from datetime import UTC, datetime
from pathlib import Path

from explorer.cli import COMMANDS, main
from explorer.core import catalog
from explorer.core.push.payload_templates import CHANGE_TEMPLATE, render
from explorer.demo import RunningDemo
from explorer.net.conformance import CHECKS

FAST = ["--timeout", "2", "--quiet", "0.2", "--slow", "1"]


async def _cli(*argv: str) -> int:
    return await asyncio.to_thread(main, list(argv))


async def test_hub_check_passes_every_check_on_the_clean_demo_hub(demo: RunningDemo, capsys):
    code = await _cli("hub-check", demo.hub_url, "--topic", demo.channels[0].topic, *FAST)
    out = capsys.readouterr().out
    assert code == 0, out
    verdicts = [
        line.split()[:2] for line in out.splitlines() if line[:4] in ("PASS", "WARN", "FAIL")
    ]
    assert verdicts == [["PASS", check] for check in CHECKS]
    assert f"{len(CHECKS)} checks: {len(CHECKS)} pass, 0 warn, 0 fail" in out
    assert "-> publish      POST " in out and "<- delivery     POST " in out  # evidence lines


async def test_hub_check_json_reports_a_faulted_hub_with_evidence(demo: RunningDemo, capsys):
    demo.faults.enable("no-signature")
    code = await _cli(
        "hub-check",
        demo.hub_url,
        "--topic",
        demo.channels[0].topic,
        *FAST,
        "--json",
        "--check",
        "signed-delivery",
        "--check",
        "bad-requests",
    )
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 1
    by_check = {line["check"]: line for line in lines}
    assert list(by_check) == ["signed-delivery", "bad-requests"]
    signed = by_check["signed-delivery"]
    assert signed["outcome"] == "fail"
    assert "no X-Hub-Signature" in signed["summary"]
    assert {f["code"] for f in signed["findings"]} == {
        "hub.delivery-unsigned",
        "websub.signature-missing",
    }
    delivery = next(e for e in signed["evidence"] if e["kind"] == "delivery")
    assert "<urlset" in delivery["request_body"]
    assert not any(name.lower() == "x-hub-signature" for name, _ in delivery["request_headers"])
    assert by_check["bad-requests"]["outcome"] == "pass"


async def test_hub_check_reports_not_run_checks_and_counts_only_fails(demo: RunningDemo, capsys):
    # the demo hub serves only its own topics: the hosted one is denied (WebSub §5.2)
    code = await _cli("hub-check", demo.hub_url, *FAST)
    out = capsys.readouterr().out
    assert code == 0, out
    not_run = [line.split()[2] for line in out.splitlines() if line.startswith("NOT RUN ")]
    assert "extra-parameters" in not_run and "signed-delivery" in not_run
    assert "depends on: subscription" in out
    assert "only serves its own topics: give --topic" in out
    assert f", 0 fail, {len(not_run)} not run" in out


async def test_hub_check_publish_style_is_the_users_to_give(demo: RunningDemo, capsys):
    topic = demo.channels[0].topic
    only = ["--check", "publish", "--check", "resubscribe", "--json"]
    code = await _cli(
        "hub-check", demo.hub_url, "--topic", topic, *FAST, "--publish", "form", *only
    )
    by_check = {r["check"]: r for r in map(json.loads, capsys.readouterr().out.splitlines())}
    assert code == 0
    publish = by_check["publish"]
    assert publish["outcome"] == "warn" and [a["style"] for a in publish["facts"]["attempts"]] == [
        "form"
    ]
    assert by_check["resubscribe"]["outcome"] == "not-run"
    assert by_check["resubscribe"]["depends_on"] == "publish"

    code = await _cli("hub-check", demo.hub_url, "--topic", topic, *FAST, "--no-publish", *only)
    by_check = {r["check"]: r for r in map(json.loads, capsys.readouterr().out.splitlines())}
    assert (
        by_check["publish"]["outcome"] == "not-run"
        and "--no-publish" in by_check["publish"]["summary"]
    )
    assert by_check["resubscribe"]["outcome"] == "not-run"  # nobody published meanwhile
    assert "did the Source publish" in by_check["resubscribe"]["summary"]
    assert code == 0


async def test_hub_check_bad_arguments_exit_2(capsys):
    assert await _cli("hub-check", "not a url") == 2
    assert await _cli("hub-check", "http://127.0.0.1:9/hub", "--check", "nope") == 2
    assert await _cli("hub-check", "http://127.0.0.1:9/hub", "--timeout", "0") == 2
    assert (
        await _cli("hub-check", "http://127.0.0.1:9/hub", "--publish", "xml", "--no-publish") == 2
    )
    assert "HUB_URL: not an http(s) URL" in capsys.readouterr().err


def test_commands_are_listed() -> None:
    assert COMMANDS["hub-check"] == "explorer.cli.hub_check"
    assert COMMANDS["publish"] == "explorer.cli.publish"


async def test_publish_prints_the_full_hub_response(demo: RunningDemo, tmp_path: Path, capsys):
    payload = tmp_path / "notification.xml"
    payload.write_bytes(render(CHANGE_TEMPLATE, datetime(2026, 1, 1, tzinfo=UTC), count=3))
    topic = demo.channels[0].topic
    assert await _cli("publish", demo.hub_url, "--topic", topic, str(payload)) == 0
    out = capsys.readouterr().out
    assert out.startswith("HTTP/1.1 200 OK\n") and "content-type: text/plain" in out.lower()
    assert demo.hub.events[-1].kind == "published" and demo.hub.events[-1].topic == topic

    assert (
        await _cli(
            "publish", demo.hub_url, "--topic", demo.base_url + "nope", str(payload), "--json"
        )
        == 1
    )
    result = json.loads(capsys.readouterr().out)
    assert result["status"] == 404 and "unknown topic" in result["body"]
    assert [f["code"] for f in result["findings"]] == ["hub.publish-refused"]


async def test_publish_sends_a_broken_file_but_says_so(demo: RunningDemo, tmp_path: Path, capsys):
    broken = tmp_path / "broken.xml"
    broken.write_bytes(b"<urlset><url>")
    code = await _cli("publish", demo.hub_url, "--topic", demo.channels[0].topic, str(broken))
    captured = capsys.readouterr()
    assert code == 0 and "200 OK" in captured.out
    assert "error: parse." in captured.err
    assert await _cli("publish", demo.hub_url, "--topic", "x", str(broken)) == 2
    assert (
        await _cli(
            "publish",
            demo.hub_url,
            "--topic",
            demo.channels[0].topic,
            str(tmp_path / "missing.xml"),
        )
        == 2
    )


JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def _summaries(out: str) -> dict[str, tuple[str, str]]:
    """check id -> (title, summary) from hub-check's text lines."""
    lines = out.splitlines()
    found = {}
    for at, line in enumerate(lines):
        outcome = OUTCOME_LINE.match(line)
        if outcome:
            found[outcome["check"]] = (outcome["title"].strip(), lines[at + 1].strip())
    return found


OUTCOME_LINE = re.compile(
    r"^(?:PASS|WARN|FAIL|NOT RUN|合格|注意|不合格|未実施)\s+(?P<check>\S+)\s+(?P<title>.*)$"
)


async def test_hub_check_lang_ja_says_titles_and_summaries_in_japanese(demo: RunningDemo, capsys):
    demo.faults.enable("no-signature")
    await _cli("hub-check", demo.hub_url, "--topic", demo.channels[0].topic, *FAST, "--lang", "ja")
    signed = _summaries(capsys.readouterr().out)
    demo.faults.disable("no-signature")
    await _cli("hub-check", demo.hub_url, *FAST, "--lang", "ja")  # hosted topic refused
    refused = _summaries(capsys.readouterr().out)
    assert list(signed) == list(CHECKS) == list(refused)
    for check, (title, summary) in [*signed.items(), *refused.items()]:
        assert title == catalog.text(f"conformance.check.{check}", "ja")
        assert JAPANESE.search(summary), f"{check}: {summary!r}"
    assert signed["signed-delivery"][1].startswith("配信に正しい署名がありません: ")
    assert "X-Hub-Signature ヘッダーがありません" in signed["signed-delivery"][1]
    assert refused["extra-parameters"][1].startswith("未実施: 通常のサブスクリプションが")
