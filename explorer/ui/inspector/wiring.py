"""The HTTP inspector in the window: its dock, its Export… menu, the forwarded answer
beside a received delivery; offered to the other features (Replay…)."""

from __future__ import annotations

from explorer.ui.inspector.exchange_export import ExchangeExport
from explorer.ui.inspector.forward_answer import InspectorForwarding
from explorer.ui.inspector.inspector_panel import InspectorPanel
from explorer.ui.shared.shell import Shell
from explorer.ui.shared.surfaces import INSPECTOR


def install(shell: Shell) -> None:
    services = shell.services
    assert services is not None, "the engines before the features"
    inspector = InspectorPanel(services, shell.spawn)
    shell.add_dock("InspectorDock", inspector)
    InspectorForwarding(inspector)  # owned by the inspector (its parent)
    ExchangeExport(inspector, services)  # a child of the inspector, which keeps it
    inspector.restore()
    shell.publish(INSPECTOR, inspector)
