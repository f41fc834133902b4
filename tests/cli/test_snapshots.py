"""``inspect --save`` and ``compare``: two snapshots of a Source written with resync's own
classes (a third-party shape, not the demo), with a known set of changes between them,
compare to exactly those changes, and the ones its Change List does not announce are named
(core 1.1 §12.1)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from helpers.changing_source import OLD
from helpers.changing_source import after as _after
from helpers.changing_source import before as _before
from helpers.third_party_source import SourceFiles, serving


def _explorer(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "explorer", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _keys(items: list[dict[str, object]], kind: str, base: str) -> set[str]:
    return {str(item["key"]).removeprefix(base) for item in items if item["kind"] == kind}


def test_two_snapshots_compare_to_exactly_the_changes_made(tmp_path: Path) -> None:
    store = str(tmp_path / "store.sqlite3")
    files = SourceFiles()
    with serving(files) as base:
        _before(base, files)
        first = _explorer("inspect", base + "/", "--save", "--store", store, "--label", "before")
        _after(base, files)
        second = _explorer("inspect", base + "/", "--save", "--store", store, "--label", "after")
        compared = _explorer("compare", "--store", store, "before", "after", "--json")
        text = _explorer("compare", "--store", store, "before", "after")
        now = _explorer("compare", "--store", store, "after", "now", "--json")
    assert 'Snapshot 1 saved as "before": 6 documents, 10 entries' in first.stdout, first.stderr
    assert "No earlier snapshot" in first.stdout
    assert "Since snapshot 1" in second.stdout
    assert compared.returncode == 1, compared.stderr
    report = json.loads(compared.stdout)
    documents = report["documents"]["items"]
    assert _keys(documents, "added", base) == {"/resourcelist-2.xml", "/resourcedump.xml"}
    assert _keys(documents, "removed", base) == set()
    assert _keys(documents, "changed", base) == {
        "/capabilitylist.xml",
        "/resourcelist-index.xml",
        "/resourcelist-0.xml",
        "/resourcelist-1.xml",
        "/changelist.xml",
    }
    resources = report["entries"]["resourcelist"]["items"]
    assert _keys(resources, "added", base) == {"/r/e", "/r/f"}
    assert _keys(resources, "removed", base) == {"/r/a", "/r/b"}
    changed = {
        str(i["key"]).removeprefix(base): i["fields"] for i in resources if i["kind"] == "changed"
    }
    assert changed == {
        "/r/c": {
            "lastmod": [OLD, "2024-03-13T00:00:00Z"],
            "hash": ["md5:ccc", "md5:c2"],
            "length": ["3", "4"],
        },
        "/r/d": {"lastmod": [OLD, "2024-03-14T00:00:00Z"]},
    }
    changes = report["entries"]["changelist"]["items"]
    assert _keys(changes, "added", base) == {"/r/e", "/r/b", "/r/c"}
    assert _keys(changes, "removed", base) == _keys(changes, "changed", base) == set()
    assert _keys(report["entries"]["capabilitylist"]["items"], "added", base) == {
        "/resourcedump.xml"
    }
    assert _keys(report["entries"]["resourcelist index"]["items"], "added", base) == {
        "/resourcelist-2.xml"
    }
    # the 404 of the new Resource Dump is a new finding; nothing was fixed
    new = [f for f in report["findings"]["items"] if f["kind"] == "new"]
    assert any(f["subject"] == f"{base}/resourcedump.xml" for f in new)
    assert report["findings"]["counts"]["fixed"] == 0
    # the Source against its own Change List: exactly the three unannounced changes
    unannounced = report["unannounced"]
    assert unannounced["count"] == 3
    assert {item["url"].removeprefix(base) for item in unannounced["items"]} == {
        "/r/a",
        "/r/d",
        "/r/f",
    }
    assert {item["code"] for item in unannounced["items"]} == {"changes.unannounced-change"}
    assert {item["spec"] for item in unannounced["items"]} == {"core 1.1 §12.1"}
    assert "Changes the Change Lists do not announce (core 1.1 §12.1): 3" in text.stdout
    assert f"~ {base}/r/d: lastmod {OLD} → 2024-03-14T00:00:00Z" in text.stdout
    # a fresh crawl of an unchanged Source compares equal, and is not kept
    assert now.returncode == 0, now.stderr
    fresh = json.loads(now.stdout)
    assert fresh["documents"]["counts"] == {"added": 0, "removed": 0, "changed": 0}
    assert fresh["entries"] == {}
    listing = _explorer("compare", "--store", store, "3", "after")
    assert listing.returncode == 2
    assert "no snapshot with id or label '3'" in listing.stderr


def test_every_round_says_what_appeared_and_vanished(tmp_path: Path) -> None:
    store = str(tmp_path / "store.sqlite3")
    files = SourceFiles()
    with serving(files) as base:
        _before(base, files)
        command = [sys.executable, "-m", "explorer", "inspect", base + "/", "--save"]
        command += ["--store", store, "--every", "0.01", "--count", "2", "--json"]
        with subprocess.Popen(command, stdout=subprocess.PIPE, text=True) as process:
            assert process.stdout is not None
            first = json.loads(process.stdout.readline())
            _after(base, files)  # the Source moves on while the command waits
            second = json.loads(process.stdout.readline())
            assert process.wait(60) in (0, 1)
    assert first["since"] is None
    assert second["since"]["snapshot"] == first["snapshot"]["id"]
    appeared = {
        d["key"].removeprefix(base) for d in second["since"]["documents"] if d["kind"] == "added"
    }
    assert appeared == {"/resourcelist-2.xml", "/resourcedump.xml"}
    assert any(f["kind"] == "new" for f in second["since"]["findings"])


def test_bad_references_and_stores_are_one_line(tmp_path: Path) -> None:
    done = _explorer("compare", "--store", str(tmp_path / "s.sqlite3"), "now", "now")
    assert done.returncode == 2
    assert done.stderr == "compare: at most one of A and B can be 'now'\n"
    missing = _explorer("compare", "--store", str(tmp_path / "s.sqlite3"), "x", "y")
    assert missing.returncode == 2
    assert missing.stderr == "compare: no snapshot with id or label 'x'\n"


def test_nothing_found_keeps_no_snapshot(tmp_path: Path) -> None:
    store = str(tmp_path / "store.sqlite3")
    with serving(SourceFiles()) as base:
        done = _explorer("inspect", base + "/", "--save", "--store", store)
    assert done.returncode == 2
    assert "No ResourceSync Source found" in done.stdout
    listing = _explorer("compare", "--store", store, "1", "1")
    assert listing.stderr == "compare: no snapshot with id or label '1'\n"


def test_save_into_a_store_another_process_holds_suggests_store(tmp_path: Path) -> None:
    from explorer.net.store.database import Store

    path = tmp_path / "held.sqlite3"
    held = Store(path)  # as the window holds its store
    try:
        refused = _explorer("inspect", "http://127.0.0.1:9/", "--save", "--store", str(path))
    finally:
        held.close()
    assert refused.returncode == 2, refused.stderr
    assert "in use" in refused.stderr
    assert "--store" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert len(refused.stderr.strip().splitlines()) == 1, refused.stderr


def _closed(files) -> None:
    """Mark the Change List closed (until), as its publisher did before adding to it."""
    body = files.documents["/changelist.xml"]
    marked = body.replace(
        b'from="2024-03-01T00:00:00Z"',
        b'from="2024-03-01T00:00:00Z" until="2024-03-11T00:00:00Z"',
        1,
    )
    assert marked != body
    files.documents["/changelist.xml"] = marked


def test_a_closed_change_list_that_gained_entries_is_reported(tmp_path: Path) -> None:
    store = str(tmp_path / "store.sqlite3")
    files = SourceFiles()
    with serving(files) as base:
        _before(base, files)
        _closed(files)
        _explorer("inspect", base + "/", "--save", "--store", store, "--label", "before")
        _after(base, files)
        _closed(files)
        _explorer("inspect", base + "/", "--save", "--store", store, "--label", "after")
        compared = _explorer("compare", "--store", store, "before", "after", "--json")
        said = _explorer("compare", "--store", store, "before", "after", "--lang", "en")
    assert compared.returncode == 1, compared.stderr
    items = json.loads(compared.stdout)["unannounced"]["items"]
    [grew] = [item for item in items if item["code"] == "changes.closed-list-grew"]
    assert grew["url"] == base + "/changelist.xml"
    assert grew["severity"] == "error" and grew["spec"] == "core 1.1 §12.1"
    assert 'until="2024-03-11T00:00:00Z"' in grew["message"] and "3 more entries" in grew["message"]
    assert "changes.closed-list-grew" in said.stdout


def test_an_open_change_list_that_gained_entries_is_not_called_closed(tmp_path: Path) -> None:
    store = str(tmp_path / "store.sqlite3")
    files = SourceFiles()
    with serving(files) as base:
        _before(base, files)
        _explorer("inspect", base + "/", "--save", "--store", store, "--label", "before")
        _after(base, files)
        _explorer("inspect", base + "/", "--save", "--store", store, "--label", "after")
        compared = _explorer("compare", "--store", store, "before", "after", "--json")
    items = json.loads(compared.stdout)["unannounced"]["items"]
    assert items and not [item for item in items if item["code"] == "changes.closed-list-grew"]
