"""What the open-Source feature adds once the engines run: File ▸ Open folder as
Source…, and the folders opened before (their addresses in the history open again).
The controller behind the address bar and the tree is the window's own content
(``SourceController``)."""

from __future__ import annotations

from explorer.ui.shared.shell import Shell
from explorer.ui.source.open_folder import ask_folder, restore_folders


def install(shell: Shell) -> None:
    services = shell.services
    assert services is not None, "the engines before the features"
    shell.action("open_folder").triggered.connect(lambda: ask_folder(services, shell))
    restore_folders(services, shell)
