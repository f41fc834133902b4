"""``listen --record`` then ``demo-source --replay``: a fresh ``listen`` gets the same
notifications, byte for byte but for the host (rewritten to the playback's), in order."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.recording_session import play_back, record_session

from explorer.core.recording import rebase

TOKEN = "a-token-that-stays-out-of-recordings"
GAPS = [0.2, 0.7, 0.3, 0.9, 0.4, 0.2, 0.6, 0.5, 0.3, 0.8]  # ten deliveries over ~5 s


def test_a_recorded_session_plays_back_the_same_notifications(tmp_path: Path) -> None:
    path = tmp_path / "session.jsonl"

    async def scenario() -> None:
        recording, origin = await record_session(
            path, tmp_path / "a.sqlite3", GAPS, "--token", TOKEN
        )
        assert len(recording.deliveries) == len(GAPS)
        assert recording.documents, "the topic fetched in discovery is recorded"
        assert all(d.status == "notification" and d.body for d in recording.deliveries)
        base, received = await play_back(path, tmp_path / "b.sqlite3")
        expected = [rebase(d.body, [origin], base) for d in recording.deliveries]
        assert [note.body for note in received] == expected
        assert {note.status for note in received} == {"notification"}

    asyncio.run(scenario())
    text = path.read_text()
    assert TOKEN not in text  # sent to the demo with every request, never recorded
    lines = [json.loads(line) for line in text.splitlines()]
    assert lines[0]["type"] == "recording"
    assert {line["type"] for line in lines[1:]} == {"document", "delivery"}


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("", "empty"),
        ('{"type": "delivery"}\n', "header"),
        ('{"type": "recording", "version": 1, "started": 1}\nnot json\n', "line 2"),
        (
            '{"type": "recording", "version": 1, "started": 1}\n'
            '{"type": "delivery", "time": 1, "topic": "ftp://x/"}\n',
            "topic",
        ),
    ],
)
def test_an_unusable_recording_is_one_line_and_exit_2(
    tmp_path: Path, content: str, needle: str
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    done = subprocess.run(
        [sys.executable, "-m", "explorer", "demo-source", "--replay", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and needle in done.stderr
