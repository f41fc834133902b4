"""The layer rule: ui -> net -> core, demo -> core, cli -> net -> core; inside net, areas
that depend one way (``NET_AREAS``); no import circle anywhere; folders a reader can take in.

Walks every module's imports (including imports inside functions, under ``TYPE_CHECKING``,
relative imports and ``from explorer import ui``) with ast, so a lazy or relative import
cannot sneak a forbidden dependency past the test.
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

NET_AREAS = {
    "http": set(),
    "store": set(),
    "source": {"http"},
    "live": {"http", "store", "source"},
    "conformance": {"http", "store", "live"},
    "reports": {"http", "store", "source", "live", "conformance"},
    "history": {"http", "store", "source", "reports"},
    "subscribers": {"http", "store", "live", "conformance"},
    "oai": {"http", "source", "store"},
    "plan": {"http", "store", "source", "history", "oai"},
    "fleet": {"http", "store", "source", "live", "history", "reports"},
}
"""Which other areas of ``explorer/net`` each area may import. Fetching knows nothing of
what is fetched; the store knows no feature; reading a Source never needs the live side;
reports and history come last, so a new export or comparison cannot pull them under the
engines. A module that needs an area its own may not import is in the wrong area."""

NET_TOP_MODULES = 15
"""At most this many modules at the top of ``explorer/net``: the rest belong to an area."""
FOLDER_MODULES = 30
"""At most this many modules in any one folder of ``explorer/``: past it, split by topic."""


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


def net_area(module: str) -> str | None:
    """The area of ``explorer/net`` a dotted module name belongs to (None: not in one)."""
    parts = module.split(".")
    if parts[:2] != ["explorer", "net"] or len(parts) < 3:
        return None
    return parts[2] if (PACKAGE / "net" / parts[2]).is_dir() else None


def area_violations(path: Path, name: str | None = None) -> set[str]:
    """Imports of ``path`` (a module of a net area) from areas its own may not import."""
    name = name if name is not None else module_name(path)
    area = net_area(name)
    allowed = NET_AREAS.get(area or "", set()) | {area}
    return {m for m in imported_modules(path, name) if net_area(m) not in allowed | {None}}


def test_every_net_area_is_declared() -> None:
    folders = {p.parent.name for p in (PACKAGE / "net").glob("*/__init__.py")}
    assert folders == set(NET_AREAS)


def test_net_areas_import_only_the_areas_below_them() -> None:
    found = {
        str(path.relative_to(PACKAGE)): sorted(bad)
        for path in (PACKAGE / "net").rglob("*.py")
        if (bad := area_violations(path))
    }
    assert found == {}


def test_the_checker_sees_an_area_import_it_must_not(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from typing import TYPE_CHECKING\n"
        "from explorer.net.http.fetcher import Fetcher\n"
        "if TYPE_CHECKING:\n"
        "    from explorer.net.live.subscriber import Subscriber\n"
    )
    assert area_violations(sample, "explorer.net.source.sample") == {
        "explorer.net.live.subscriber",
        "explorer.net.live.subscriber.Subscriber",
    }
    assert area_violations(sample, "explorer.net.live.sample") == set()


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of ``explorer`` it imports (at run time or for type checking).

    ``from a import b`` is an edge to ``a.b`` when that is a module, else to ``a``; the
    package ``__init__`` an import passes through is no edge of its own, as Python runs an
    empty one at no cost and a full one is a module like any other when named."""
    modules = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        imported = {m for m in imported_modules(path) if m in modules and m != name}
        graph[name] = {
            m
            for m in imported
            if modules[m].name != "__init__.py" or not any(o.startswith(m + ".") for o in imported)
        }
    return graph


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Groups of modules that import each other, directly or round a circle (Tarjan's
    strongly connected components, iterative so a deep chain cannot hit the recursion limit)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    circles.append(sorted(group))
    return sorted(circles)


def test_no_import_circles() -> None:
    assert import_circles(import_graph()) == []


def test_the_circle_finder_sees_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert import_circles(graph) == [["a", "b", "c"]]


def test_net_keeps_its_modules_in_areas() -> None:
    top = sorted(path.name for path in (PACKAGE / "net").glob("*.py"))
    assert len(top) <= NET_TOP_MODULES, top


def test_no_folder_is_too_big_to_take_in() -> None:
    sizes = {
        str(folder.relative_to(PACKAGE)): len(list(folder.glob("*.py")))
        for folder in [PACKAGE, *(p for p in PACKAGE.rglob("*") if p.is_dir())]
    }
    assert {folder: n for folder, n in sizes.items() if n > FOLDER_MODULES} == {}


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
