"""The user guide's screenshots, taken from the real window after the self-test scenario.

``python3 -m explorer --self-test --screenshots docs/images`` (or
``python3 docs/make_screenshots.py``) regenerates every picture of docs/user-guide.md:
the window at a laptop size, each task's screen set up the way the guide describes it.
PNGs are kept small: 256 colours, strongest compression.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QDialog, QWidget

from explorer.core.words.messages import ENGLISH
from explorer.ui.language import ui_language
from explorer.ui.live.feed_model import FRAMEWORK
from explorer.ui.scenes.live_shots import forward_dialog_shot, forwarding_shot, replay_shot
from explorer.ui.scenes.plan_shots import plan_shot
from explorer.ui.scenes.problems_shots import (
    consumers_shot,
    evidence_shot,
    open_folder_shot,
    problems_shot,
    signature_shot,
)
from explorer.ui.scenes.stage import Stage
from explorer.ui.scenes.workbench_shots import subscriber_shot

SIZE = QSize(1366, 768)
SETTLE = 0.3  # seconds for layout, highlighting and paint after each change


def _save(widget: QWidget, path: Path) -> Path:
    """256 colours without dithering (a screen of flat colours loses nothing visible, and
    the file is a fifth of the size), at the strongest PNG compression."""
    image = widget.grab().toImage()
    flags = Qt.ImageConversionFlag.ThresholdDither | Qt.ImageConversionFlag.AvoidDither
    indexed = image.convertToFormat(QImage.Format.Format_Indexed8, flags)
    # PySide6 takes the format as str; its stubs say bytes, which it refuses at run time.
    indexed.save(str(path), "PNG", 0)  # type: ignore[call-overload]
    return path


async def _wait(condition: Callable[[], object], timeout: float = 15.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition() and loop.time() < deadline:
        await asyncio.sleep(0.05)
    await asyncio.sleep(SETTLE)


async def take_screenshots(window: Stage, folder: Path, say: Callable[[str], None]) -> None:
    """One PNG per task of the user guide, named after it (``window.png``; in another
    interface language with its code: ``window-ja.png``)."""
    folder.mkdir(parents=True, exist_ok=True)
    language = ui_language()
    suffix = "" if language == ENGLISH else f"-{language}"
    window.widget().showNormal()
    window.widget().resize(SIZE)
    await _wait(lambda: window.widget().size() == SIZE)
    shots: list[tuple[str, Callable[[], Awaitable[QWidget]]]] = [
        ("window", lambda: _window(window)),
        ("entries", lambda: _entries(window)),
        ("broken-document", lambda: _broken(window)),
        ("live-feed", lambda: _feed(window)),
        ("inspector", lambda: _inspector(window)),
        ("workbench", lambda: _workbench(window)),
        ("settings", lambda: _settings(window)),
        ("consumers", lambda: consumers_shot(window, _wait)),
        ("problems", lambda: problems_shot(window, _wait)),
        ("open-folder", lambda: open_folder_shot(window, _wait)),
        ("signature", lambda: signature_shot(window, _wait)),
        ("evidence", lambda: evidence_shot(window, _wait)),
        ("forward-to", lambda: forward_dialog_shot(window, _wait)),
        ("forwarding", lambda: forwarding_shot(window, _wait)),
        ("replay", lambda: replay_shot(window, _wait)),
        ("subscriber-check", lambda: subscriber_shot(window, _wait)),
        ("plan", lambda: plan_shot(window, _wait)),
    ]
    for name, arrange in shots:
        window.statusBar().clearMessage()  # a message left by the previous screen
        window.messages.hide()
        widget = await arrange()
        say(f"screenshot {_save(widget, folder / f'{name}{suffix}.png')}")
        if isinstance(widget, QDialog):
            widget.reject()


async def _window(window: Stage) -> QWidget:
    window.docks["FeedDock"].raise_()
    root = window.tree_model.roots[0]
    window.tree.setCurrentIndex(window.tree_model.index_of(root.children[0]))
    await _wait(lambda: window.document_view.url == root.children[0].url)
    return window.widget()


async def _entries(window: Stage) -> QWidget:
    change_list = next(
        item
        for item in window.tree_model.walk()
        if item.doc is not None and item.url.endswith("dataset1/changelist-index.xml")
    )
    index = window.tree_model.index_of(change_list)
    window.tree.setCurrentIndex(index)
    window.tree.expand(index)
    await _wait(lambda: len(change_list.children) > 1)
    # a closed list with entries: the self-test before the screenshots served the first
    # list broken on purpose (the window keeps what it read), the last one is still open
    component = change_list.children[-2]
    window.tree.setCurrentIndex(window.tree_model.index_of(component))
    view = window.document_view
    await _wait(lambda: view.url == component.url and view.entries.total > 0)
    view.tabs.setCurrentIndex(0)
    # the filter on a kind of change the list holds: the demo's first list may hold no
    # update, and an empty table shows nothing of what the explorer reads
    for change in ("updated", "created", "deleted"):
        view.change_filter.setCurrentIndex(view.change_filter.findData(change))
        await _wait(lambda: True)
        if view.entries.rowCount() > 0:
            break
    return window.widget()


async def _broken(window: Stage) -> QWidget:
    services = await window.engines()
    assert services.demo is not None
    services.demo.faults.enable("malformed-xml")
    url = f"{services.demo.base_url}dataset1/changelist-1.xml"
    try:
        await window.open_source(url)
    finally:
        services.demo.faults.disable("malformed-xml")
    view = window.document_view
    await _wait(lambda: view.url == url and view.source_ready)
    if view.problems.rowCount():
        view.problems_table.setCurrentIndex(view.problems.index(0, 3))
        window.navigate(url, view.problems.finding(0))
    view.tabs.setCurrentIndex(2)
    await _wait(lambda: True)
    return window.widget()


async def _feed(window: Stage) -> QWidget:
    source = window.services.demo.base_url if window.services and window.services.demo else None
    if source is not None:
        await window.open_source(str(source))
    feed = window.panels.feed
    window.docks["FeedDock"].raise_()
    rows = [row for row in range(feed.model.rowCount()) if feed.model.item(row).kind == FRAMEWORK]
    if rows:  # a framework notification, with the diff of a document it names
        feed.select_row(rows[-1])
        await _wait(lambda: feed.diff_view.changed_rows > 0, timeout=5.0)
        feed.detail.setCurrentIndex(3)
    await _wait(lambda: True)
    return window.widget()


async def _inspector(window: Stage) -> QWidget:
    window.docks["InspectorDock"].raise_()
    inspector = window.panels.inspector
    inspector.filter_edit.setText("POST")
    if inspector.model.rowCount():
        inspector.table.selectRow(0)
    await _wait(lambda: True)
    return window.widget()


async def _workbench(window: Stage) -> QWidget:
    window.docks["HubWorkbenchDock"].raise_()
    window.panels.workbench.prefill_from_demo()
    window.panels.workbench.apply_template()
    await _wait(lambda: True)
    return window.widget()


async def _settings(window: Stage) -> QWidget:
    dialog = window.show_settings()
    dialog.resize(560, 320)
    await _wait(dialog.isVisible)
    return dialog
