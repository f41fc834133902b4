"""The explorer uses httpx, httpcore, aiohttp and PySide6 through their public APIs only.

A private module or attribute changes in any release without notice (the upper bounds in
pyproject.toml cannot catch a patch release that renames one), so none may be reached:
no import of a ``_``-prefixed module or name from them, no ``_``-prefixed attribute of a
name imported from them, and none of the private attributes once used to reach httpx's
connection pool (``._transport``, ``._pool``, ``._network_backend``, also by ``getattr``),
on anything but the explorer's own ``self``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "explorer"
LIBRARIES = ("httpx", "httpcore", "aiohttp", "PySide6")
POOL_PRIVATES = frozenset({"_transport", "_pool", "_network_backend"})
REFLECTION = frozenset({"getattr", "setattr", "hasattr", "delattr"})


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _library(module: str | None) -> bool:
    return module is not None and module.split(".")[0] in LIBRARIES


def private_uses(source: str) -> list[str]:
    """Each private use in ``source``, as ``line: what``."""
    tree = ast.parse(source)
    found: list[str] = []
    library_names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _library(alias.name):
                    if any(_private(part) for part in alias.name.split(".")):
                        found.append(f"{node.lineno}: import {alias.name}")
                    library_names.add((alias.asname or alias.name).split(".")[0])
        elif isinstance(node, ast.ImportFrom) and _library(node.module):
            assert node.module is not None
            if any(_private(part) for part in node.module.split(".")):
                found.append(f"{node.lineno}: from {node.module} import …")
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{node.lineno}: from {node.module} import {alias.name}")
                library_names.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            owner = node.value
            own = isinstance(owner, ast.Name) and owner.id in ("self", "cls")
            of_library = isinstance(owner, ast.Name) and owner.id in library_names
            if of_library or (node.attr in POOL_PRIVATES and not own):
                found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in REFLECTION
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value in POOL_PRIVATES
        ):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_explorer_reaches_no_private_api_of_its_libraries() -> None:
    problems = [
        f"{path.relative_to(ROOT.parent)}:{use}"
        for path in sorted(ROOT.rglob("*.py"))
        for use in private_uses(path.read_text(encoding="utf-8"))
    ]
    assert not problems, "private APIs of httpx/httpcore/aiohttp/PySide6:\n" + "\n".join(problems)


@pytest.mark.parametrize(
    "source",
    [
        "from httpcore._utils import is_socket_readable",
        "import httpcore._async.connection_pool",
        "from httpx import _transports",
        "import httpx\nhttpx._config.DEFAULT_LIMITS",
        "from PySide6 import QtCore as Q\nQ._private",
        "pool = client._transport._pool",
        "pool._network_backend = backend",
        'pool = getattr(getattr(client, "_transport", None), "_pool", None)',
    ],
)
def test_each_kind_of_private_use_is_found(source: str) -> None:
    assert private_uses(source)


def test_the_explorer_own_private_names_are_not_mistaken() -> None:
    assert not private_uses("import httpx\nself._transport = 1\nrows = model._rows\nhttpx.get")
