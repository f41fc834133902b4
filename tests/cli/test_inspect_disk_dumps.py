"""``inspect DIR --base-url URL --check-dumps``: the dump's package is read from the folder,
as its lists are, never fetched from the base URL's host (which need not exist yet); the
problems of the manifest inside the package are said under that file's name in the
report and the CSV (the CLI in its own process)."""

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
