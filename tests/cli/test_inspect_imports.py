"""``inspect`` runs without code it does not use: aiohttp (the demo, the hub checks) is
imported only by the commands that serve or check a hub, or when ``--junit`` asks for
the JUnit cases, and the snapshot store only with ``--save``, so a crawl does not pay for
them (Python compiles every module it imports when no bytecode is cached)."""

from __future__ import annotations

import subprocess
import sys

HEAVY = (
    "aiohttp",
    "explorer.demo",
    "explorer.net.conformance",
    "explorer.net.history.snapshot_store",
)


def heavy_modules_after(code: str) -> str:
    """The ``HEAVY`` modules a fresh interpreter holds after running ``code``."""
    probe = f"import sys\n{code}\nprint(' '.join(n for n in {HEAVY!r} if n in sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    return done.stdout.strip()


def test_inspect_does_not_import_the_servers() -> None:
    assert heavy_modules_after("import explorer.cli.inspect") == ""


def test_handover_files_not_asked_import_nothing_more() -> None:
    code = (
        "import argparse\n"
        "from explorer.cli.options.handover_options import write_handover_files\n"
        "args = argparse.Namespace(report=None, junit=None, lang='en')\n"
        "assert write_handover_files(args, None, 'inspect')"
    )
    assert heavy_modules_after(code) == ""
