"""The user guide's screens of the hand-over features (``explorer.ui.scenes.screenshots`` takes
them with the others): the Problems dock on the demo with faults on, the Open folder
as Source dialog, and a Resource List's Consumers tab."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from tempfile import gettempdir

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from explorer.core.consumers.engine import CONSUMER_NAMES
from explorer.ui.scenes.stage import Stage, main_window
from explorer.ui.source.document_panel import CONSUMERS_TAB
from explorer.ui.source.open_folder import OpenFolderDialog

Wait = Callable[..., Awaitable[None]]
FAULTS = ("wrong-content-type", "wrong-namespace")
"""Faults that give the demo findings of each severity, with lines to go to."""


async def problems_shot(window: Stage, wait: Wait) -> QWidget:
    services = await window.engines()
    assert services.demo is not None and window.panels is not None
    for fault in FAULTS:
        services.demo.faults.enable(fault)
    try:
        await window.open_source(str(services.demo.base_url))
    finally:
        for fault in FAULTS:
            services.demo.faults.disable(fault)
    panel = window.panels.problems
    dock = window.docks["ProblemsDock"]
    dock.show()
    dock.raise_()
    main_window(window).resizeDocks(
        [dock], [window.widget().height() * 9 // 20], Qt.Orientation.Vertical
    )
    await wait(lambda: panel.model.total > 0)
    panel.refresh()
    with_line = next(
        (
            row
            for row in range(panel.model.rowCount())
            if panel.model.problem(row).finding.line is not None
        ),
        0,
    )
    panel.table.selectRow(with_line)
    panel.open_problem(with_line)
    await wait(lambda: window.document_view.source_ready)
    return window.widget()


async def consumers_shot(window: Stage, wait: Wait) -> QWidget:
    """The demo's first Resource List as its readers see it: the search engine warns about
    every rs: element, which is the question the guide's publisher asks."""
    services = await window.engines()
    assert services.demo is not None
    await window.open_source(str(services.demo.base_url))
    index = next(
        item
        for item in window.tree_model.walk()
        if item.doc is not None and item.url.endswith("dataset1/resourcelist-index.xml")
    )
    window.tree.setCurrentIndex(window.tree_model.index_of(index))
    window.tree.expand(window.tree_model.index_of(index))
    await wait(lambda: any(child.doc and child.doc.document for child in index.children))
    component = next(child for child in index.children if child.doc and child.doc.document)
    window.tree.setCurrentIndex(window.tree_model.index_of(component))
    view = window.document_view
    await wait(lambda: view.url == component.url)
    dock = window.docks["ProblemsDock"]  # the Source's problems below: none for the Source
    dock.raise_()
    main_window(window).resizeDocks(
        [dock], [window.widget().height() // 4], Qt.Orientation.Vertical
    )
    view.tabs.setCurrentIndex(CONSUMERS_TAB)
    await wait(lambda: view.consumers_for == component.url)
    consumers = view.consumers_view  # the search engine's warnings, as its console says them
    consumers.table.selectRow(CONSUMER_NAMES.index("search-engine"))
    consumers.problems_view.table.setCurrentIndex(consumers.problems.index(0, 0))
    await wait(lambda: True)
    return window.widget()


async def open_folder_shot(window: Stage, wait: Wait) -> QWidget:
    services = await window.engines()
    dialog = OpenFolderDialog(services, window)
    dialog.folder_edit.setText(str(Path(gettempdir()) / "site" / "rs"))
    dialog.base_url_edit.setText("https://example.org/rs/")
    dialog.resize(620, dialog.sizeHint().height())
    dialog.open()
    await wait(dialog.isVisible)
    return dialog


SAMPLE_BODY = """<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:rs="http://www.openarchives.org/rs/terms/">
  <rs:ln rel="up" href="https://example.org/dataset1/capabilitylist.xml"/>
  <rs:md capability="changelist" from="2026-11-27T01:00:00Z"/>
  <url>
    <loc>https://example.org/dataset1/res1</loc>
    <rs:md change="updated" datetime="2026-11-27T01:00:05Z"/>
  </url>
</urlset>
"""


async def signature_shot(window: Stage, wait: Wait) -> QWidget:
    from explorer.core.push.signatures import sign
    from explorer.ui.tools.signature_dialog import show_signature_tool

    dialog = show_signature_tool(window.widget())
    secret = "demo-secret"  # a made-up one: the dialog shows dots
    dialog.body_edit.setPlainText(SAMPLE_BODY)
    dialog.header_edit.setText(sign(secret, SAMPLE_BODY.encode(), "sha256"))
    dialog.secret_edit.setText(secret)
    dialog.header_edit.setCursorPosition(0)
    dialog.resize(640, 480)
    await wait(dialog.isVisible)
    return dialog


async def evidence_shot(window: Stage, wait: Wait) -> QWidget:
    """The inspector with a subscription request selected: Copy as curl (masked), Copy as
    curl with secrets, and Export… with its menu's choices."""
    assert window.panels is not None
    inspector = window.panels.inspector
    dock = window.docks["InspectorDock"]
    dock.raise_()
    main_window(window).resizeDocks(
        [dock], [window.widget().height() // 2], Qt.Orientation.Vertical
    )
    inspector.filter_edit.setText("subscribe POST")
    await wait(lambda: inspector.model.rowCount() > 0)
    if inspector.model.rowCount():
        inspector.table.selectRow(0)
    await wait(lambda: True)
    return window.widget()
