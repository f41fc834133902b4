"""How ``subscriber-check`` starts and stops the subscriber under test, once per test.

``CommandLauncher`` runs the user's ``--run`` COMMAND through the shell with
``{topic}``, ``{caplist}`` and ``{hub}`` replaced by the test's URLs (shell-quoted), in
a process group of its own, and stops the whole group after the test: SIGTERM, then
SIGKILL after a grace, so a subscriber that forks or ignores SIGTERM leaves nothing
behind. ``ManualLauncher`` is for a subscriber the user starts by hand: it only shows
the URLs, and cannot ask the subscriber to stop. Tests plug in-process subscribers in
through the same ``SubscriberUnderTest`` protocol.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shlex
import signal
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Protocol

from explorer.core.phrase import Phrase
from explorer.core.words.messages import said

PLACEHOLDERS = ("topic", "caplist", "hub")
_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
DEFAULT_GRACE = 3.0
"""Seconds between SIGTERM and SIGKILL: time enough to unsubscribe on the way out."""
PROC = Path("/proc")
GROUP_POLL = 0.05
"""How often a stopping process group is looked at (no signal tells its end)."""
KILL_WAIT = 2.0
"""After SIGKILL, how long the group is waited for: an orphan that the system never
reaps stays a zombie in it, so the wait is bounded."""


@dataclass(frozen=True, slots=True)
class ChannelUrls:
    """What a test hands the subscriber under test."""

    topic: str  # the URL to subscribe from (not always the topic's self URL)
    caplist: str  # a Capability List advertising the channel
    hub: str


class Launched(Protocol):
    """One start of the subscriber under test."""

    def exit_status(self) -> int | None:
        """Its exit status once it ended by itself, else None."""
        ...

    async def stop(self) -> None:
        """Ask it to stop and wait until it has (forcing it after a grace)."""
        ...


class SubscriberUnderTest(Protocol):
    """Starts the subscriber under test for one test; what it can be given and asked."""

    reads_topic: bool
    reads_caplist: bool
    can_stop: bool  # it can be asked to stop (and so to unsubscribe)

    async def launch(self, test_id: str, urls: ChannelUrls) -> Launched: ...


class CommandError(ValueError):
    """A ``--run`` template that cannot be used, said in the reader's language."""

    def __init__(self, said_: Phrase) -> None:
        super().__init__(said_.english)
        self.said = said_


def check_template(template: str) -> set[str]:
    """The placeholders ``template`` uses; ``CommandError`` for an unknown one or for a
    command given neither ``{topic}`` nor ``{caplist}`` (it could subscribe to nothing)."""
    used = set(_PLACEHOLDER.findall(template))
    unknown = sorted(used - set(PLACEHOLDERS))
    if unknown:
        known = ", ".join(f"{{{name}}}" for name in PLACEHOLDERS)
        names = ", ".join(f"{{{name}}}" for name in unknown)
        raise CommandError(
            said("subscribers.command.unknown-placeholder", names=names, known=known)
        )
    if not used & {"topic", "caplist"}:
        raise CommandError(said("subscribers.command.no-topic"))
    return used


def command_line(template: str, urls: ChannelUrls) -> str:
    """``template`` with each placeholder replaced by its URL, shell-quoted."""
    values = {"topic": urls.topic, "caplist": urls.caplist, "hub": urls.hub}
    return _PLACEHOLDER.sub(lambda match: shlex.quote(values[match.group(1)]), template)


class _Process:
    def __init__(self, process: asyncio.subprocess.Process, grace: float) -> None:
        self._process = process
        self._grace = grace

    def exit_status(self) -> int | None:
        return self._process.returncode

    async def stop(self) -> None:
        """SIGTERM to the group; once every process in it has ended, or after the grace,
        SIGKILL to what is left. The shell may end first while the subscriber it started
        is still unsubscribing: the group, not the shell, is waited for."""
        self._signal(signal.SIGTERM)
        await self._wait_for_group(self._grace)
        self._signal(signal.SIGKILL)
        await self._wait_for_group(KILL_WAIT)

    async def _wait_for_group(self, seconds: float) -> None:
        try:
            async with asyncio.timeout(seconds):
                await self._process.wait()
                while self._group_alive():
                    await asyncio.sleep(GROUP_POLL)
        except TimeoutError:
            pass

    def _group_alive(self) -> bool:
        try:
            os.killpg(self._process.pid, 0)
        except (ProcessLookupError, PermissionError):
            return False
        return _live_member(self._process.pid)

    def _signal(self, number: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self._process.pid, number)


def _live_member(group: int) -> bool:
    """Whether a process of ``group`` has not ended. Where no init reaps orphans (a
    container's first process often does not), a subscriber the shell started stays a
    zombie in the group after it exited: ``/proc`` tells the two apart on Linux;
    elsewhere every member counts."""
    if not PROC.is_dir():
        return True
    for stat in PROC.glob("[0-9]*/stat"):
        try:
            state, _parent, member = stat.read_text().rsplit(")", 1)[1].split()[:3]
        except (OSError, ValueError):
            continue  # ended while being read, or not a process's line
        if state != "Z" and int(member) == group:
            return True
    return False


class CommandLauncher:
    """Runs ``template`` once per test in a process group of its own."""

    can_stop = True

    def __init__(
        self,
        template: str,
        *,
        grace: float = DEFAULT_GRACE,
        output: IO[bytes] | IO[str] | int = subprocess.DEVNULL,
    ) -> None:
        used = check_template(template)
        self.template = template
        self.reads_topic = "topic" in used
        self.reads_caplist = "caplist" in used
        self._grace = grace
        self._output = output

    async def launch(self, test_id: str, urls: ChannelUrls) -> Launched:
        process = await asyncio.create_subprocess_shell(
            command_line(self.template, urls),
            stdin=subprocess.DEVNULL,
            stdout=self._output,
            stderr=self._output,
            start_new_session=True,
        )
        return _Process(process, self._grace)


class _Unstoppable:
    def exit_status(self) -> int | None:
        return None

    async def stop(self) -> None:
        return None


class ManualLauncher:
    """A subscriber started by hand: ``announce`` shows each test's URLs to the user."""

    reads_topic = True
    reads_caplist = True
    can_stop = False

    def __init__(self, announce: Callable[[str, ChannelUrls], None]) -> None:
        self._announce = announce

    async def launch(self, test_id: str, urls: ChannelUrls) -> Launched:
        self._announce(test_id, urls)
        return _Unstoppable()
