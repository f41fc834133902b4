"""``inspect DIR --base-url URL`` with its checks and reports (the CLI in its own process):
the dump's package is read from the folder, as its lists are, never fetched from the base
URL's host (which need not exist yet); the problems of the manifest inside the package are
said under that file's name; a missing resource file is said as one; the reports group,
order and count as docs/cli.md says; a second ``--report`` is refused."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
import zipfile
from pathlib import Path

BASE = "https://rs.example.invalid"  # .invalid never resolves: any network use fails
NS = (
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/"'
)


def _urlset(*children: str) -> str:
    return "\n".join(
        ['<?xml version="1.0" encoding="UTF-8"?>', f"<urlset {NS}>", *children, "</urlset>\n"]
    )


def _write_source(folder: Path) -> None:
    (folder / ".well-known").mkdir(parents=True)
    (folder / ".well-known" / "resourcesync").write_text(
        _urlset(
            '<rs:md capability="description"/>',
            f'<url><loc>{BASE}/capabilitylist.xml</loc><rs:md capability="capabilitylist"/></url>',
        )
    )
    (folder / "capabilitylist.xml").write_text(
        _urlset(
            f'<rs:ln rel="up" href="{BASE}/.well-known/resourcesync"/>',
            '<rs:md capability="capabilitylist"/>',
            f'<url><loc>{BASE}/resourcedump.xml</loc><rs:md capability="resourcedump"/></url>',
            f'<url><loc>{BASE}/resourcelist.xml</loc><rs:md capability="resourcelist"/></url>',
        )
    )
    (folder / "resourcelist.xml").write_text(
        _urlset(
            f'<rs:ln rel="up" href="{BASE}/capabilitylist.xml"/>',
            '<rs:md capability="resourcelist" at="2013-01-03T09:00:00Z"/>',
            *(f"<url><loc>{BASE}/gone/{n}.txt</loc></url>" for n in range(3)),  # not there
        )
    )
    (folder / "resourcedump.xml").write_text(
        _urlset(
            f'<rs:ln rel="up" href="{BASE}/capabilitylist.xml"/>',
            '<rs:md capability="resourcedump" at="2013-01-03T09:00:00Z"/>',
            f'<url><loc>{BASE}/dump.zip</loc><rs:md type="application/zip"/></url>',
        )
    )
    manifest = _urlset(
        f'<rs:ln rel="up" href="{BASE}/capabilitylist.xml"/>',
        '<rs:md capability="resourcedump-manifest" at="2013-01-03T09:00:00Z"/>',
        f'<url><loc>{BASE}/res1.txt</loc><rs:md length="6"/></url>',  # no path: line 5
    )
    with zipfile.ZipFile(folder / "dump.zip", "w") as package:
        package.writestr("manifest.xml", manifest)
        package.writestr("resources/res1.txt", "hello\n")


def _inspect(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "explorer", "inspect", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_package_is_read_from_the_folder_and_its_manifest_named(tmp_path: Path) -> None:
    folder = tmp_path / "site"
    _write_source(folder)
    report = tmp_path / "report.csv"
    done = _inspect(
        str(folder), "--base-url", BASE + "/", "--check-dumps", "--json", "--report", str(report)
    )
    assert done.returncode == 1, done.stderr
    data = json.loads(done.stdout)
    [dump] = [doc for doc in data["documents"] if doc["capability"] == "resourcedump"]
    codes = {item["code"] for item in dump["findings"]}
    assert "document.path-missing" in codes  # the manifest inside the package was read
    assert not [code for code in codes if code.startswith("http.") and "dump" not in code]
    with report.open(newline="", encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    [missing] = [row for row in rows if row["code"] == "document.path-missing"]
    assert missing["document"] == f"{BASE}/dump.zip#manifest.xml"
    assert missing["line"] == "5"


def _findings_of(rows: list[dict[str, str]], code: str) -> list[dict[str, str]]:
    return [row for row in rows if row["code"] == code]


def test_a_missing_resource_file_is_said_as_a_file_not_an_http_404(tmp_path: Path) -> None:
    folder = tmp_path / "site"
    _write_source(folder)
    done = _inspect(str(folder), "--base-url", BASE + "/", "--check-resources", "5", "--json")
    data = json.loads(done.stdout)
    [listed] = [doc for doc in data["documents"] if doc["capability"] == "resourcelist"]
    [first, *_] = [f for f in listed["findings"] if f["code"] == "http.resource-status"]
    assert "HEAD" not in first["message"] and "HTTP" not in first["message"]
    assert str(folder / "gone" / "0.txt") in first["message"]
    assert "is not in the folder" in first["message"]


def test_the_reports_group_order_and_count_as_documented(tmp_path: Path) -> None:
    folder = tmp_path / "site"
    _write_source(folder)
    html, table, junit = tmp_path / "r.html", tmp_path / "r.csv", tmp_path / "j.xml"
    args = (str(folder), "--base-url", BASE + "/", "--check-resources", "5", "--check-dumps")
    _inspect(*args, "--report", str(html), "--junit", str(junit))
    _inspect(*args, "--report", str(table))
    page = html.read_text(encoding="utf-8")
    # one row per code per document: the three missing files are one row, counted 3
    assert page.count('data-code="http.resource-status"') == 1
    assert 'data-code="http.resource-status" data-count="3"' in page
    assert "1 entry, 0 errors, 0 warnings, 1 note]" in page and "1 notes" not in page
    with table.open(newline="", encoding="utf-8-sig") as file:
        severities = [row["severity"] for row in csv.DictReader(file)]
    order = {"error": 0, "warning": 1, "info": 2}
    assert severities == sorted(severities, key=order.__getitem__)
    assert severities[0] == "error" and "info" in severities
    skipped = junit.read_text(encoding="utf-8").count("<skipped")
    on_disk = json.loads(_inspect(*args, "--json").stdout)["not_applicable"]
    assert skipped == sum(1 for record in on_disk if record["count"]) < len(on_disk)


def test_a_second_report_is_refused_naming_both(tmp_path: Path) -> None:
    first, second = tmp_path / "a.html", tmp_path / "b.csv"
    done = _inspect(
        str(tmp_path), "--base-url", BASE + "/", "--report", str(first), "--report", str(second)
    )
    assert done.returncode == 2
    assert "--report" in done.stderr and str(first) in done.stderr and str(second) in done.stderr
    assert "Traceback" not in done.stderr
    assert not first.exists() and not second.exists()


def test_a_capability_list_at_the_source_description_address_is_said_as_such(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "site"
    (folder / ".well-known").mkdir(parents=True)
    (folder / ".well-known" / "resourcesync").write_text(
        _urlset(
            '<rs:md capability="capabilitylist"/>',
            f'<url><loc>{BASE}/resourcelist.xml</loc><rs:md capability="resourcelist"/></url>',
        )
    )
    done = _inspect(str(folder), "--base-url", BASE + "/", "--json")
    [top] = [
        f for f in json.loads(done.stdout)["findings"] if f["code"] == "http.not-source-description"
    ]
    assert "served at the Source Description's address" in top["message"]
    assert "no up link" not in top["message"]


def test_a_missing_package_is_said_as_a_missing_file(tmp_path: Path) -> None:
    folder = tmp_path / "site"
    _write_source(folder)
    (folder / "dump.zip").unlink()
    done = _inspect(str(folder), "--base-url", BASE + "/", "--check-dumps", "--json")
    [dump] = [
        doc for doc in json.loads(done.stdout)["documents"] if doc["capability"] == "resourcedump"
    ]
    [status] = [f for f in dump["findings"] if f["code"] == "http.status"]
    assert status["message"] == (
        f"{BASE}/dump.zip is linked, but its file {folder / 'dump.zip'} is not in the folder."
    )


def test_a_url_outside_the_folder_is_said_in_japanese(tmp_path: Path) -> None:
    folder = tmp_path / "site"
    _write_source(folder)
    listed = (folder / "capabilitylist.xml").read_text()
    outside = "https://elsewhere.example.invalid/resourcelist.xml"
    (folder / "capabilitylist.xml").write_text(listed.replace(f"{BASE}/resourcelist.xml", outside))
    done = _inspect(str(folder), "--base-url", BASE + "/", "--lang", "ja")
    [line] = [text for text in done.stdout.splitlines() if outside in text and "[" in text]
    assert "ベース URL" in line, line
    assert "NotOnDisk" not in line and "is not under" not in line
