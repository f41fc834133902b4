"""``resourcesync-explorer diff OLD NEW [--json]`` on files and URLs."""

from __future__ import annotations

import json
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import ClassVar

import pytest
from http_pages import serving

from explorer.cli import main

HEAD = (
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/">'
)


def resource_list(at: str, *entries: tuple[str, str]) -> bytes:
    body = "".join(
        f"<url><loc>http://example.com/{name}</loc><rs:md {md}/></url>" for name, md in entries
    )
    return f'{HEAD}<rs:md capability="resourcelist" at="{at}"/>{body}</urlset>'.encode()


OLD = resource_list(
    "2024-01-01T00:00:00Z", ("a", 'length="1"'), ("b", 'length="2"'), ("gone", 'length="3"')
)
NEW = resource_list(
    "2024-01-02T00:00:00Z", ("a", 'length="10"'), ("b", 'length="2"'), ("fresh", 'length="4"')
)


@pytest.fixture
def files(tmp_path: Path) -> tuple[str, str]:
    old, new = tmp_path / "old.xml", tmp_path / "new.xml"
    old.write_bytes(OLD)
    new.write_bytes(NEW)
    return str(old), str(new)


def test_human_output_lists_entries_and_a_unified_diff(
    files: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["diff", *files]) == 0
    out = capsys.readouterr().out
    assert "document rs:md at: 2024-01-01T00:00:00Z → 2024-01-02T00:00:00Z" in out
    assert "entries: 1 added, 1 removed, 1 changed" in out
    assert "  + http://example.com/fresh" in out
    assert "  - http://example.com/gone" in out
    assert "  ~ http://example.com/a: length 1 → 10" in out
    assert f"--- {files[0]}\n+++ {files[1]}\n@@ " in out
    assert '-    <rs:md length="1"/>\n+    <rs:md length="10"/>' in out


def test_identical_documents(files: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", files[0], files[0]]) == 0
    out = capsys.readouterr().out
    assert "entries: 0 added, 0 removed, 0 changed" in out
    assert "canonical documents are identical" in out


def test_json_output(files: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", *files, "--json", "--context", "0"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["old"] == {"source": files[0], "capability": "resourcelist", "entries": 3}
    structure = data["structure"]
    assert (structure["added"], structure["removed"], structure["changed"]) == (1, 1, 1)
    assert structure["changed_entries"][0]["fields"] == [
        {"field": "length", "old": "1", "new": "10"}
    ]
    hunks = data["lines"]["hunks"]
    assert all(tag != " " for hunk in hunks for tag, _ in hunk["lines"])  # context 0
    assert data["findings"] == [] and data["lines_reason"] is None


def test_unusable_inputs_exit_2_with_a_reason(
    tmp_path: Path, files: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["diff", files[0], str(tmp_path / "nope.xml")]) == 2
    assert "could not read" in capsys.readouterr().err
    broken = tmp_path / "broken.xml"
    broken.write_bytes(b"<urlset><url>")
    assert main(["diff", files[0], str(broken), "--json"]) == 2
    data = json.loads(capsys.readouterr().out)
    assert data["structure"] is None
    assert data["findings"][0]["code"].startswith("parse.")


class _Pages(BaseHTTPRequestHandler):
    pages: ClassVar[dict[str, bytes]] = {"/old.xml": OLD, "/new.xml": NEW}

    def do_GET(self) -> None:  # the name http.server dispatches GET to
        body = self.pages.get(self.path)
        self.send_response(200 if body is not None else 404)
        self.send_header("Content-Type", "application/xml")
        self.end_headers()
        self.wfile.write(body or b"")

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    with serving(_Pages) as url:
        yield url


def test_urls(server: str, files: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", f"{server}/old.xml", files[1], "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["structure"]["added"] == 1
    assert main(["diff", f"{server}/old.xml", f"{server}/missing.xml"]) == 2
    assert "HTTP 404" in capsys.readouterr().err
