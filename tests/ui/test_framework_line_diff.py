"""The feed's document diff for a framework notification: when the versions are too large
for a line diff, the window says why in its own language."""

from __future__ import annotations

import asyncio

from PySide6.QtWidgets import QApplication

from explorer.core import catalog
from explorer.core.changes import line_diff
from explorer.net.live.forwarders import Forwarders
from explorer.net.loop_thread import LoopThread
from explorer.ui.language import install_language
from explorer.ui.services.engines import Engines
from explorer.ui.services.folder import FolderServices
from explorer.ui.services.live import LiveServices
from explorer.ui.services.source import SourceServices

OLD = b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>'


def _services_with_one_pair() -> LiveServices:
    engines = Engines(LoopThread())  # never started: the diff runs on the GUI loop
    live = LiveServices(engines, SourceServices(engines, FolderServices(engines)), Forwarders())
    live.versions.pairs[7] = {"http://s/list.xml": (OLD, OLD + b"\n")}
    return live


def test_a_too_large_line_diff_is_said_in_the_window_s_language(qapp, monkeypatch) -> None:
    monkeypatch.setattr(line_diff, "MAX_LINE_DIFF_BYTES", 16)
    live = _services_with_one_pair()
    size = f"{len(OLD):,}"
    install_language("ja", QApplication.instance())
    try:
        said = asyncio.run(live.framework_line_diff(7, "http://s/list.xml"))
    finally:
        install_language("en", QApplication.instance())
    assert said == catalog.text("changes.version-too-large", "ja", size=size, limit="16")
    english = asyncio.run(live.framework_line_diff(7, "http://s/list.xml"))
    assert english.startswith(f"a version is {size} bytes")
