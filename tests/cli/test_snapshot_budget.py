"""The snapshot store's budget, attacked from outside: ``inspect --save`` run again and
again on a Source that does not change keeps its entries once, and a store at its
``--snapshot-quota`` refuses the next snapshot in one line, keeping none of it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers.third_party_source import Change, Listed, SourceFiles, build_source, serving

ENTRIES = 3000
AT = "2024-03-10T00:00:00Z"


def _explorer(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "explorer", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def _source(base: str, files: SourceFiles, entries: int = ENTRIES) -> None:
    """Two Resource Lists of ``entries`` resources in all, and a Change List."""
    listed = [
        Listed(f"/resources/collection/item-{n:06d}.xml", "2024-03-01T00:00:00Z", 1000 + n)
        for n in range(entries)
    ]
    half = entries // 2
    changes = [Change("/resources/collection/item-000001.xml", "updated", AT)]
    build_source(base, files, [listed[:half], listed[half:]], changes, AT, AT)


def _size(store: Path) -> int:
    """The store's bytes on disk: its file and any write-ahead log left beside it."""
    return sum(
        path.stat().st_size
        for path in (store, store.with_name(store.name + "-wal"))
        if path.exists()
    )


def test_five_snapshots_of_an_unchanged_source_add_at_most_one_snapshot(
    tmp_path: Path,
) -> None:
    store = tmp_path / "store.sqlite3"
    made = _explorer("compare", "--store", str(store), "x", "y")  # opens (creates) the store
    assert made.returncode == 2, made.stderr
    empty = _size(store)
    sizes = []
    files = SourceFiles()
    with serving(files) as base:
        _source(base, files)
        for _ in range(5):
            saved = _explorer("inspect", base + "/", "--save", "--store", str(store), "--json")
            assert saved.returncode in (0, 1), saved.stderr
            # the resources, the index's 2 lists, the Capability List's 2 capabilities,
            # the Change List's 1 change and the Source Description's 1 Capability List
            assert json.loads(saved.stdout)["snapshot"]["entries"] == ENTRIES + 2 + 2 + 1 + 1
            sizes.append(_size(store))
    one_snapshot = sizes[0] - empty
    assert one_snapshot > ENTRIES * 50  # the first one really holds its entries
    assert sizes[-1] - sizes[0] <= one_snapshot, (empty, sizes)
    # the five still compare as equal and read back every entry
    compared = _explorer("compare", "--store", str(store), "1", "5", "--json")
    assert compared.returncode == 0, compared.stderr
    assert json.loads(compared.stdout)["entries"] == {}


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "reached its snapshot quota of 1 MB"), ("ja", "スナップショットの上限 1 MB")],
)
def test_a_store_at_its_quota_refuses_the_snapshot_in_one_line(
    tmp_path: Path, lang: str, words: str
) -> None:
    store = tmp_path / "store.sqlite3"
    files = SourceFiles()
    with serving(files) as base:
        _source(base, files, entries=12000)
        refused = _explorer(
            "inspect", base + "/", "--save", "--store", str(store), "--snapshot-quota", "1"
        )
        refused_lang = _explorer(
            "inspect",
            base + "/",
            "--save",
            "--store",
            str(store),
            "--snapshot-quota",
            "1",
            "--lang",
            lang,
        )
        kept = _explorer("inspect", base + "/", "--save", "--store", str(store), "--json")
    assert refused.returncode == 2
    assert "Traceback" not in refused.stderr
    assert refused.stderr.count("\n") == 1, refused.stderr
    assert refused.stderr.startswith("inspect: the store ")
    assert "--snapshot-quota" in refused.stderr and "--store" in refused.stderr
    assert refused_lang.returncode == 2 and words in refused_lang.stderr
    assert refused_lang.stderr.count("\n") == 1, refused_lang.stderr
    # nothing of the refused snapshots stayed: the next one, with room, is the first
    assert kept.returncode in (0, 1), kept.stderr
    assert json.loads(kept.stdout)["since"] is None
