"""The user guide's screens of the hand-over features (``explorer.ui.scenes.screenshots`` takes
them with the others): the Problems dock on the demo with faults on, and the Open folder
as Source dialog."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from tempfile import gettempdir

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from explorer.ui.scenes.stage import Stage, main_window
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
