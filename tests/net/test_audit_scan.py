"""The audit's scan of the local folders: every regular file with the URL of the first
mapping that covers it (as ``Mapping.url_of`` says it), found with one mapping lookup per
folder rather than per file (counted, not timed)."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import pytest

from explorer.core.audit_rules import Mapping
from explorer.net.history import audit
from explorer.net.history.audit import AuditState


@pytest.fixture(autouse=True)
def _cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def _scanned(mappings: list[Mapping]) -> dict[str, str]:
    state = AuditState()
    try:
        state.scan(mappings)
        return dict(state.db.execute("SELECT path, loc FROM local"))
    finally:
        state.close()


def _expected(mappings: list[Mapping], root: Path) -> dict[str, str]:
    """Each file's URL by the first mapping whose ``url_of`` answers."""
    found = {}
    for path in sorted(p for p in root.rglob("*") if p.is_file() and "cache" not in p.parts):
        for mapping in mappings:
            url = mapping.url_of(str(path))
            if url is not None:
                found[str(path)] = url
                break
    return found


def test_each_file_has_the_url_of_the_first_mapping_that_covers_it(tmp_path: Path) -> None:
    site = tmp_path / "site"
    for name in ("a", "sub/b", "sub/deeper/c", "other/d", "single"):
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(b"x")
    mappings = [
        Mapping("http://one.example/x", str(site / "sub")),
        Mapping("http://file.example/only", str(site / "single")),  # a file, mapped itself
        Mapping("http://two.example/", str(site) + "/"),
    ]
    scanned = _scanned(mappings)
    assert scanned == _expected(mappings, site)
    assert scanned[str(site / "sub" / "deeper" / "c")] == "http://one.example/x/deeper/c"
    assert scanned[str(site / "single")] == "http://file.example/only"
    assert scanned[str(site / "a")] == "http://two.example/a"


def test_a_folder_s_files_share_one_mapping_lookup(tmp_path: Path) -> None:
    site = tmp_path / "site"
    for folder in ("p", "q"):
        (site / folder).mkdir(parents=True)
        for i in range(40):
            (site / folder / str(i)).write_bytes(b"x")
    mappings = [Mapping("http://src", str(site))]
    with mock.patch.object(audit, "_url_of", wraps=audit._url_of) as lookup:
        scanned = _scanned(mappings)
    assert len(scanned) == 80
    assert scanned == _expected(mappings, site)
    assert lookup.call_count == 2  # the two folders holding files


def test_of_two_files_for_one_url_the_first_scanned_stays(tmp_path: Path) -> None:
    """Rows are sorted by URL before they are written; the sort keeps the scan's order
    among files standing for the same URL, so the first mapping's file is the copy."""
    first, second = tmp_path / "first", tmp_path / "second"
    for folder in (first, second):
        for i in range(30):
            (folder / str(i)).parent.mkdir(parents=True, exist_ok=True)
            (folder / str(i)).write_bytes(b"x")
    mappings = [Mapping("http://src", str(second)), Mapping("http://src", str(first))]
    scanned = _scanned(mappings)
    assert sorted(scanned) == sorted(str(second / str(i)) for i in range(30))
