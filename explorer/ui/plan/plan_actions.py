"""Plan… in the Source tree's context menu of a Source Description or Capability List,
and File ▸ Plan a harvest… for the open Source, beside the window's other per-Source tools
(History…, Audit a local copy…). One Plan window per Source, opened on demand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from explorer.core.findings import Severity
from explorer.core.rules import capabilities as caps
from explorer.ui.shared.shell import Key, Shell

if TYPE_CHECKING:
    from explorer.ui.plan.plan_panel import PlanPanel
    from explorer.ui.services import ExplorerServices

PLANNED = (caps.DESCRIPTION, caps.CAPABILITYLIST)
"""Rows offering "Plan…": a harvester starts from one of them."""


class PlanActions(QObject):
    """The feature's actions; ``panels`` by the URL each plans."""

    def __init__(self, window: Shell, services: ExplorerServices) -> None:
        super().__init__(window.widget())
        self.window, self.services = window, services
        self.panels: dict[str, PlanPanel] = {}
        self.plan_action = QAction(self.tr("Plan a harvest…"), window.widget())
        self.plan_action.setToolTip(
            self.tr("What a harvest of this Source will cost, and what it would miss")
        )
        self.plan_action.triggered.connect(lambda: self.show_plan())
        window.add_action("file", self.plan_action)
        window.extend_tree_menu(self.extend_tree_menu)

    def extend_tree_menu(self, menu: QMenu, url: str, capability: str | None) -> None:
        if capability in PLANNED:
            menu.addAction(self.tr("Plan…"), lambda: self.show_plan(url))

    def show_plan(self, url: str | None = None) -> PlanPanel | None:
        """The Plan window of ``url``: by default the Source Description or Capability List
        selected in the tree, else the open Source's start."""
        from explorer.ui.plan.plan_panel import PlanPanel

        if url is None:
            selected = self.window.selected_document()
            if selected is not None and selected[1] in PLANNED:
                url = selected[0]
            else:
                result = self.services.source.crawl_result
                url = result.source_url if result is not None else None
        if url is None:
            self.window.show_error(
                self.tr("open a Source first: the plan is of the Source shown in the tree"),
                Severity.WARNING,
            )
            return None
        panel = self.panels.get(url)
        if panel is None:
            panel = self.panels[url] = PlanPanel(self.services, url, self.window.widget())
        panel.show()
        panel.raise_()
        return panel


PLAN_ACTIONS: Key[PlanActions] = Key("plan")
"""The feature's actions, published for the scenes and the tests."""
