"""The one way to "go to this finding": the Problems panel (click, F8), a document's own
Problems tab, the tree's problem badges, the audit's rows and the live feed's warnings
all call ``SourceNavigator.go_to`` (the last two through the shell's ``navigate``).

It shows the finding's document (selecting it in the tree, or opening it when the tree
does not have it) and hands the document view the line to land on, keyed by the
document's address. The view lands there when that document's text is in, whether that
is now or after it has streamed in: the first click lands, not a second one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core.findings import Finding
from explorer.core.model import Document
from explorer.net.source.crawl_tree import NodeState

if TYPE_CHECKING:
    from explorer.ui.source.source_tree import SourceTreeModel, TreeItem
    from explorer.ui.source.window_parts import SourceWindow

MAX_REVEAL_LOADS = 20
"""Documents loaded at most to find a row for a document a report names: each is a
request, and a Source's reports name documents a few levels down, not thousands."""


class SourceNavigator:
    """Moves the window to a document, and to a finding's line in its XML source."""

    def __init__(self, shell: SourceWindow) -> None:
        self.shell = shell

    def go_to(self, url: str, finding: Finding | None = None, *, entry: str | None = None) -> bool:
        """Show ``url``'s document at ``finding``'s line (its Problems tab when the
        finding has no line), or at the line of its entry for the resource ``entry`` (a
        report's row names a resource and the list that describes it). False when the
        open Source has no such document."""
        window = self.shell
        view = window.document_view
        item = window.tree_model.find(url)
        if item is None:
            if not _pending_rows(window.tree_model):
                return False
            window.spawn(self._reveal(url, finding, entry))  # below a row not loaded yet
            return True
        if finding is not None:
            view.land_on(url, finding.line, finding.column)  # before the selection shows it
        elif entry is not None and item.doc is not None and item.doc.document is not None:
            view.land_on(url, entry_line(item.doc.document, entry))
        index = window.tree_model.index_of(item)
        window.tree.setCurrentIndex(index)  # the controller shows its document
        window.tree.scrollTo(index)
        if finding is not None and finding.line is None:
            view.tabs.setCurrentIndex(2)  # its Problems tab
        return True

    async def _reveal(self, url: str, finding: Finding | None, entry: str | None) -> None:
        """Load the tree's pending rows, first to last, until ``url`` has a row (an audit
        names a Resource List below an index nobody expanded yet), then go there."""
        model = self.shell.tree_model
        for _ in range(MAX_REVEAL_LOADS):
            if model.find(url) is not None:
                break
            pending = _pending_rows(model)
            loading = model.expand(pending[0]) if pending else None
            if loading is None:
                return
            await loading
        if model.find(url) is not None:
            self.go_to(url, finding, entry=entry)


def _pending_rows(model: SourceTreeModel) -> list[TreeItem]:
    """Rows whose document is not loaded yet, and that nothing is loading now."""
    return [
        item
        for item in model.walk()
        if item.doc is not None and item.doc.state is NodeState.PENDING and not item.expanding
    ]


def entry_line(document: Document, loc: str) -> int | None:
    """The line of ``document``'s last entry for ``loc`` (a Change List's latest change
    of that resource is the one a verdict is about), None when it has none."""
    lines = [entry.line for entry in document.entries if entry.loc == loc]
    return lines[-1] if lines else None
