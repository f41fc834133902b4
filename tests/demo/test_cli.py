"""``resourcesync-explorer demo-source`` as a user runs it: a subprocess on loopback."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys

import httpx
import pytest

from explorer.cli import main


def start(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "explorer", "demo-source", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


@pytest.mark.parametrize("stop_signal", [signal.SIGINT, signal.SIGTERM])
def test_prints_base_url_first_serves_it_and_stops_cleanly(stop_signal: int) -> None:
    process = start("--rate", "0", "--faults", "lease-zero")
    try:
        assert process.stdout is not None
        base_url = process.stdout.readline().strip()
        assert base_url.startswith("http://127.0.0.1:") and base_url.endswith("/")
        landing = httpx.get(base_url, timeout=5)
        assert landing.status_code == 200 and 'rel="resourcesync"' in landing.text
        faults = httpx.get(base_url + "demo/faults", timeout=5).json()
        assert faults["enabled"] == ["lease-zero"]
        well_known = httpx.get(base_url + ".well-known/resourcesync", timeout=5)
        assert b'capability="description"' in well_known.content
    finally:
        process.send_signal(stop_signal)
        _, err = process.communicate(timeout=10)
    assert process.returncode == 0, err
    assert "Traceback" not in err


def test_unknown_fault_is_refused_with_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo-source", "--faults", "bad-signature,nope"]) == 2
    assert "nope" in capsys.readouterr().err


def test_bad_numbers_are_refused_with_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo-source", "--rate", "-1"]) == 2
    assert main(["demo-source", "--changes-per-list", "0"]) == 2
    assert "--rate" in capsys.readouterr().err


def test_help_lists_the_faults(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo-source", "--help"]) == 0
    out = capsys.readouterr().out
    assert "verify-wrong-topic" in out and "--faults" in out


def test_port_in_use_is_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["demo-source", "--port", str(port), "--rate", "0"]) == 2
    assert "cannot listen" in capsys.readouterr().err
