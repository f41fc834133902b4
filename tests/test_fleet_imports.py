"""The default install and the window never load the fleet's engine or database driver.

psycopg and Celery come with the optional ``fleet`` extra: a user without it must be able
to start the window and every other command, and a user with it must not pay for loading
them where no fleet is used. Checked in a clean interpreter, after the window, the command
line (``fleet --help`` included) and a ``validate`` run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

FLEET_ONLY = ("psycopg", "psycopg_binary", "celery", "kombu", "redis")

_PROBE = """
import contextlib, io, json, sys
import explorer.cli, explorer.ui.shell.main_window
from explorer.cli import main
from explorer.cli.fleet import SUBCOMMANDS
import importlib
for name in SUBCOMMANDS.values():
    importlib.import_module(name)
import explorer.net.fleet.runner, explorer.net.fleet.report_page
with contextlib.redirect_stdout(io.StringIO()):
    main(["fleet", "--help"])
    main(["fleet", "status", "--help"])
    main(["validate", sys.argv[1]])
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in json.loads(sys.argv[2]))))
"""


def test_window_and_commands_leave_psycopg_and_celery_unloaded(tmp_path: Path) -> None:
    document = tmp_path / "resourcelist.xml"
    document.write_text(
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
        ' xmlns:rs="http://www.openarchives.org/rs/terms/">'
        '<rs:md capability="resourcelist" at="2026-12-01T00:00:00Z"/></urlset>'
    )
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, str(document), json.dumps(FLEET_ONLY)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
