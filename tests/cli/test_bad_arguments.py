"""Every bad argument to every subcommand: exit 2, one line on stderr, never a traceback.

Each case runs ``python -m explorer`` as its own process, as a user would, with a timeout
so that a hang (a FIFO read, a bind that never returns) fails instead of stalling. The
processes run two at a time in one module fixture; each case then checks its own result.
"""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

HUB = "http://127.0.0.1:9/hub"
TOPIC = "http://127.0.0.1:9/topic"
LONG_URL = "http://127.0.0.1:9/" + "a" * 100_000
NEWLINE_URL = "http://127.0.0.1:9/x\r\nX-Injected: 1"
WAIT = 30.0  # generous: only a hang should ever reach it

# Seventy-odd interpreter start-ups, two at a time: about half a minute on this machine.
pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]


@dataclass(frozen=True)
class Outcome:
    code: int | None
    out: str
    err: str


# (case id, argv); "{dir}", "{fifo}", "{missing}", "{doc}", "{text}" and "{file_dir}" are
# filled in from the fixture's folder.
CASES: list[tuple[str, list[str]]] = [
    ("validate-long-url", ["validate", LONG_URL]),
    ("validate-newline-url", ["validate", NEWLINE_URL]),
    ("validate-ftp", ["validate", "ftp://127.0.0.1/x.xml"]),
    ("validate-port-range", ["validate", "http://127.0.0.1:99999/x.xml"]),
    ("validate-dev-zero", ["validate", "/dev/zero"]),
    ("validate-fifo", ["validate", "{fifo}"]),
    ("validate-directory", ["validate", "{dir}"]),
    ("validate-missing", ["validate", "{missing}"]),
    ("validate-timeout-nan", ["validate", "--timeout", "nan", "{doc}"]),
    ("inspect-long-url", ["inspect", LONG_URL]),
    ("inspect-newline-url", ["inspect", NEWLINE_URL]),
    ("inspect-file-scheme", ["inspect", "file:///etc/passwd"]),
    ("inspect-depth-negative", ["inspect", TOPIC, "--depth", "-1"]),
    ("inspect-timeout-zero", ["inspect", TOPIC, "--timeout", "0"]),
    ("inspect-timeout-inf", ["inspect", TOPIC, "--timeout", "inf"]),
    ("inspect-max-documents-zero", ["inspect", TOPIC, "--max-documents", "0"]),
    ("inspect-huge-number", ["inspect", TOPIC, "--depth", "9" * 5000]),
    ("listen-port-high", ["listen", "--topic", TOPIC, "--port", "99999"]),
    ("listen-port-negative", ["listen", "--topic", TOPIC, "--port", "-1"]),
    ("listen-topic-ftp", ["listen", "--topic", "ftp://127.0.0.1/t"]),
    ("listen-topic-newline", ["listen", "--topic", NEWLINE_URL]),
    ("listen-topic-long", ["listen", "--topic", LONG_URL]),
    ("listen-hub-javascript", ["listen", "--topic", TOPIC, "--hub", "javascript:alert(1)"]),
    ("listen-public-url-ftp", ["listen", "--topic", TOPIC, "--public-url", "ftp://x/"]),
    ("listen-lease-zero", ["listen", "--topic", TOPIC, "--lease", "0"]),
    ("listen-max-body-negative", ["listen", "--topic", TOPIC, "--max-body", "-5"]),
    ("listen-host-space", ["listen", "--topic", TOPIC, "--host", "a b"]),
    ("listen-store-directory", ["listen", "--topic", TOPIC, "--store", "{dir}"]),
    ("listen-store-device", ["listen", "--topic", TOPIC, "--store", "/dev/zero"]),
    ("listen-store-under-a-file", ["listen", "--topic", TOPIC, "--store", "{file_dir}"]),
    ("listen-store-not-a-store", ["listen", "--topic", TOPIC, "--store", "{text}"]),
    ("export-store-directory", ["export", "--store", "{dir}"]),
    ("export-store-missing", ["export", "--store", "{missing}"]),
    ("export-store-fifo", ["export", "--store", "{fifo}"]),
    ("export-store-not-a-store", ["export", "--store", "{text}"]),
    ("export-out-is-a-file", ["export", "--store", "{missing}", "--out", "{doc}"]),
    ("diff-dev-zero", ["diff", "/dev/zero", "{doc}"]),
    ("diff-fifo", ["diff", "{fifo}", "{doc}"]),
    ("diff-directory", ["diff", "{doc}", "{dir}"]),
    ("diff-missing", ["diff", "{doc}", "{missing}"]),
    ("diff-newline-url", ["diff", NEWLINE_URL, "{doc}"]),
    ("diff-context-negative", ["diff", "{doc}", "{doc}", "--context", "-1"]),
    ("diff-timeout-zero", ["diff", "{doc}", "{doc}", "--timeout", "0"]),
    ("demo-port-high", ["demo-source", "--port", "65536"]),
    ("demo-port-word", ["demo-source", "--port", "eighty"]),
    ("demo-rate-negative", ["demo-source", "--rate", "-1"]),
    ("demo-rate-nan", ["demo-source", "--rate", "nan"]),
    ("demo-changes-zero", ["demo-source", "--changes-per-list", "0"]),
    ("demo-min-lease-zero", ["demo-source", "--min-lease", "0"]),
    ("demo-faults-newline", ["demo-source", "--faults", "bogus\nmore"]),
    ("demo-host-newline", ["demo-source", "--host", "127.0.0.1\n"]),
    ("hub-check-ftp", ["hub-check", "ftp://127.0.0.1/hub"]),
    ("hub-check-long-url", ["hub-check", LONG_URL]),
    ("hub-check-port-high", ["hub-check", HUB, "--port", "70000"]),
    ("hub-check-timeout-zero", ["hub-check", HUB, "--timeout", "0"]),
    ("hub-check-quiet-negative", ["hub-check", HUB, "--quiet", "-1"]),
    ("hub-check-slow-inf", ["hub-check", HUB, "--slow", "inf"]),
    ("hub-check-topic-newline", ["hub-check", HUB, "--topic", NEWLINE_URL]),
    ("hub-check-public-url-ftp", ["hub-check", HUB, "--public-url", "ftp://x/"]),
    ("hub-check-unknown-check", ["hub-check", HUB, "--check", "nope"]),
    ("publish-dev-zero", ["publish", HUB, "--topic", TOPIC, "/dev/zero"]),
    ("publish-fifo", ["publish", HUB, "--topic", TOPIC, "{fifo}"]),
    (
        "publish-credentials-fifo",
        ["publish", HUB, "--topic", TOPIC, "{doc}", "--credentials", "{fifo}"],
    ),
    ("inspect-credentials-fifo", ["inspect", TOPIC, "--credentials", "{fifo}"]),
    ("validate-credentials-device", ["validate", TOPIC, "--credentials", "/dev/zero"]),
    ("listen-credentials-fifo", ["listen", "--topic", TOPIC, "--credentials", "{fifo}"]),
    ("hub-check-ca-bundle-fifo", ["hub-check", HUB, "--ca-bundle", "{fifo}"]),
    ("publish-directory", ["publish", HUB, "--topic", TOPIC, "{dir}"]),
    ("publish-missing", ["publish", HUB, "--topic", TOPIC, "{missing}"]),
    ("publish-hub-ftp", ["publish", "ftp://127.0.0.1/hub", "--topic", TOPIC, "{doc}"]),
    ("publish-topic-relative", ["publish", HUB, "--topic", "x", "{doc}"]),
    ("publish-topic-long", ["publish", HUB, "--topic", LONG_URL, "{doc}"]),
    ("publish-timeout-negative", ["publish", HUB, "--topic", TOPIC, "{doc}", "--timeout", "-1"]),
    ("gui-ftp-url", ["ftp://127.0.0.1/"]),
    ("gui-newline-url", [NEWLINE_URL]),
    ("gui-store-directory", ["--store", "{dir}"]),
    ("gui-screenshot-directory", ["--self-test", "--screenshot", "{dir}"]),
    ("gui-unknown-option", ["--no-such-option"]),
    ("plan-profile-unknown", ["plan", TOPIC, "--profile", "fast"]),
    ("plan-profile-parallel-zero", ["plan", TOPIC, "--profile", "parallel:0"]),
    ("plan-delay-negative", ["plan", TOPIC, "--delay", "-1"]),
    ("plan-delay-word", ["plan", TOPIC, "--delay", "soon"]),
    ("plan-from-not-a-datetime", ["plan", TOPIC, "--from", "yesterday"]),
    ("plan-map-without-dest", ["plan", TOPIC, "--map", "http://x/a={dir}"]),
    ("plan-dest-missing", ["plan", TOPIC, "--dest", "{missing}"]),
    ("plan-missing-path", ["plan", "{missing}"]),
    ("plan-store-directory", ["plan", TOPIC, "--store", "{dir}"]),
    ("audit-no-dest", ["audit", TOPIC]),
    ("audit-dest-missing", ["audit", TOPIC, "--dest", "{missing}"]),
    ("audit-map-no-folder", ["audit", TOPIC, "--dest", "{dir}", "--map", "http://x/a"]),
    ("audit-ftp-url", ["audit", "ftp://127.0.0.1/", "--dest", "{dir}"]),
    ("inspect-every-without-save", ["inspect", TOPIC, "--every", "1"]),
    ("inspect-every-zero", ["inspect", TOPIC, "--save", "--every", "0"]),
    ("compare-store-directory", ["compare", "--store", "{dir}", "1", "2"]),
    ("compare-unknown-snapshot", ["compare", "--store", "{missing}", "1", "2"]),
]


