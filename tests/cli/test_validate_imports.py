"""A plain local ``validate`` imports no network stack, no event loop and no Qt.

CI jobs run ``validate`` once per file, so every module it loads without needing it is
paid hundreds of times. The command runs in a fresh interpreter through a small wrapper
that, once it has finished, prints which of the unneeded modules ``sys.modules`` holds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
UNNEEDED = ("httpx", "asyncio", "aiohttp", "PySide6", "ssl", "explorer.core.codes.ja")
UNNEEDED += ("explorer.core.push.payload_templates", "explorer.net.http.fetcher")
# what only a report, a JUnit file, a credential or a URL needs: parsing the arguments of a
# local validate must not load them (each was 10-30 ms of every CI run's start)
UNNEEDED += ("explorer.core.junit", "explorer.net.reports", "explorer.net.http.credentials")
UNNEEDED += ("explorer.net.http.network_access", "explorer.core.auth", "getpass")
# reading a catalog file next to its module needs no temporary files or zip archives
UNNEEDED += ("importlib.resources", "tempfile")
# argparse asks shutil for the terminal's width once per option unless given one
UNNEEDED += ("shutil",)
MODULE_LIMIT = 102
"""Modules a local ``validate --json`` adds to those the interpreter starts with, its
catalog and bytecode cached (117 before the catalog's cache and the help width, 107 after;
109 with the ``consumers`` and ``robots`` code families; 101 since the registry imports a
family when one of its codes is first looked up; 102 since the document size bound is a
module of its own, so that a refused validate, or one whose target cannot be read, loads
no lxml; a new import on this path raises the count and should be worth its
milliseconds)."""

WRAPPER = """
import json, runpy, sys
unneeded = json.loads(sys.argv[2])
sys.argv = ["explorer", *json.loads(sys.argv[1])]
try:
    runpy.run_module("explorer", run_name="__main__")
except SystemExit as exc:
    status = exc.code
loaded = sorted(
    name for name in sys.modules
    if any(name == gone or name.startswith(gone + ".") for gone in unneeded)
)
print(json.dumps({"status": status, "loaded": loaded}), file=sys.stderr)
"""

RESOURCE_LIST = b"""<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:rs="http://www.openarchives.org/rs/terms/">
  <rs:ln rel="up" href="https://example.org/capabilitylist.xml"/>
  <rs:md capability="resourcelist" at="2026-11-01T00:00:00Z"/>
  <url><loc>https://example.org/a</loc><rs:md length="1"/></url>
</urlset>
"""


def loaded_by(*args: str) -> tuple[int, list[str]]:
    """Run ``python -m explorer ARGS`` through the wrapper: its exit status and which of
    ``UNNEEDED`` it had loaded by the end."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", WRAPPER, json.dumps(args), json.dumps(UNNEEDED)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    report = json.loads(done.stderr.strip().splitlines()[-1])
    return report["status"], report["loaded"]


def test_a_local_validate_loads_no_network_stack_loop_or_qt(tmp_path: Path) -> None:
    document = tmp_path / "resourcelist.xml"
    document.write_bytes(RESOURCE_LIST)
    for args in (["--json"], [], ["--lang", "en"]):
        status, loaded = loaded_by("validate", *args, str(document))
        assert status == 0
        assert loaded == [], f"validate {' '.join(args)} loaded {loaded}"


COUNTER = """
import runpy, sys
before = set(sys.modules)
from explorer.core import catalog
parses = []
read = catalog._AreaLoader.source_to_code
def counted_read(loader, *args, **kwargs):
    parses.append(loader.path)
    return read(loader, *args, **kwargs)
catalog._AreaLoader.source_to_code = counted_read
sys.argv = ["explorer", *sys.argv[1:]]
try:
    runpy.run_module("explorer", run_name="__main__")
except SystemExit as exc:
    status = exc.code
print(len(set(sys.modules) - before), bool(parses), file=sys.stderr)
"""


def counted(tmp_path: Path, *args: str) -> tuple[int, bool]:
    """Modules ``python -m explorer ARGS`` added, and whether it parsed TOML, with bytecode
    (and so the catalog's compiled areas) cached under ``tmp_path`` as an install has it."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONPYCACHEPREFIX": str(tmp_path / "pyc")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    done = subprocess.run(
        [sys.executable, "-c", COUNTER, *args], capture_output=True, text=True, env=env, timeout=120
    )
    added, parsed = done.stderr.strip().splitlines()[-1].split()
    return int(added), parsed == "True"


def test_a_local_validate_adds_few_modules_and_parses_no_toml_once_cached(tmp_path: Path) -> None:
    document = tmp_path / "resourcelist.xml"
    document.write_bytes(RESOURCE_LIST)
    _, parsed_first = counted(tmp_path, "validate", "--json", str(document))
    assert parsed_first  # nothing cached yet: the areas it says are parsed, and kept
    added, parsed = counted(tmp_path, "validate", "--json", str(document))
    assert not parsed, "the second run parsed a catalog file instead of its cached lines"
    assert added <= MODULE_LIMIT, f"a local validate added {added} modules"


def test_the_wrapper_sees_what_a_command_loads(tmp_path: Path) -> None:
    """The check above can fail: a URL target does load the network stack."""
    status, loaded = loaded_by("validate", "--timeout", "0.5", "http://127.0.0.1:9/none.xml")
    assert status == 2
    assert "httpx" in loaded
    assert "asyncio" in loaded
    assert "explorer.net.http.credentials" in loaded


def test_the_wrapper_sees_what_junit_loads(tmp_path: Path) -> None:
    """A JUnit file asked for does load its writer: the checks above see it when it is."""
    document = tmp_path / "resourcelist.xml"
    document.write_bytes(RESOURCE_LIST)
    status, loaded = loaded_by("validate", "--junit", str(tmp_path / "j.xml"), str(document))
    assert status == 0
    assert "explorer.core.junit" in loaded
    assert (tmp_path / "j.xml").read_bytes().startswith(b"<?xml")


def test_network_options_given_with_a_local_file_are_still_checked(tmp_path: Path) -> None:
    """A local file skips the credential files and the TLS context, not the options."""
    document = tmp_path / "resourcelist.xml"
    document.write_bytes(RESOURCE_LIST)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    missing = [
        sys.executable,
        "-m",
        "explorer",
        "validate",
        "--credentials",
        "none.toml",  # relative: a long temporary folder would be shortened in the message
        str(document),
    ]
    refused = subprocess.run(
        missing, capture_output=True, text=True, env=env, timeout=60, cwd=tmp_path
    )
    assert refused.returncode == 2
    assert "none.toml" in refused.stderr and "Traceback" not in refused.stderr
    insecure = [sys.executable, "-m", "explorer", "validate", "--insecure", str(document)]
    warned = subprocess.run(insecure, capture_output=True, text=True, env=env, timeout=60)
    assert warned.returncode == 0 and "--insecure" in warned.stderr
