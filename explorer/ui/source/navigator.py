"""The one way to "go to this finding": the Problems panel (click, F8), a document's own
Problems tab and the tree's problem badges all call ``SourceNavigator.go_to``.

It shows the finding's document (selecting it in the tree, or opening it when the tree
does not have it) and hands the document view the line to land on, keyed by the
document's address. The view lands there when that document's text is in, whether that
is now or after it has streamed in: the first click lands, not a second one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core.findings import Finding

if TYPE_CHECKING:
    from explorer.ui.source.window_parts import SourceWindow


class SourceNavigator:
    """Moves the window to a document, and to a finding's line in its XML source."""

    def __init__(self, shell: SourceWindow) -> None:
        self.shell = shell

    def go_to(self, url: str, finding: Finding | None = None) -> bool:
        """Show ``url``'s document at ``finding``'s line (its Problems tab when the
        finding has no line). False when the open Source has no such document."""
        window = self.shell
        view = window.document_view
        item = window.tree_model.find(url)
        if item is None:
            return False
        if finding is not None:
            view.land_on(url, finding)  # before the selection shows the document
        index = window.tree_model.index_of(item)
        window.tree.setCurrentIndex(index)  # the controller shows its document
        window.tree.scrollTo(index)
        if finding is not None and finding.line is None:
            view.tabs.setCurrentIndex(2)  # its Problems tab
        return True
