"""Japanese command-line columns line up, and Japanese help fits the terminal.

Padding and wrapping count terminal columns (a kanji or kana takes two), so the column
after 「検証済み」 or 「不合格」 starts where the one after 「有効」 does.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys

from explorer.cli.engine_text import exchange_line
from explorer.cli.hub_check import _print_text
from explorer.cli.listen import _text_line
from explorer.core.words.text_width import display_width
from explorer.net.conformance.session import CheckResult, Outcome
from explorer.net.live.subscriber_events import SubscriberEvent
from explorer.net.store.records import ExchangeRecord

TOPIC = "http://example.org/changes"


def column_of(line: str, part: str) -> int:
    """The terminal column where ``part`` starts in ``line``."""
    return display_width(line[: line.index(part)])


def test_listen_lines_start_the_topic_at_one_column_in_japanese() -> None:
    lines = [
        _text_line(SubscriberEvent(event, TOPIC, "s1", time=0.0), "ja")
        for event in ("verified", "subscribe-requested", "denied", "notification", "unsubscribed")
    ]
    assert len({column_of(line, TOPIC) for line in lines}) == 1, lines


def record(kind: str, method: str) -> ExchangeRecord:
    return ExchangeRecord(0.0, "out", kind, method, TOPIC, 202, [], None, None, [], None, None, 0)


def test_hub_check_lines_keep_the_check_and_method_columns_in_japanese() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for outcome in Outcome:
            _print_text(CheckResult(f"check-{outcome}", "title", outcome, "summary"), "ja")
    heads = out.getvalue().splitlines()[::2]
    assert len({column_of(line, "check-") for line in heads}) == 1, heads
    kinds = ("subscribe", "verification", "delivery", "topic-check", "crawl", "other")
    lines = [exchange_line(record(kind, "POST"), "ja") for kind in kinds]
    assert len({column_of(line, "POST") for line in lines}) == 1, lines


def test_japanese_help_fits_an_80_column_terminal() -> None:
    env = {**os.environ, "COLUMNS": "80", "PYTHONIOENCODING": "utf-8"}
    for command in ("listen", "hub-check", "inspect"):
        done = subprocess.run(
            [sys.executable, "-m", "explorer", command, "--lang", "ja", "--help"],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        _usage, _, help_text = done.stdout.partition("\n\n")  # argparse's own usage block
        wide = [line for line in help_text.splitlines() if display_width(line) > 80]
        # only a piece that cannot break (a path, a URL) may be wider than the terminal
        assert all(" " not in line.strip() for line in wide), wide
        if command == "listen":
            line = next(line for line in done.stdout.splitlines() if "--reconcile SECONDS " in line)
            assert "秒ごと" in line, line  # the help starts beside the option
