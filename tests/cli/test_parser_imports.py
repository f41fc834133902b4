"""Every command parses its arguments without importing its engine.

A refused invocation (an unknown option) and ``--help`` build the command's parser and
stop: they need argparse, the catalog and the small modules that hold the options'
defaults, never the HTTP clients, the event loop, the XML parser, the store or the live
session. The test suite starts the command line as a process hundreds of times, most of
them refused (``test_bad_arguments.py``), and so do scripts: a refused ``listen`` imported
522 modules in 0.7 s before, 80 since. Each command runs in a fresh interpreter that, once
both invocations returned, reports which of ``ENGINES`` it loaded and how many modules it
added to those it started with.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from explorer.cli import COMMANDS

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ("aiohttp", "httpx", "asyncio", "ssl", "lxml", "sqlite3", "psycopg", "celery")
ENGINES += ("PySide6", "explorer.core.junit", "explorer.core.validator")
ENGINES += ("explorer.net.live.session", "explorer.net.conformance", "explorer.demo.server")
ENGINES += ("explorer.net.source.crawl", "explorer.net.store.database")
MODULE_LIMIT = 95
"""Modules a refused command and its ``--help`` may add to the interpreter's own (the
most in one command, ``fleet``, 89, whose subcommands name the fleet's settings file
through the credentials module; ``validate`` 59; a refused ``listen`` added 522 before)."""
HEAVIER = {"export": (("sqlite3", "explorer.net.store.database"), 120)}
"""``export``'s ``--format`` choices are its writers' registry, which reads stored rows:
its parser loads the store's module (and SQLite), 116 modules, and nothing from the
network."""

WRAPPER = """
import contextlib, io, json, sys
before = set(sys.modules)
from explorer.cli import main
command, engines = sys.argv[1], json.loads(sys.argv[2])
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    statuses = [main([command, "--no-such-option"]), main([command, "--help"])]
added = set(sys.modules) - before
loaded = sorted(
    name for name in added if any(name == e or name.startswith(e + ".") for e in engines)
)
print(json.dumps({"statuses": statuses, "added": len(added), "loaded": loaded}))
"""


def parse_only(command: str, engines: tuple[str, ...], code: str = WRAPPER) -> dict[str, Any]:
    """Refuse ``--no-such-option`` and show ``--help`` for ``command`` in a fresh
    interpreter: the exit statuses, the modules added and which of ``engines`` loaded."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code, command, json.dumps(engines)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_refused_command_and_its_help_import_no_engine(command: str) -> None:
    allowed, limit = HEAVIER.get(command, ((), MODULE_LIMIT))
    report = parse_only(command, tuple(name for name in ENGINES if name not in allowed))
    assert report["statuses"] == [2, 0]
    assert report["loaded"] == [], f"{command} loaded {report['loaded']} to parse its arguments"
    assert report["added"] <= limit, f"{command} added {report['added']} modules"


def test_what_the_parsers_offer_is_what_the_engines_take() -> None:
    """The choices and defaults the parsers read from small modules are the engines' own."""
    from explorer.core.push.hub_check_plan import CHECK_IDS, MEMORY_CHECK_IDS
    from explorer.net.conformance import CHECKS, MEMORY_CHECKS

    assert tuple(CHECKS) == CHECK_IDS
    assert tuple(MEMORY_CHECKS) == MEMORY_CHECK_IDS


def test_the_wrapper_sees_an_engine_loaded() -> None:
    """The check above can fail: a command that runs (here ``validate`` of a URL nothing
    answers, refused once its run began) does load what its run imports."""
    run = WRAPPER.replace('"--no-such-option"', '"--timeout", "1", "http://127.0.0.1:9/x.xml"')
    report = parse_only("validate", ENGINES, run)
    assert report["statuses"] == [2, 0]
    assert "httpx" in report["loaded"] and "asyncio" in report["loaded"]
