"""Wires the hand-over features into the window once the engines are attached: the
Problems dock, File ▸ Export report…, File ▸ Open folder as Source…, Tools ▸
Signature… and the inspector's Export…."""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.ui.inspector.exchange_export import ExchangeExport
from explorer.ui.problems.report_export import ReportExport
from explorer.ui.problems.source_problems_panel import SourceProblemsPanel
from explorer.ui.source.open_folder import ask_folder, restore_folders
from explorer.ui.tools.signature_dialog import show_signature_tool

if TYPE_CHECKING:
    from explorer.ui.inspector.inspector_panel import InspectorPanel
    from explorer.ui.shell.main_window import MainWindow


def install_handover(window: MainWindow, inspector: InspectorPanel) -> SourceProblemsPanel:
    services = window.services
    assert services is not None, "attach_services before install_handover"
    panel = SourceProblemsPanel(services, window)
    window.set_panel("ProblemsDock", panel)
    export = ReportExport(services, window)
    panel.export_button.clicked.connect(export.choose_file)
    panel.report_export = export
    window.open_folder_action.triggered.connect(lambda: ask_folder(services, window))
    restore_folders(services, window)
    window.signature_action.triggered.connect(lambda: show_signature_tool(window))
    ExchangeExport(inspector, services)  # a child of the inspector, which keeps it
    return panel
