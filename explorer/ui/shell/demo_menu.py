"""The Demo menu: checkable entries that switch the embedded demo's faults while it runs.

Its words keep the ``MainWindow`` translation context they were written under.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMainWindow, QMenu

from explorer.ui.shared.feedback import confirm


def build_demo_menu(window: QMainWindow, faults: Any, descriptions: dict[str, str]) -> QMenu:
    """One entry per fault of ``explorer.demo.faults`` (ticked when on), and one that
    switches every fault off."""
    menu = QMenu(QCoreApplication.translate("MainWindow", "&Demo"), window)
    menu.setToolTipsVisible(True)
    faults_menu = menu.addMenu(QCoreApplication.translate("MainWindow", "Faults"))
    faults_menu.setToolTipsVisible(True)
    for name, description in descriptions.items():
        entry = faults_menu.addAction(name)
        entry.setCheckable(True)
        entry.setChecked(name in faults)
        entry.setToolTip(QCoreApplication.translate("DemoFaults", description))
        entry.toggled.connect(lambda on, fault=name: _set_fault(window, faults, fault, on))
    clear = menu.addAction(QCoreApplication.translate("MainWindow", "Switch every fault off"))

    def switch_all_off() -> None:
        for action in faults_menu.actions():
            action.setChecked(False)

    clear.triggered.connect(switch_all_off)
    return menu


def _set_fault(window: QMainWindow, faults: Any, name: str, on: bool) -> None:
    faults.set(name, on)
    text = (
        QCoreApplication.translate("MainWindow", "demo fault {name} on")
        if on
        else QCoreApplication.translate("MainWindow", "demo fault {name} off")
    )
    confirm(window, text.format(name=name))
