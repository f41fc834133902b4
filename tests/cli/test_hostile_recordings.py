"""``demo-source --replay`` handed a hostile recording, run as its own process: thousands
of distinct hosts are refused at once (before, a 2,000-host recording took minutes to
start serving, rewriting every host in every body), a recording at the host budget serves
at once, and JSON nested past the stack is one line, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

from explorer.core.recording import MAX_HOSTS

HEADER = json.dumps({"type": "recording", "version": 1, "started": 1.0})


def document(host: int, number: int, body: str) -> str:
    url = f"http://h{host}.example/doc-{host}-{number}.xml"
    line = {"type": "document", "time": 1.0 + number, "url": url, "status": 200}
    return json.dumps({**line, "headers": [["Content-Type", "application/xml"]], "body": body})


def play(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "explorer", "demo-source", "--replay", str(path), "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,  # a hang bound: the refusal comes at the line past the budget
    )


def test_a_recording_of_199000_hosts_is_refused_at_once(tmp_path: Path) -> None:
    path = tmp_path / "hosts.jsonl"
    with path.open("w") as out:
        out.write(HEADER + "\n")
        for host in range(199_000):
            out.write(document(host, 0, "<urlset/>") + "\n")
    done = play(path)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and f"more than {MAX_HOSTS} distinct hosts" in lines[0]
    assert f"line {MAX_HOSTS + 2}" in lines[0]  # counted as the lines come
    assert "Traceback" not in done.stderr


def test_json_nested_past_the_stack_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "nested.jsonl"
    path.write_text(HEADER + "\n" + "[" * 100_000 + "]" * 100_000 + "\n")
    done = play(path)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "RecursionError" not in done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "line 2" in lines[0] and "nested too deeply" in lines[0]


def test_a_recording_at_the_host_budget_serves_at_once_rebased(tmp_path: Path) -> None:
    path = tmp_path / "budget.jsonl"
    every_host = " ".join(f"http://h{host}.example/x" for host in range(MAX_HOSTS))
    with path.open("w") as out:
        out.write(HEADER + "\n")
        for host in range(MAX_HOSTS):
            for number in range(20):
                out.write(document(host, number, f"<urlset>{every_host}</urlset>") + "\n")
    proc = subprocess.Popen(
        [sys.executable, "-m", "explorer", "demo-source", "--replay", str(path), "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        base = proc.stdout.readline().strip()  # printed once the recording is served
        assert base.startswith("http://127.0.0.1:"), proc.stderr and proc.stderr.read()
        with urllib.request.urlopen(f"{base.rstrip('/')}/doc-7-19.xml", timeout=30) as answer:
            body = answer.read().decode()
        assert answer.status == 200
        assert ".example" not in body and body.count(base.rstrip("/")) == MAX_HOSTS
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
