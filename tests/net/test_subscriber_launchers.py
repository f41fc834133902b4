"""How subscriber-check starts and stops a COMMAND: placeholders checked before anything
runs, URLs shell-quoted, and the whole process group ended, a child that ignores
SIGTERM included."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from explorer.net.subscribers import ChannelUrls, CommandError, CommandLauncher, check_template
from explorer.net.subscribers.launchers import command_line

URLS = ChannelUrls("http://127.0.0.1:1/a/topic", "http://127.0.0.1:1/a/caps.xml", "http://h/hub")


def test_placeholders_are_checked_before_anything_runs() -> None:
    assert check_template("sub --hub {hub} {caplist}") == {"hub", "caplist"}
    with pytest.raises(CommandError, match=r"\{callback\}"):
        check_template("sub {topic} {callback}")
    with pytest.raises(CommandError):
        check_template("sub {hub}")  # nothing to subscribe to
    # braces that are no placeholder (shell, awk) pass through untouched
    assert check_template("awk '{ print $1 }' ${HOME} {topic}") == {"topic"}


def test_urls_are_shell_quoted() -> None:
    hostile = ChannelUrls("http://127.0.0.1:1/a/topic?x=1&y='$(touch /tmp/no)'", "c", "h")
    line = command_line("echo {topic}", hostile)
    assert line == "echo 'http://127.0.0.1:1/a/topic?x=1&y='\"'\"'$(touch /tmp/no)'\"'\"''"


def _alive(pid: int) -> bool:
    """A process that exists and is not a zombie (an orphan may wait for its reaper)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, IndexError):
        return False
    return state != "Z"


async def test_stop_ends_the_whole_process_group(tmp_path: Path) -> None:
    pidfile = tmp_path / "child.pid"
    template = f": {{topic}}; (trap '' TERM; exec sleep 60) & echo $! > {pidfile}; wait"
    launcher = CommandLauncher(template, grace=0.3)
    launched = await launcher.launch("deliver-valid", URLS)
    for _ in range(200):
        if pidfile.exists() and pidfile.read_text().strip():
            break
        await asyncio.sleep(0.05)
    child = int(pidfile.read_text())
    assert _alive(child)
    await launched.stop()
    for _ in range(100):  # the kernel ends a killed process soon, not at once
        if not _alive(child):
            break
        await asyncio.sleep(0.05)
    assert not _alive(child)
    assert launched.exit_status() is not None
