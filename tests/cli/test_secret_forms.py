"""Every secret option fails closed and has forms kept out of the process list.

An empty or blank secret (what an unset shell variable gives) is refused with one line
naming the option, never taken as "no secret"; the plain form warns that ``ps`` shows it.
The file and environment forms are attacked from outside in
``tests/net/test_listen_secret_forms.py`` (``/proc/PID/cmdline`` of a running ``listen``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TOPIC = "http://127.0.0.1:9/topic"
FORWARD = ["--forward", "http://127.0.0.1:9/app"]


def explorer(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "explorer", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **(env or {})},
    )


@pytest.mark.parametrize(
    ("args", "env", "names"),
    [
        (["--secret", ""], {}, "--secret"),
        (["--secret", " \t"], {}, "--secret"),
        (["--secret-env", "EMPTY_SECRET"], {"EMPTY_SECRET": ""}, "$EMPTY_SECRET"),
        ([*FORWARD, "--forward-secret", ""], {}, "--forward-secret"),
        ([*FORWARD, "--forward-secret-env", "EMPTY_SECRET"], {"EMPTY_SECRET": " "}, "$EMPTY"),
        ([*FORWARD, "--forward-header-env", "EMPTY_SECRET"], {"EMPTY_SECRET": ""}, "$EMPTY"),
        (["--secret-env", "UNSET_SECRET_XYZ"], {}, "$UNSET_SECRET_XYZ"),
    ],
)
def test_listen_refuses_an_empty_secret_in_every_form(
    args: list[str], env: dict[str, str], names: str
) -> None:
    done = explorer("listen", "--topic", TOPIC, *args, env=env)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and names in lines[0], done.stderr
    assert "Traceback" not in done.stderr


def test_an_empty_secret_file_is_refused(tmp_path: Path) -> None:
    empty = tmp_path / "secret"
    empty.write_text("\n")
    for args in (["--secret-file", str(empty)], [*FORWARD, "--forward-secret-file", str(empty)]):
        done = explorer("listen", "--topic", TOPIC, *args)
        assert done.returncode == 2 and "empty or blank" in done.stderr, done.stderr
    token = explorer("validate", "http://127.0.0.1:9/x.xml", "--token-file", str(empty))
    assert token.returncode == 2 and "empty or blank" in token.stderr


def test_an_unreadable_secret_file_is_named(tmp_path: Path) -> None:
    """The user pointed at a path; the refusal repeats it, so a typo is seen at once."""
    missing = tmp_path / "no-such-secret"
    done = explorer("listen", "--topic", TOPIC, "--secret-file", str(missing))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert str(missing) in done.stderr, done.stderr


def test_the_plain_forms_warn_that_ps_shows_them(tmp_path: Path) -> None:
    damaged = tmp_path / "s.sqlite3"
    damaged.write_bytes(b"not a store" * 100)  # listen stops at the store, after the options
    done = explorer(
        "listen", "--topic", TOPIC, "--store", str(damaged), "--secret", "s3cret-value",
        *FORWARD, "--forward-secret", "f0rward-value", "--forward-header", "X-Key: h3ader",
        "--token", "t0ken-value",
    )  # fmt: skip
    assert done.returncode == 2
    for option in ("--secret", "--forward-secret", "--forward-header", "--token"):
        assert f"warning: {option} on the command line" in done.stderr, done.stderr
    for value in ("s3cret-value", "f0rward-value", "h3ader", "t0ken-value"):
        assert value not in done.stderr
    quiet = explorer(
        "listen", "--topic", TOPIC, "--store", str(damaged), "--secret-env", "S",
        env={"S": "s3cret-value"},
    )  # fmt: skip
    assert "warning" not in quiet.stderr


def test_the_secret_forms_exclude_each_other(tmp_path: Path) -> None:
    done = explorer("listen", "--topic", TOPIC, "--secret", "a", "--secret-env", "B")
    assert done.returncode == 2 and "not allowed with" in done.stderr
