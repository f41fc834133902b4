"""The layer rule: ui -> net -> core, demo -> core, cli -> net -> core.

Walks every module's imports (including imports inside functions) with ast, so a
lazy import cannot sneak a forbidden dependency past the test.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "explorer"

FORBIDDEN = {
    "core": {
        "PySide6",
        "qasync",
        "httpx",
        "aiohttp",
        "asyncio",
        "socket",
        "sqlite3",
        "explorer.net",
        "explorer.ui",
        "explorer.demo",
        "explorer.cli",
    },
    "net": {"PySide6", "qasync", "explorer.ui", "explorer.cli"},
    "demo": {"PySide6", "qasync", "explorer.ui", "explorer.cli"},
}


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def violations(layer: str, modules: set[str]) -> set[str]:
    return {
        name
        for name in modules
        for banned in FORBIDDEN[layer]
        if name == banned or name.startswith(banned + ".")
    }


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_has_no_forbidden_imports(layer: str) -> None:
    found = {
        str(path.relative_to(PACKAGE)): sorted(bad)
        for path in (PACKAGE / layer).rglob("*.py")
        if (bad := violations(layer, imported_modules(path)))
    }
    assert found == {}


def test_cli_commands_do_not_import_the_gui() -> None:
    commands = [p for p in (PACKAGE / "cli").glob("*.py") if p.name != "__init__.py"]
    gui = ("PySide6", "explorer.ui")
    found = {p.name: sorted(m for m in imported_modules(p) if m.startswith(gui)) for p in commands}
    assert {name: bad for name, bad in found.items() if bad} == {}


def test_the_checker_sees_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from PySide6 import QtCore\n    import asyncio\n")
    assert violations("core", imported_modules(sample)) == {"PySide6", "asyncio"}
    assert violations("net", imported_modules(sample)) == {"PySide6"}
