"""``listen`` started with every secret from a file or the environment, read from outside
as another user of the machine would with ``ps``: no secret in ``/proc/PID/cmdline``, and
each one still did its job (the hub got the hub secret, the application verified the
forward signature and got the header)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from fake_hub import FakeHub, notification
from helpers.forward_receiver import forwarding_listen
from helpers.listen_process import until

from explorer.core.push.signatures import sign

HUB_SECRET = "hub-s3cret-from-a-file"
FORWARD_SECRET = "forward-s3cret-from-env"
HEADER_VALUE = "header-s3cret-from-a-file"
TOKEN = "t0ken-s3cret-from-env"


async def test_secrets_given_by_file_or_environment_are_not_in_the_process_list(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret_file = tmp_path / "hub-secret"
    secret_file.write_text(HUB_SECRET + "\n")
    header_file = tmp_path / "headers"
    header_file.write_text(f"X-App-Token: {HEADER_VALUE}\n")
    monkeypatch.setenv("APP_FORWARD_SECRET", FORWARD_SECRET)
    monkeypatch.setenv("SOURCE_TOKEN", TOKEN)
    async with (
        FakeHub() as hub,
        forwarding_listen(
            hub,
            tmp_path / "s.sqlite3",
            "--secret-file", str(secret_file),
            "--forward-header-file", str(header_file),
            "--token-env", "SOURCE_TOKEN",
            secret=FORWARD_SECRET,
            secret_option=("--forward-secret-env", "APP_FORWARD_SECRET"),
        ) as (listener, receiver),
    ):  # fmt: skip
        command_line = Path(f"/proc/{listener.pid}/cmdline").read_bytes()
        for secret in (HUB_SECRET, FORWARD_SECRET, HEADER_VALUE, TOKEN):
            assert secret.encode() not in command_line
        assert b"--secret-file" in command_line  # it is listen's own command line
        assert listener.secret == HUB_SECRET  # the hub was given the file's secret
        body = notification(1, "2026-01-01T00:00:00Z", "2026-01-01T00:00:30Z")
        headers = {"Content-Type": "application/xml", "X-Hub-Signature": sign(HUB_SECRET, body)}
        async with httpx.AsyncClient(timeout=10) as client:
            answer = await client.post(listener.callback, content=body, headers=headers)
        assert answer.status_code == 200
        await until(lambda: len(receiver.received) >= 1)
    (forwarded,) = receiver.received
    assert forwarded.verified  # signed with the secret from the environment
    assert forwarded.headers["X-App-Token"] == HEADER_VALUE
