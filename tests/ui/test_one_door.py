"""The services are the window's one door to I/O: no other module in ``explorer/ui``
reaches the fetcher, a crawler or the net loop itself.

A widget that fetched on its own would skip the exchange log (the HTTP inspector would
miss the request), the Settings' timeouts and credentials, and the thread rules (the
net loop's objects are touched on the net thread only). Read with ``ast``, so a comment
or a docstring that names them does not count.
"""

from __future__ import annotations

import ast
from pathlib import Path

import explorer.ui

UI = Path(explorer.ui.__file__).parent
SERVICES = UI / "services"
ENGINE_ATTRIBUTES = {"fetcher", "_fetcher", "net", "crawler"}
"""Attributes of ``ExplorerServices`` holding an engine: reading them bypasses the door."""
ENGINE_CLASSES = {"Fetcher", "Crawler", "LoopThread"}
"""Engine classes a widget would have to make to do I/O on its own."""


def door_leaks(source: str) -> list[str]:
    """Each place in ``source`` that reaches an engine rather than asking the services."""
    leaks = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr in ENGINE_ATTRIBUTES:
            leaks.append(f"line {node.lineno}: .{node.attr}")
        elif (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.startswith("explorer.net")
        ):
            leaks.extend(
                f"line {node.lineno}: imports {alias.name}"
                for alias in node.names
                if alias.name in ENGINE_CLASSES
            )
    return leaks


def test_no_ui_module_outside_the_services_reaches_an_engine() -> None:
    leaks = {
        str(path.relative_to(UI)): found
        for path in sorted(UI.rglob("*.py"))
        if SERVICES not in path.parents and (found := door_leaks(path.read_text(encoding="utf-8")))
    }
    assert leaks == {}


def test_the_scan_sees_each_way_past_the_door() -> None:
    assert door_leaks("async def f(s):\n    await s.fetcher.fetch('u')\n") == ["line 2: .fetcher"]
    assert door_leaks("def f(s):\n    s.net.call(print)\n") == ["line 2: .net"]
    assert door_leaks("from explorer.net.http.fetcher import Fetcher, Timeouts\n") == [
        "line 1: imports Fetcher"
    ]
    assert door_leaks("from explorer.net.http.fetcher import Timeouts\n# services.fetcher\n") == []
