"""The discovery table of ``inspect --report`` in Japanese (NB4): each route's outcome in
the words ``inspect`` prints, a folder's refusal included (「…はベース URL … の下にない
ため、フォルダーにはありません」), never the engine's English behind the outcome."""

from __future__ import annotations

import re
import subprocess
import sys
from html import unescape
from pathlib import Path

from helpers.resync_folder import write_resync_source

CELL = re.compile(r"<td>((?:見つかった|見つからない)[^<]*)</td>")


def test_the_report_s_discovery_table_reads_japanese(tmp_path: Path) -> None:
    folder = tmp_path / "site"
    folder.mkdir()
    write_resync_source(folder, "https://example.org/rs/")
    report = tmp_path / "report.html"
    done = subprocess.run(
        [sys.executable, "-m", "explorer", "inspect", str(folder), "--lang", "ja",
         "--base-url", "https://example.org/rs/", "--report", str(report)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert report.exists(), done.stderr
    outcomes = [unescape(cell) for cell in CELL.findall(report.read_text(encoding="utf-8"))]
    assert outcomes, report.read_text(encoding="utf-8")
    said = "\n".join(outcomes)
    assert "のソースの記述" in said or "ソースの記述" in said, said
    assert "はベース URL https://example.org/rs/ の下にないため、フォルダーにはありません" in said
    for english in ("Source Description at", "is not under the base URL", "NotOnDisk"):
        assert english not in said, said
        assert english not in done.stdout, done.stdout  # inspect's own text says the same
    assert "の下にないため、フォルダーにはありません" in done.stdout
