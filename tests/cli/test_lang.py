"""``--lang ja``: the CLI's text lines in Japanese; codes, exit status and ``--json`` as in
English. Run as a separate process, as a user's script would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest
from http_pages import serving

from explorer.cli.options.language_option import locale_language

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
    assert "[2 件（4、5 行目）]" in text
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


def test_diff_lang_ja_says_why_an_input_is_unusable(tmp_path: Path, change_list: Path) -> None:
    missing = tmp_path / "gone.xml"
    done = run_cli("diff", "--lang", "ja", str(missing), str(change_list))
    assert done.returncode == 2
    assert f"エラー: {missing} を読めませんでした（" in done.stderr
    assert "[changes.input-unreadable]" in done.stderr
    english = run_cli("diff", "--json", str(missing), str(change_list))
    assert run_cli("diff", "--json", "--lang", "ja", str(missing), str(change_list)).stdout == (
        english.stdout
    )


def _source_pages(base: str) -> dict[str, bytes]:
    description = f"""<urlset {NS}><rs:md capability="description"/>
<url><loc>{base}/capabilitylist.xml</loc><rs:md capability="capabilitylist"/></url></urlset>"""
    capability_list = f"""<urlset {NS}>
<rs:ln rel="up" href="{base}/.well-known/resourcesync"/><rs:md capability="capabilitylist"/>
<url><loc>{base}/resourcelist.xml</loc><rs:md capability="resourcelist"/></url></urlset>"""
    resource_list = f"""<urlset {NS}>
<rs:ln rel="up" href="{base}/capabilitylist.xml"/>
<rs:md capability="resourcelist" at="2021-03-01T00:00:00Z"/>
<url><loc>relative.html</loc></url></urlset>"""
    return {
        "/.well-known/resourcesync": description.encode(),
        "/capabilitylist.xml": capability_list.encode(),
        "/resourcelist.xml": resource_list.encode(),
    }


class _SourceHandler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        base = f"http://{self.headers['Host']}"
        body = _source_pages(base).get(self.path.split("?")[0])
        if body is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        """Quiet: the test reads the CLI's output, not the server's log."""


def test_inspect_lang_ja_writes_the_tree_s_findings_in_japanese() -> None:
    with serving(_SourceHandler) as base:
        url = f"{base}/.well-known/resourcesync"
        japanese = run_cli("inspect", "--lang", "ja", url)
        english_json = run_cli("inspect", "--json", url)
        japanese_json = run_cli("inspect", "--json", "--lang", "ja", url)
    assert japanese.returncode == english_json.returncode == japanese_json.returncode == 1
    text = japanese.stdout
    assert text.startswith(f"ソース: {url}（")
    assert "検出:" in text
    assert "エラー: document.loc-not-absolute 4 行目: <loc>relative.html</loc> は絶対 URI" in text
    assert "ドキュメント 3 件、チャンネル 0 件: エラー 1 件" in text
    assert json.loads(japanese_json.stdout) == json.loads(english_json.stdout)


def test_the_top_level_help_names_the_language_option() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "explorer", "--help"], capture_output=True, text=True, check=True
    ).stdout
    usage = next(line for line in out.splitlines() if line.startswith("usage:"))
    assert "[--lang ja|en]" in usage


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "ja_JP.UTF-8"}, "ja"),
        ({"LC_ALL": "ja_JP.UTF-8", "LANG": "C.UTF-8"}, "ja"),
        ({"LC_MESSAGES": "ja_JP.eucJP"}, "ja"),
        ({"LANG": "C.UTF-8", "LANGUAGE": "ja"}, "en"),  # gettext: C ignores LANGUAGE
        ({"LANG": "ja_JP.UTF-8", "LANGUAGE": "en:ja"}, "en"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_command_line_follows_the_locale(environ: dict[str, str], expected: str) -> None:
    assert locale_language(environ) == expected


def test_lang_ja_from_the_locale_and_lang_en_over_it(change_list: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG"))}
    japanese = {**env, "LANG": "ja_JP.UTF-8"}
    by_locale = subprocess.run(
        [sys.executable, "-m", "explorer", "validate", str(change_list)],
        capture_output=True,
        text=True,
        env=japanese,
        check=False,
    )
    forced = subprocess.run(
        [sys.executable, "-m", "explorer", "validate", "--lang", "en", str(change_list)],
        capture_output=True,
        text=True,
        env=japanese,
        check=False,
    )
    assert "エラー" in by_locale.stdout
    assert forced.stdout == run_cli("validate", str(change_list)).stdout
    assert "エラー" not in forced.stdout


def test_argument_errors_are_one_japanese_line_with_lang_ja() -> None:
    missing = run_cli("validate", "--lang", "ja")
    choice = run_cli("validate", "--lang", "ja", "--lang", "fr", "x.xml")
    assert missing.returncode == choice.returncode == 2
    assert missing.stderr.strip().endswith("次の引数が必要です: TARGET（--help を参照）")
    assert "選べない値です: 'fr'" in choice.stderr and len(choice.stderr.splitlines()) == 1
