"""Why a credentials file or the store cannot be used is said in the run's language: the
network layer's English comes from the catalog, where its Japanese stands beside it."""

from __future__ import annotations

import contextlib
import re
import sqlite3
from pathlib import Path

from test_auth_sources import run_cli

from explorer.core.words.messages import Phrase, render_phrase
from explorer.net.http.credentials import CredentialsError, load_credentials_file
from explorer.net.store.database import Store, StoreError

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
NAMES = {"token", "user", "password", "headers", "TOML", "UTF", "netrc", "machine", "URL", "http"}
"""Key, format and field names the Japanese keeps as written."""
GIVEN = re.compile(r"'[^']*'|（[^）]*）|「[^」]*」")
"""What the file said (quoted) and outside detail (a library's words, in brackets)."""


def _refusal(path: Path) -> Phrase:
    try:
        load_credentials_file(path)
    except CredentialsError as exc:
        return exc.said
    raise AssertionError(f"{path} was accepted")


def test_a_refused_credentials_file_stops_the_command_in_japanese(tmp_path: Path) -> None:
    credentials = tmp_path / "credentials.toml"
    credentials.write_text('["https://example.org"]\npassword = "secret"\n', encoding="utf-8")
    credentials.chmod(0o600)
    argv = ["inspect", "https://example.org/", "--credentials", str(credentials), "--lang", "ja"]
    done = run_cli(tmp_path, *argv)
    assert done.returncode == 2
    assert "パスワードにはユーザー名が必要です" in done.stderr
    assert "a password needs a user" not in done.stderr
    assert "secret" not in done.stderr


def test_each_refusal_of_a_credentials_file_has_its_japanese(tmp_path: Path) -> None:
    files = {
        "entry.toml": '["https://example.org"]\nuser = "u"\nheaders = "x"\n',
        "keys.toml": '["https://example.org"]\nx1 = "red"\n',
        "strings.toml": '["https://example.org"]\ntoken = 7\n',
        "table.toml": '"https://example.org" = 1\n',
        "header.toml": '["https://example.org"]\nheaders = { "Bad Name" = "v" }\n',
        "netrc": "machine example.org frob u\n",
        "origin.toml": '["ftp://example.org"]\ntoken = "t"\n',
        "origin.netrc": "machine http://[example login u password p\n",
    }
    for name, body in files.items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    (tmp_path / "binary.toml").write_bytes(b"[\xff\xfe]")
    for path in sorted(tmp_path.iterdir()):
        refused = _refusal(path)
        assert refused.key.startswith("credentials."), refused
        japanese = render_phrase(refused, "ja")
        said = GIVEN.sub("", japanese.replace(str(path), ""))
        assert set(LATIN_WORD.findall(said)) <= NAMES, japanese


def test_a_store_that_is_a_folder_is_refused_in_japanese(tmp_path: Path) -> None:
    try:
        Store(tmp_path, read_only=True)
    except StoreError as exc:
        english, japanese = str(exc), exc.describe("ja")
    else:
        raise AssertionError("a folder was opened as a store")
    assert english == f"{tmp_path} is a directory, not a store file"
    assert japanese == f"{tmp_path} はフォルダーで、ストアのファイルではありません"


def test_a_store_that_is_not_the_explorers_stops_the_command_in_japanese(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    with contextlib.closing(sqlite3.connect(other)) as db:
        db.execute("CREATE TABLE t (x)")
        db.commit()
    done = run_cli(tmp_path, "compare", "1", "2", "--store", str(other), "--lang", "ja")
    assert done.returncode == 2
    assert (
        "ResourceSync Explorer のストアではありません（別のテーブルを持つデータベースです）"
        in done.stderr
    )
    assert "not an explorer store" not in done.stderr
