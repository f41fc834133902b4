"""Extract the window's strings and compile the translations: ``python3 packaging/translations.py``.

``lupdate`` reads every ``tr()``/``translate()``/``QT_TRANSLATE_NOOP`` of ``explorer/``
into ``explorer/ui/translations/explorer_<lang>.ts`` (kept without source locations, so
a moved line does not churn the files), and ``lrelease`` compiles each to the ``.qm`` the
explorer loads. The ``.qm`` files are committed: tests/ui/test_translations.py compiles
the ``.ts`` again and fails when they differ, and when a string has no finished Japanese
translation. Both tools ship in PySide6-Essentials.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import PySide6

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "explorer" / "ui" / "translations"
LANGUAGES = ("ja", "en")


def qt_tool(name: str) -> Path:
    """``lupdate`` or ``lrelease`` from the PySide6 wheel (the ``pyside6-*`` wrappers
    only find them through the interpreter's scripts folder)."""
    folder = Path(PySide6.__file__).resolve().parent
    for candidate in (folder / name, folder / f"{name}.exe", folder / "Qt" / "libexec" / name):
        if candidate.exists():
            return candidate
    raise FileNotFoundError(f"{name} is not in {folder}: install PySide6-Essentials")


def sources(root: Path = ROOT) -> list[Path]:
    return sorted((root / "explorer").rglob("*.py"))


def extract(ts_files: list[Path], root: Path = ROOT) -> str:
    """Update ``ts_files`` with the strings of the package; returns lupdate's report."""
    with tempfile.TemporaryDirectory() as folder:
        listing = Path(folder) / "sources.txt"
        listing.write_text("\n".join(str(p) for p in sources(root)) + "\n", encoding="utf-8")
        command = [str(qt_tool("lupdate")), "-locations", "none", "-no-obsolete"]
        command += [f"@{listing}", "-ts", *map(str, ts_files)]
        done = subprocess.run(command, capture_output=True, text=True, check=True)
    return done.stdout + done.stderr


def compile_ts(ts_file: Path, qm_file: Path) -> None:
    command = [str(qt_tool("lrelease")), "-silent", str(ts_file), "-qm", str(qm_file)]
    subprocess.run(command, capture_output=True, text=True, check=True)


def main() -> int:
    ts_files = [TRANSLATIONS / f"explorer_{language}.ts" for language in LANGUAGES]
    print(extract(ts_files), end="")
    for ts_file in ts_files:
        compile_ts(ts_file, ts_file.with_suffix(".qm"))
        print(f"compiled {ts_file.with_suffix('.qm').relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
