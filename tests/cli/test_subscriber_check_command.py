"""``subscriber-check`` as a separate process: odd and hostile input gets a clear line
and exit 2, a COMMAND that exits at once gets NOT RUN, and the explorer's own ``listen``
is put through the tests it can be judged on (it acts on no notification by fetching the
resources named, so the ignore tests are NOT RUN for it, with that reason)."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

EXPLORER = [sys.executable, "-m", "explorer"]


def _check(*argv: str, timeout: float = 100.0) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*EXPLORER, "subscriber-check", *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def test_an_unknown_test_id_is_refused_naming_it_and_the_known_ones() -> None:
    done = _check("--only", "deliver-valid,no-such-test", "--run", "true {topic}")
    assert done.returncode == 2
    assert "no-such-test" in done.stderr and "deliver-valid" in done.stderr
    assert "Traceback" not in done.stderr


def test_an_unknown_placeholder_is_refused_naming_the_known_ones() -> None:
    done = _check("--run", "my-subscriber {topic} {callback}")
    assert done.returncode == 2
    assert "{callback}" in done.stderr and "{caplist}" in done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""


def test_a_command_given_no_topic_is_refused_in_japanese() -> None:
    done = _check("--run", "my-subscriber {hub}", "--lang", "ja")
    assert done.returncode == 2
    assert "サブスクライブ先" in done.stderr


def test_a_command_that_exits_at_once_is_not_run_with_its_status() -> None:
    done = _check(
        "--run", "exit 7 {topic}", "--only", "verify-status,discovery-302", "--json", "--lang", "ja"
    )
    assert done.returncode == 0, done.stderr  # NOT RUN is no FAIL
    results = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["id"] for r in results] == ["discovery-302", "verify-status"]
    assert {r["verdict"] for r in results} == {"not-run"}
    assert all(r["reason_key"] == "subscribers.reason.exited" for r in results)
    assert all(r["reason_params"] == {"status": 7} for r in results)
    assert all("exited with status 7" in r["reason"] for r in results)  # English for scripts


def test_listen_is_judged_where_it_can_be_and_not_run_where_it_fetches_nothing(
    tmp_path: Path,
) -> None:
    # a store of its own per start, so no start resumes another test's subscription
    store = f'"$(mktemp -d -p {shlex.quote(str(tmp_path))})/store.db"'
    listen = f"{shlex.join([*EXPLORER, 'listen'])} --store {store}"
    tests = "discovery-link-header,verify-challenge,deliver-valid,signature-wrong,lease-unsubscribe"
    done = _check(
        "--run", f"{listen} --topic {{topic}}", "--only", tests, "--json", "--timeout", "20"
    )
    assert done.returncode == 0, done.stderr
    verdicts = {r["id"]: r for r in map(json.loads, done.stdout.splitlines())}
    assert {name: r["verdict"] for name, r in verdicts.items()} == {
        "discovery-link-header": "pass",
        "verify-challenge": "pass",
        "deliver-valid": "pass",
        "signature-wrong": "not-run",
        "lease-unsubscribe": "pass",
    }
    assert verdicts["signature-wrong"]["reason_key"] == "subscribers.reason.fetches-nothing"
    kinds = [e["kind"] for e in verdicts["lease-unsubscribe"]["exchanges"]]
    assert "unsubscribe" in kinds


def test_without_run_each_tests_urls_are_shown_and_waited_for() -> None:
    done = _check("--only", "verify-denied", "--timeout", "1")
    assert done.returncode == 0, done.stderr
    assert "/topic" in done.stdout and "capabilitylist.xml" in done.stdout
    assert "/hub" in done.stdout
    assert "NOT RUN" in done.stdout  # nobody subscribed within the second


def test_a_result_is_printed_with_its_section_and_at_most_eight_exchanges(capsys) -> None:
    from explorer.cli.subscriber_check import _print_text
    from explorer.core.subscribers import Verdict, named
    from explorer.core.words.messages import said
    from explorer.net.store.exchange_log import ExchangeLog
    from explorer.net.subscribers import SubscriberResult

    log = ExchangeLog()
    exchanges = [
        log.record(direction="out", kind="delivery", method="POST", url=f"http://s/{n}", status=202)
        for n in range(10)
    ]
    reason = said("subscribers.reason.ignored", what=said("subscribers.what.wrong-signature"))
    result = SubscriberResult(named("signature-wrong"), Verdict.PASS, reason, exchanges)
    _print_text(result, "ja")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("合格") and "signature-wrong" in lines[0]
    assert "署名が誤っている通知に 2xx で応え、無視しました" in lines[1]
    assert "WebSub §7.1.2" in lines[1]
    assert sum("http://s/" in line for line in lines) == 8
    assert "2 件" in lines[-1]  # the two not shown are counted
