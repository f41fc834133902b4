"""``--header`` from a file or the environment: what a Source wants (``Authorization``,
``X-Api-Key``) reaches it without sitting in the process list, the shell history, the
output or the stored exchanges; bad input is one line naming where, never the value.

Every command runs as its own process; the running one is read from outside as another
user would with ``ps`` (``/proc/PID/cmdline``)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import ClassVar

import pytest
from http_pages import serving

TOKEN = "t0ken-from-a-header-file"
KEY = "k3y-from-the-environment"
UNREACHABLE = "http://127.0.0.1:9/"


def explorer(
    home: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "explorer", *args],
        capture_output=True,
        text=True,
        timeout=60,
        stdin=subprocess.DEVNULL,
        env=environment(home, env),
    )


def environment(home: Path, extra: dict[str, str] | None = None) -> dict[str, str]:
    """An empty config folder (no credentials file of the machine's user), no proxy."""
    proxies = ("http_proxy", "https_proxy", "all_proxy", "no_proxy")
    env = {k: v for k, v in os.environ.items() if k.lower() not in proxies}
    return {**env, "HOME": str(home), "XDG_CONFIG_HOME": str(home / "config"), **(extra or {})}


class HeldSource(BaseHTTPRequestHandler):
    """Keeps the first request waiting until the test has read the command line."""

    seen: ClassVar[list[dict[str, str]]] = []
    arrived: ClassVar[threading.Event] = threading.Event()
    release: ClassVar[threading.Event] = threading.Event()

    def do_GET(self) -> None:
        HeldSource.seen.append(dict(self.headers))
        HeldSource.arrived.set()
        HeldSource.release.wait(60)
        self.send_response(404)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def held_source() -> Iterator[str]:
    HeldSource.seen = []
    HeldSource.arrived, HeldSource.release = threading.Event(), threading.Event()
    try:
        with serving(HeldSource) as base:
            yield base
    finally:
        HeldSource.release.set()


def test_headers_from_a_file_and_a_variable_are_sent_and_not_in_the_process_list(
    tmp_path: Path, held_source: str
) -> None:
    headers = tmp_path / "headers"
    headers.write_text(f"# the Source's token\n\nAuthorization: Bearer {TOKEN}\n  \n")
    process = subprocess.Popen(
        [sys.executable, "-m", "explorer", "inspect", f"{held_source}/", "--json",
         "--header-file", str(headers), "--header-env", "SOURCE_KEY"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        env=environment(tmp_path, {"SOURCE_KEY": f"X-Api-Key: {KEY}"}),
    )  # fmt: skip
    try:
        while not HeldSource.arrived.wait(0.1) and process.poll() is None:
            pass  # a refused option ends the process: no minute's wait for a request
        assert HeldSource.arrived.is_set(), "the Source was never asked"
        command_line = Path(f"/proc/{process.pid}/cmdline").read_bytes()
    finally:
        HeldSource.release.set()
        stdout, stderr = process.communicate(timeout=90)
    assert b"--header-file" in command_line  # it is inspect's own command line
    assert TOKEN.encode() not in command_line and KEY.encode() not in command_line
    first = HeldSource.seen[0]
    assert first["Authorization"] == f"Bearer {TOKEN}" and first["X-Api-Key"] == KEY
    assert "Traceback" not in stderr and "warning" not in stderr, stderr
    assert stdout.strip(), stderr  # the --json report
    for secret in (TOKEN, KEY):
        assert secret not in stdout and secret not in stderr


def test_a_plain_credential_header_warns_and_another_does_not(tmp_path: Path) -> None:
    for header in ("Authorization: Bearer s3cret-value", "X-Api-Key: s3cret-value"):
        done = explorer(tmp_path, "inspect", UNREACHABLE, "--header", header)
        assert "warning: --header on the command line" in done.stderr, done.stderr
        assert "--header-env VAR" in done.stderr and "s3cret-value" not in done.stderr
    plain = explorer(tmp_path, "inspect", UNREACHABLE, "--header", "Accept: text/xml")
    assert "warning" not in plain.stderr, plain.stderr


def bad_inputs(tmp_path: Path) -> list[tuple[list[str], dict[str, str], str]]:
    """(arguments, environment, what the one line must name) for each kind of bad input."""
    malformed = tmp_path / "malformed"
    malformed.write_text(f"# fine\nX-Api-Key: {KEY}\nBearer {TOKEN}\n")
    blank = tmp_path / "blank"
    blank.write_text("Authorization:   \n")
    binary = tmp_path / "binary"
    binary.write_bytes(b"X-Api-Key: \xff\xfe\n")
    missing = tmp_path / "missing"
    return [
        (["--header-file", str(missing)], {}, f"--header-file {missing}"),
        (["--header-file", str(tmp_path)], {}, f"--header-file {tmp_path}"),
        (["--header-file", str(malformed)], {}, f"--header-file {malformed}, line 3"),
        (["--header-file", str(blank)], {}, f"--header-file {blank}, line 1"),
        (["--header-file", str(binary)], {}, "UTF-8"),
        (["--header-env", "UNSET_HEADER_XYZ"], {}, "$UNSET_HEADER_XYZ"),
        (["--header-env", "H"], {"H": ""}, "$H is empty"),
        (["--header-env", "H"], {"H": "X-Api-Key:"}, "$H gives X-Api-Key an empty value"),
        (["--header-env", "H"], {"H": f"X-Api-Key: {KEY}\nX-Other: {TOKEN}"}, "$H"),
        (["--header-env", "H"], {"H": f"X-Api-Key {KEY}"}, "$H does not start with a header"),
        (["--header-env", "H"], {"H": f"Bearer {KEY}: x"}, "$H does not start with a header"),
        (["--header-env", "H"], {"H": f"X-Api-Key: {KEY}\rX"}, "$H is not a usable header"),
        (["--header-env", "H"], {"H": f"Authorization: {KEY}\x01"}, "$H is not a usable"),
    ]


@pytest.mark.parametrize("case", range(13))
@pytest.mark.parametrize("command", ["inspect", "replay"])
def test_bad_header_forms_are_one_line_exit_2_without_the_value(
    tmp_path: Path, case: int, command: str
) -> None:
    args, env, names = bad_inputs(tmp_path)[case]
    if command == "inspect":
        argv = ["inspect", UNREACHABLE, *args]
    else:  # refused before the store is opened, so none is needed
        argv = ["replay", "--store", str(tmp_path / "none.sqlite3"), "--delivery", "1",
                "--to", UNREACHABLE, *args]  # fmt: skip
    done = explorer(tmp_path, *argv, env=env)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and names in lines[0], done.stderr
    assert lines[0].startswith(f"{command}: ")
    assert KEY not in done.stderr and TOKEN not in done.stderr
    assert not (tmp_path / "none.sqlite3").exists()


def test_bad_header_forms_are_said_in_japanese(tmp_path: Path) -> None:
    done = explorer(tmp_path, "inspect", UNREACHABLE, "--lang", "ja", "--header-env", "H",
                    env={"H": "X-Api-Key: "})  # fmt: skip
    assert done.returncode == 2
    assert "$H の X-Api-Key の値が空です" in done.stderr, done.stderr
