"""``listen``'s forwarding options refused as a user would meet them: exit 2, one line
naming the cause, and never the secret or a header's value on the screen."""

from __future__ import annotations

import subprocess
import sys

import pytest

TOPIC = "http://127.0.0.1:9/topic"


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--forward-secret", "s3cret-value"], "--forward-secret needs --forward URL"),
        (["--forward-header", "X-Key: v4lue"], "--forward-header needs --forward URL"),
        (["--forward-unverified"], "--forward-unverified needs --forward URL"),
        (
            ["--forward", "http://127.0.0.1:9/app", "--forward-header", "no colon v4lue"],
            "Name: value",
        ),
        (
            ["--forward", "http://127.0.0.1:9/app", "--forward-header", "X-Key: a\rv4lue"],
            "Name: value",
        ),
        (["--forward", "http://127.0.0.1:9/app", "--forward-secret", "s" * 200], "under 200 bytes"),
        (["--forward", "ftp://127.0.0.1/app"], "--forward"),
        (["--forward", "http://me:s3cret-value@127.0.0.1:9/app"], "Authorization"),
        (["--forward", "http://127.0.0.1:9/app", "--forward-algorithm", "md5"], "md5"),
    ],
)
def test_bad_forwarding_options_exit_2_with_one_line(extra: list[str], says: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "explorer", "listen", "--topic", TOPIC, *extra],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert says in done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) <= 2  # argparse adds its usage line
    assert "s3cret-value" not in done.stderr and "v4lue" not in done.stderr