def _fill(argv: list[str], paths: dict[str, str]) -> list[str]:
    return [paths.get(arg, arg) for arg in argv]


def _run(argv: list[str], cwd: Path) -> Outcome:
    env = {**os.environ, "XDG_DATA_HOME": str(cwd / "data"), "QT_QPA_PLATFORM": "offscreen"}
    try:
        done = subprocess.run(
            [sys.executable, "-m", "explorer", *argv],
            capture_output=True,
            text=True,
            errors="replace",
            timeout=WAIT,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired as exc:
        return Outcome(None, str(exc.stdout or ""), str(exc.stderr or ""))
    return Outcome(done.returncode, done.stdout, done.stderr)


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    folder = tmp_path_factory.mktemp("bad-arguments")
    (folder / "a-directory").mkdir()
    os.mkfifo(folder / "a-fifo")
    doc = folder / "doc.xml"
    doc.write_text('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>\n')
    text = folder / "notes.txt"
    text.write_text("not a database, just some words\n" * 10)
    paths = {
        "{dir}": str(folder / "a-directory"),
        "{fifo}": str(folder / "a-fifo"),
        "{missing}": str(folder / "missing.xml"),
        "{doc}": str(doc),
        "{text}": str(text),
        "{file_dir}": str(doc / "store.sqlite3"),
    }
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {name: pool.submit(_run, _fill(argv, paths), folder) for name, argv in CASES}
        return {name: future.result() for name, future in futures.items()}


@pytest.mark.parametrize("name", [name for name, _ in CASES])
def test_refused_with_one_line_and_exit_2(outcomes: dict[str, Outcome], name: str) -> None:
    result = outcomes[name]
    assert result.code is not None, f"{name}: still running after {WAIT:g} s"
    both = result.out + result.err
    assert "Traceback" not in both, both
    assert result.code == 2, both
    lines = [line for line in result.err.splitlines() if line.strip()]
    assert len(lines) == 1, lines
    assert result.out.strip() == "", result.out
