"""``inspect`` starts without the servers' code: aiohttp (the demo, the hub checks) is
imported only by the commands that serve or check a hub, so a crawl does not pay for it."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("aiohttp", "explorer.demo", "explorer.net.conformance")


def test_inspect_does_not_import_the_servers() -> None:
    probe = (
        "import sys, explorer.cli.inspect; "
        f"print(' '.join(name for name in {HEAVY!r} if name in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == ""
