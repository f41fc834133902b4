"""``resourcesync-explorer validate``: output formats and exit codes."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
from http_pages import serving

from explorer.cli import main

NS = (
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/"'
)
GOOD = f"""<?xml version="1.0" encoding="UTF-8"?>
<urlset {NS}>
<rs:ln rel="up" href="http://example.com/capabilitylist.xml"/>
<rs:md capability="resourcelist" at="2013-01-03T09:00:00Z"/>
<url><loc>http://example.com/res1</loc></url>
<url><loc>http://example.com/res2</loc></url>
</urlset>
""".encode()
# Line 6: a relative loc (error); line 7: a bad hash (warning).
BAD = f"""<?xml version="1.0" encoding="UTF-8"?>
<urlset {NS}>
<rs:ln rel="up" href="http://example.com/capabilitylist.xml"/>
<rs:md capability="resourcelist" at="2013-01-03T09:00:00Z"/>
<url><loc>http://example.com/res1</loc></url>
<url><loc>res2.html</loc></url>
<url><loc>http://example.com/res3</loc><rs:md hash="md5:abc"/></url>
</urlset>
""".encode()
MALFORMED = b'<?xml version="1.0"?>\n<urlset>\n<url>\n</urlset>\n'


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    paths = {}
    for name, data in (("good.xml", GOOD), ("bad.xml", BAD), ("malformed.xml", MALFORMED)):
        path = tmp_path / name
        path.write_bytes(data)
        paths[name] = str(path)
    return paths


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path == "/good.xml":
            self.send_response(200)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", str(len(GOOD)))
            self.end_headers()
            self.wfile.write(GOOD)
        else:
            self.send_error(404)

    def log_message(self, format: str, *args: object) -> None:
        return


@pytest.fixture
def server() -> Iterator[str]:
    with serving(_Handler) as url:
        yield url


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_clean_file_exits_0(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", files["good.xml"]]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"{files['good.xml']}: resourcelist (urlset), 2 entries: 0 errors, 0 warnings, 0 info"
    ]


def test_findings_one_line_each_then_summary(
    files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", files["bad.xml"]]) == 1
    out = capsys.readouterr().out.splitlines()
    target = files["bad.xml"]
    assert out[0].startswith(f"{target}:6: error document.loc-not-absolute ")
    assert out[0].endswith("(Sitemaps protocol, <loc>)")
    assert out[1].startswith(f"{target}:7: warning document.hash-digest-length ")
    assert out[2] == f"{target}: resourcelist (urlset), 3 entries: 1 error, 1 warning, 0 info"


def test_malformed_xml_is_an_error_finding_not_unreadable(
    files: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", files["malformed.xml"]]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{files['malformed.xml']}:4: error parse.")


def test_missing_file_exits_2(
    files: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = str(tmp_path / "nope.xml")
    assert main(["validate", files["good.xml"], missing]) == 2
    captured = capsys.readouterr()
    assert f"{missing}: cannot read:" in captured.err
    assert files["good.xml"] in captured.out


def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate"]) == 2
    assert main(["validate", "--bogus", "x.xml"]) == 2


def test_json_output_shape(files: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--json", files["bad.xml"], files["malformed.xml"]]) == 1
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["targets"]
    bad, malformed = data["targets"]
    assert set(bad) == {"target", "root", "capability", "entries", "findings"}
    assert (bad["target"], bad["root"], bad["capability"], bad["entries"]) == (
        files["bad.xml"],
        "urlset",
        "resourcelist",
        3,
    )
    assert bad["findings"][0] == {
        "severity": "error",
        "code": "document.loc-not-absolute",
        "line": 6,
        "message": bad["findings"][0]["message"],
        "spec": "Sitemaps protocol, <loc>",
        "count": 1,
        "lines": [6],
    }
    assert malformed["root"] is None and malformed["capability"] is None
    assert malformed["entries"] == 0
    assert malformed["findings"][0]["severity"] == "error"
    assert malformed["findings"][0]["line"] == 4


def test_json_for_an_unreadable_target(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "--json", str(tmp_path / "none.xml")]) == 2
    target = json.loads(capsys.readouterr().out)["targets"][0]
    assert target["findings"] == [] and "error" in target


def test_url_target(server: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", f"{server}/good.xml"]) == 0
    assert "resourcelist (urlset), 2 entries" in capsys.readouterr().out


def test_http_error_is_unreadable(server: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", f"{server}/missing.xml"]) == 2
    assert "HTTP 404" in capsys.readouterr().err


def test_connection_refused_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", f"http://127.0.0.1:{closed_port()}/x.xml"]) == 2
    assert "cannot read" in capsys.readouterr().err


def _repeated_defects(count: int) -> bytes:
    """A Resource List whose every entry has a base64 digest (a warning each) and one
    relative loc (an error)."""
    entries = "\n".join(
        f'<url><loc>http://example.com/r{i}</loc><rs:md hash="md5:1B2M2Y8AsgTpgAmY7PhCfg=="/></url>'
        for i in range(count)
    )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset {NS}>\n'
        '<rs:ln rel="up" href="http://example.com/capabilitylist.xml"/>\n'
        '<rs:md capability="resourcelist" at="2013-01-03T09:00:00Z"/>\n'
        "<url><loc>r.html</loc></url>\n"
        f"{entries}\n</urlset>\n"
    ).encode()


def test_a_repeated_defect_is_one_line_with_its_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "repeated.xml"
    path.write_bytes(_repeated_defects(996))
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 3, out
    assert out[0].startswith(f"{path}:5: error document.loc-not-absolute ")
    assert out[1].startswith(f"{path}:6: warning document.hash-malformed ")
    assert out[1].endswith("[996 times, lines 6, 7, 8, 9, 10, 11, 12, 13, …]")
    # the summary still counts every occurrence
    assert out[2].endswith("997 entries: 1 error, 996 warnings, 0 info")


def test_json_gives_each_code_once_with_count_and_every_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "repeated.xml"
    path.write_bytes(_repeated_defects(996))
    assert main(["validate", "--json", str(path)]) == 1
    [target] = json.loads(capsys.readouterr().out)["targets"]
    assert [(f["code"], f["count"]) for f in target["findings"]] == [
        ("document.loc-not-absolute", 1),
        ("document.hash-malformed", 996),
    ]
    assert target["findings"][1]["lines"] == list(range(6, 6 + 996))
    assert target["findings"][1]["line"] == 6


def test_one_entry_is_said_as_one_entry(tmp_path) -> None:
    import subprocess
    import sys

    path = tmp_path / "one.xml"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:rs="http://www.openarchives.org/rs/terms/">\n'
        '<rs:ln rel="up" href="http://example.com/capabilitylist.xml"/>\n'
        '<rs:md capability="resourcelist" at="2013-01-03T09:00:00Z"/>\n'
        "<url><loc>http://example.com/a</loc></url>\n</urlset>\n"
    )
    done = subprocess.run(
        [sys.executable, "-m", "explorer", "validate", str(path), "--lang", "en"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.stdout.splitlines()[-1].endswith(
        "resourcelist (urlset), 1 entry: 0 errors, 0 warnings, 0 info"
    )
