"""The Source-wide Problems dock, F8 / Shift+F8, and File ▸ Export report…."""

from __future__ import annotations

from explorer.ui.problems.report_export import ReportExport
from explorer.ui.problems.source_problems_panel import SourceProblemsPanel
from explorer.ui.shared.shell import Shell


def install(shell: Shell) -> None:
    services = shell.services
    assert services is not None, "the engines before the features"
    panel = SourceProblemsPanel(services, shell)
    shell.add_dock("ProblemsDock", panel)
    export = ReportExport(services, shell)
    panel.export_button.clicked.connect(export.choose_file)
    panel.report_export = export
