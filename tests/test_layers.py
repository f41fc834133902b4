"""The layer rule: ui -> net -> core, demo -> core, cli -> net -> core.

Walks every module's imports (including imports inside functions, relative imports and
``from explorer import ui``) with ast, so a lazy or relative import cannot sneak a
forbidden dependency past the test.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "explorer"

GUI = {"PySide6", "qasync"}
FORBIDDEN = {
    "core": GUI
    | {"httpx", "aiohttp", "asyncio", "socket", "sqlite3"}
    | {"explorer.net", "explorer.ui", "explorer.demo", "explorer.cli"},
    "net": GUI | {"explorer.ui", "explorer.cli", "explorer.demo"},
    "demo": GUI | {"explorer.net", "explorer.ui", "explorer.cli"},
    "ui": {"explorer.cli"},
}
ALLOWED = {
    # the GUI entry parses its command line with the same argument types as the commands
    "ui": {"explorer.cli.arguments"},
}
UI_IMPORTERS = {"cli/__init__.py"}
"""Outside the ui package only the entry point imports it, to open the window."""


def module_name(path: Path) -> str:
    """Dotted name of a module file under ``PACKAGE``'s parent (``a/b/__init__.py`` is ``a.b``)."""
    parts = path.resolve().relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, name: str | None = None) -> set[str]:
    """Every module ``path`` imports, relative imports made absolute; ``from a import b``
    counts as ``a`` and ``a.b`` (b may be a submodule). ``name`` is the module's dotted name
    (derived from its place in the package when not given)."""
    name = name if name is not None else module_name(path)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names if alias.name != "*")
    return names


def violations(layer: str, modules: set[str]) -> set[str]:
    allowed = ALLOWED.get(layer, set())
    return {
        name
        for name in modules
        for banned in FORBIDDEN[layer]
        if (name == banned or name.startswith(banned + "."))
        and not any(name == ok or name.startswith(ok + ".") for ok in allowed)
    }


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_has_no_forbidden_imports(layer: str) -> None:
    found = {
        str(path.relative_to(PACKAGE)): sorted(bad)
        for path in (PACKAGE / layer).rglob("*.py")
        if (bad := violations(layer, imported_modules(path)))
    }
    assert found == {}


def test_only_the_entry_point_imports_the_ui() -> None:
    importers = {
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if path.relative_to(PACKAGE).parts[0] != "ui"
        and any(m == "explorer.ui" or m.startswith("explorer.ui.") for m in imported_modules(path))
    }
    assert importers == UI_IMPORTERS


def test_cli_commands_do_not_import_the_gui() -> None:
    commands = [p for p in (PACKAGE / "cli").glob("*.py") if p.name != "__init__.py"]
    gui = ("PySide6", "explorer.ui")
    found = {p.name: sorted(m for m in imported_modules(p) if m.startswith(gui)) for p in commands}
    assert {name: bad for name, bad in found.items() if bad} == {}


def test_the_checker_sees_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from PySide6 import QtCore\n    import asyncio\n")
    assert violations("core", imported_modules(sample, "explorer.core.sample")) == {
        "PySide6",
        "PySide6.QtCore",
        "asyncio",
    }
    assert violations("net", imported_modules(sample, "explorer.net.sample")) == {
        "PySide6",
        "PySide6.QtCore",
    }


@pytest.mark.parametrize(
    ("source", "module", "seen"),
    [
        ("from ..net import sample_io\n", "explorer.core.sample", "explorer.net.sample_io"),
        ("from .. import ui\n", "explorer.net.sample", "explorer.ui"),
        ("from ...demo.hub import Hub\n", "explorer.net.conformance.sample", "explorer.demo.hub"),
        ("from explorer import cli\n", "explorer.ui.sample", "explorer.cli"),
    ],
)
def test_the_checker_sees_relative_and_package_imports(
    tmp_path: Path, source: str, module: str, seen: str
) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(source)
    layer = module.split(".")[1]
    assert seen in violations(layer, imported_modules(sample, module))


def test_the_ui_may_use_the_shared_argument_types(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from explorer.cli.arguments import http_url\nimport explorer.cli.listen\n")
    assert violations("ui", imported_modules(sample, "explorer.ui.sample")) == {
        "explorer.cli.listen"
    }
