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
        ("from ..net import http\n", "explorer.core.sample", "explorer.net.http"),
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


# --- the window: features plug into a narrow shell
UI = PACKAGE / "ui"
NOT_FEATURES = {"shell", "shared", "services", "scenes", "translations"}
"""``ui/`` folders that are not features: the shell composes the features, ``shared``
and ``services`` serve them all, the scenes drive the whole window."""
FEATURES = sorted(
    path.parent.name for path in UI.glob("*/__init__.py") if path.parent.name not in NOT_FEATURES
)
MAIN_WINDOW_IMPORTERS = {"ui/app.py"}
"""Besides the shell itself, only the app's entry builds the concrete window."""


def ui_part(module: str) -> str | None:
    """The ``explorer/ui`` folder ``module`` is in (``live`` for ``explorer.ui.live.x``)."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[:2] == ["explorer", "ui"] else None


def feature_violations(feature: str, modules: set[str]) -> set[str]:
    """What a module of ``feature`` must not import: the shell, the scenes, or any module
    of another feature (``ui/shared`` is what features share)."""
    return {
        name
        for name in modules
        if (part := ui_part(name)) in {"shell", "scenes"} or (part in FEATURES and part != feature)
    }


def test_the_features_are_found() -> None:
    assert {"live", "inspector", "source", "settings", "watchdog"} <= set(FEATURES)


@pytest.mark.parametrize("feature", FEATURES)
def test_a_feature_imports_neither_the_shell_nor_another_feature(feature: str) -> None:
    found = {
        str(path.relative_to(PACKAGE)): sorted(bad)
        for path in (UI / feature).rglob("*.py")
        if (bad := feature_violations(feature, imported_modules(path)))
    }
    assert found == {}


def test_shared_and_services_import_no_feature_nor_the_shell() -> None:
    found = {
        str(path.relative_to(PACKAGE)): sorted(bad)
        for folder in ("shared", "services")
        for path in (UI / folder).rglob("*.py")
        if (
            bad := {
                name
                for name in imported_modules(path)
                if ui_part(name) in {*FEATURES, "shell", "scenes"}
            }
        )
    }
    assert found == {}


def test_only_the_shell_and_the_app_entry_import_the_main_window() -> None:
    importers = {
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if "explorer.ui.shell.main_window" in imported_modules(path)
        and path.relative_to(PACKAGE).parts[:2] != ("ui", "shell")
    }
    assert importers == MAIN_WINDOW_IMPORTERS


def test_every_feature_is_in_the_shell_list() -> None:
    from explorer.ui.shell.features import FEATURE_PACKAGES

    assert sorted(FEATURE_PACKAGES) == FEATURES


@pytest.mark.parametrize(
    ("source", "seen"),
    [
        ("from explorer.ui.shell.main_window import MainWindow\n", "explorer.ui.shell.main_window"),
        (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from explorer.ui.inspector.inspector_panel import InspectorPanel\n",
            "explorer.ui.inspector.inspector_panel",
        ),
        ("def f():\n    from ..inspector import exchange_model\n", "explorer.ui.inspector"),
        ("from explorer.ui import shell\n", "explorer.ui.shell"),
    ],
)
def test_the_checker_sees_a_feature_reaching_out(tmp_path: Path, source: str, seen: str) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(source)
    found = feature_violations("live", imported_modules(sample, "explorer.ui.live.sample"))
    assert seen in found
    assert (
        feature_violations("live", {"explorer.ui.live.feed_panel", "explorer.ui.shared.x"}) == set()
    )


# --- import circles
KNOWN_CIRCLES = {
    frozenset(
        {
            "explorer.ui.live.feed_panel",
            "explorer.ui.live.forwarding_actions",
            "explorer.ui.live.subscription_panel",
        }
    ),
    frozenset(
        {
            "explorer.ui.shell.deferred_build",
            "explorer.ui.shell.help_menu",
            "explorer.ui.shell.main_window",
            "explorer.ui.shell.main_window_widgets",
            "explorer.ui.shell.menu_actions",
            "explorer.ui.shell.settings_controller",
            "explorer.ui.shell.window_state",
        }
    ),
}
"""Circles left, each inside one package and through ``TYPE_CHECKING`` imports only (a
controller and the helpers typed by it). No new one may appear."""


def import_circles(graph: dict[str, set[str]]) -> set[frozenset[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: set[frozenset[str]] = set()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                found.add(frozenset(group))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def test_no_new_import_circle() -> None:
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph = {
        name: {other for other in imported_modules(path) if other in modules and other != name}
        for name, path in modules.items()
    }
    assert import_circles(graph) - KNOWN_CIRCLES == set()


def test_the_circle_finder_sees_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_circles(graph) == {frozenset({"a", "b", "c"})}
