"""The command line a "Subscriber under test" form stands for: what Copy command line
puts on the clipboard, so a run set up in the window can be repeated in a terminal or a
CI job and judge the same way (the window and the command make their settings alike)."""

from __future__ import annotations

import shlex
from collections.abc import Sequence

from explorer.core.subscribers import TEST_IDS
from explorer.net.subscribers import SubscriberSettings

PROGRAM = "resourcesync-explorer"


def subscriber_check_line(command: str, only: Sequence[str], timeout: float) -> str:
    """``resourcesync-explorer subscriber-check [--run COMMAND] [--only IDS] [--timeout S]``,
    shell-quoted; an option left out where the form holds its default (no command: the
    subscriber is started by hand; every test; the default timeout)."""
    argv = [PROGRAM, "subscriber-check"]
    if command.strip():
        argv += ["--run", command]
    if set(only) != set(TEST_IDS):
        argv += ["--only", ",".join(test for test in TEST_IDS if test in set(only))]
    if timeout != SubscriberSettings().timeout:
        argv += ["--timeout", f"{timeout:g}"]
    return shlex.join(argv)
