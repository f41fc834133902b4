"""``listen``'s forwarding options refused as a user would meet them: exit 2, one line
naming the cause, and never the secret or a header's value on the screen."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from explorer.cli import listen
from explorer.cli.listen_forwarding import forward_target
from explorer.cli.options.secret_option import SecretFormError

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


def test_a_forward_header_file_skips_comments_and_refuses_a_blank_value(tmp_path) -> None:
    """The file form reads as the other header files do: ``#`` lines are comments (the
    template a user fills in), a header with no value is refused, never sent without it."""
    header_file = tmp_path / "headers.txt"
    header_file.write_text("# X-Old: v4lue\nX-App-Key: s3cret-value\n")
    target = forward_target(_listen_args("--forward-header-file", str(header_file)))
    assert target is not None and target.headers == (("X-App-Key", "s3cret-value"),)
    header_file.write_text("# the app's key, filled in on deployment\nX-App-Key:\n")
    with pytest.raises(SecretFormError) as refused:
        forward_target(_listen_args("--forward-header-file", str(header_file)))
    assert "X-App-Key" in str(refused.value) and "headers.txt" in str(refused.value)


def _listen_args(*extra: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    listen.configure(parser)
    return parser.parse_args(["--topic", TOPIC, "--forward", "http://127.0.0.1:9/app", *extra])


def test_a_plain_forward_header_without_a_value_is_refused() -> None:
    done = subprocess.run(
        [
            sys.executable, "-m", "explorer", "listen", "--topic", TOPIC,
            "--forward", "http://127.0.0.1:9/app", "--forward-header", "X-App-Key:",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert "Name: value" in done.stderr and "Traceback" not in done.stderr
