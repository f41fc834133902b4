"""``listen --json`` against ``demo-source``: per-entry diffs, in a change notification's
event, and in a later ``diff`` event for a framework notification's refetched documents."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from explorer.cli.listen import _text_line
from explorer.net.live.subscriber_events import NOTIFICATION, SubscriberEvent


class Lines:
    """Read a child's stdout lines in a thread, so waiting for one can time out."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process
        self.queue: queue.Queue[str] = queue.Queue()
        self.thread = threading.Thread(target=self._pump, daemon=True)
        self.thread.start()

    def _pump(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.queue.put(line)

    def get(self, timeout: float) -> str:
        return self.queue.get(timeout=timeout)

    def stop(self) -> None:
        _stop(self.process)
        self.thread.join(10)


def _stop(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    if process.stdout is not None:
        process.stdout.close()


@pytest.fixture
def demo() -> Iterator[str]:
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "explorer",
            "demo-source",
            "--rate",
            "4",
            "--changes-per-list",
            "4",
            "--seed",
            "5",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert process.stdout is not None
        yield process.stdout.readline().strip()
    finally:
        _stop(process)


def test_listen_json_events_carry_diffs(demo: str, tmp_path: Path) -> None:
    listen = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "explorer",
            "listen",
            "--json",
            "--store",
            str(tmp_path / "store.sqlite"),
            "--topic",
            f"{demo}dataset1/capabilitylist.xml",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    lines = Lines(listen)
    updated: dict | None = None
    # every refetched Change List of every framework notification: the first one may name a
    # list listen primed after it closed (nothing added since) or one it never saw (no diff)
    changelists: list[dict] = []

    def grew(lists: list[dict]) -> bool:
        return any(d["diff"] and d["diff"]["added"] > 0 for d in lists)

    try:
        deadline = time.monotonic() + 60
        while (updated is None or not grew(changelists)) and time.monotonic() < deadline:
            try:
                event = json.loads(lines.get(timeout=1))
            except queue.Empty:
                continue
            if event["event"] not in ("notification", "diff") or "diff" not in event:
                continue
            if event["capability"] == "framework-notification":
                changelists += [d for d in event["diff"] if d["capability"] == "changelist"]
            for item in event["diff"]:
                if item.get("change") == "updated" and "before" in item:
                    updated = item
    finally:
        lines.stop()
    assert updated is not None
    assert updated["before"] and updated["after"] and updated["changed"]
    assert changelists and all(d["diff"] is not None or d["reason"] for d in changelists)
    assert grew(changelists)


def test_text_feed_prints_one_line_per_entry_diff() -> None:
    event = SubscriberEvent(
        NOTIFICATION,
        "http://example.com/changes",
        capability="change-notification",
        entries=[{}],
        diff=[
            {
                "loc": "http://example.com/a",
                "change": "updated",
                "before": {"hash": "md5:aa"},
                "after": {"hash": "md5:bb"},
                "changed": ["hash"],
            }
        ],
    )
    assert _text_line(event).splitlines()[1] == (
        "    updated http://example.com/a: hash md5:aa → md5:bb"
    )


def test_listen_on_a_topic_url_does_not_call_every_resource_unknown(
    demo: str, tmp_path: Path
) -> None:
    """Listening on the change notification channel itself reads no Resource List, so a
    resource the tracker lacks is not "never seen": the deliveries carry no such finding."""
    listen = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "explorer",
            "listen",
            "--json",
            "--store",
            str(tmp_path / "store.sqlite"),
            "--topic",
            f"{demo}dataset1/change-notifications",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    lines = Lines(listen)
    entries: list[dict] = []
    codes: list[str] = []
    try:
        deadline = time.monotonic() + 60
        while (
            not any(item.get("change") in ("updated", "deleted") for item in entries)
            and time.monotonic() < deadline
        ):
            try:
                event = json.loads(lines.get(timeout=1))
            except queue.Empty:
                continue
            if event["event"] != "notification" or "diff" not in event:
                continue
            entries.extend(event["diff"])
            codes.extend(item["code"] for item in event.get("findings", []))
    finally:
        lines.stop()
    unknown = [item for item in entries if item["before"] is None]
    assert any(item["change"] in ("updated", "deleted") for item in unknown)
    assert not [code for code in codes if code.endswith("-unknown-resource")]
