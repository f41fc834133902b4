"""``--lang ja``: the CLI's text lines in Japanese; codes, exit status and ``--json`` as in
English. Run as a separate process, as a user's script would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

NS = (
    'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
    'xmlns:rs="http://www.openarchives.org/rs/terms/"'
)
# Line 4: a change the spec does not define; lines 4 and 5: relative locs; line 5 is out of
# order.
CHANGE_LIST = f"""<?xml version="1.0" encoding="UTF-8"?>
<urlset {NS}>
<rs:md capability="changelist" from="2021-03-01T00:00:00Z"/>
<url><loc>first.html</loc><rs:md change="moved" datetime="2021-03-02T00:00:00Z"/></url>
<url><loc>second.html</loc><rs:md change="updated" datetime="2021-03-01T12:00:00Z"/></url>
</urlset>
""".encode()


def run_cli(*argv: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "explorer", *argv],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=90,
    )


@pytest.fixture
def change_list(tmp_path: Path) -> Path:
    path = tmp_path / "changelist.xml"
    path.write_bytes(CHANGE_LIST)
    return path


def test_validate_lang_ja_prints_japanese_lines_with_the_same_codes(change_list: Path) -> None:
    english = run_cli("validate", str(change_list))
    japanese = run_cli("validate", "--lang", "ja", str(change_list))
    assert japanese.returncode == english.returncode == 1
    english_lines = english.stdout.splitlines()
    japanese_lines = japanese.stdout.splitlines()
    assert len(japanese_lines) == len(english_lines) > 3
    for en, jp in zip(english_lines[:-1], japanese_lines[:-1], strict=True):
        where, severity, code = en.split(" ", 3)[:3]
        assert jp.split(" ", 3)[0] == where and jp.split(" ", 3)[2] == code
        assert {"error": "エラー", "warning": "警告", "info": "情報"}[severity] in jp
    text = japanese.stdout
    assert 'change="moved" は使えません' in text
    assert "<loc>first.html</loc> は絶対 URI ではありません" in text
    assert "このエントリ（second.html、datetime 2021-03-01T12:00:00Z）" in text
    assert "[2 件（行 4, 5）]" in text
    assert japanese_lines[-1].endswith("エントリ 2 件: エラー 4 件、警告 1 件、情報 0 件")
    assert "is not allowed" not in text and "errors" not in text


def test_validate_lang_en_is_the_default(change_list: Path) -> None:
    assert run_cli("validate", "--lang", "en", str(change_list)).stdout == (
        run_cli("validate", str(change_list)).stdout
    )


def test_validate_json_is_the_same_in_every_language(change_list: Path) -> None:
    english = run_cli("validate", "--json", str(change_list))
    japanese = run_cli("validate", "--json", "--lang", "ja", str(change_list))
    assert japanese.returncode == english.returncode == 1
    assert japanese.stdout == english.stdout
    assert json.loads(japanese.stdout)["targets"][0]["findings"]


def test_an_unknown_language_is_refused_in_one_line(change_list: Path) -> None:
    done = run_cli("validate", "--lang", "fr", str(change_list))
    assert done.returncode == 2
    assert "--lang" in done.stderr and len(done.stderr.strip().splitlines()) == 1
