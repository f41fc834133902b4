"""The Source tree's "Write search-engine twin…" on a Resource List (or its index): asks for
a folder, then writes the plain sitemap twin the ``consumers --write-twin`` command writes
(the same writer), with the ``robots.txt`` lines that name it.

A search engine warns about every ``rs:`` element and takes at most 50,000 URLs from one
file; the publisher serves it the twin and keeps the ResourceSync documents for
Destinations. The folder is asked for without a nested event loop, an index's lists are
loaded through the services, and the writing runs in a worker: a big list must not hold
the window.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog

from explorer.ui.language import ui_language
from explorer.ui.shared.feedback import confirm

if TYPE_CHECKING:
    from collections.abc import Callable, Coroutine
    from typing import Any

    from explorer.net.source.crawl_tree import DocumentNode
    from explorer.ui.services import ExplorerServices
    from explorer.ui.source.window_parts import SourceWindow

TWIN_CAPABILITY = "resourcelist"
"""The twin lists what a search engine should index: a Resource List's resources."""


class TwinWriting(QObject):
    """One "Write search-engine twin…" at a time per window: the folder dialog, then the
    write. ``load_components`` reads every component of an index (the controller's)."""

    def __init__(
        self,
        shell: SourceWindow,
        engines: Callable[[], Coroutine[Any, Any, ExplorerServices]],
        load_components: Callable[[DocumentNode], Coroutine[Any, Any, None]],
    ) -> None:
        super().__init__(shell.widget())
        self.shell = shell
        self.engines = engines
        self.load_components = load_components
        self.dialog: QFileDialog | None = None

    def choose_folder(self, doc: DocumentNode) -> QFileDialog:
        """Ask where to write the twin of ``doc`` (non-modal: never ``exec()`` inside the
        qasync loop); the folder chosen starts the write."""
        dialog = QFileDialog(self.shell.widget(), self.tr("Write search-engine twin into"))
        dialog.setFileMode(QFileDialog.FileMode.Directory)
        dialog.setOption(QFileDialog.Option.ShowDirsOnly, True)
        dialog.fileSelected.connect(lambda folder: self.shell.spawn(self.write(doc, Path(folder))))
        dialog.finished.connect(dialog.deleteLater)
        self.dialog = dialog
        dialog.open()
        return dialog

    async def write(self, doc: DocumentNode, folder: Path) -> list[str] | None:
        """Write the twin of ``doc`` (every Resource List of an index) into ``folder``;
        returns the ``robots.txt`` lines, or None when it could not be written (said)."""
        from explorer.net.reports.consumer_twin import TwinError  # with the engines

        services = await self.engines()
        try:
            if doc.document is None or doc.is_index:  # not read yet, or its lists not
                await self.load_components(doc)
            lists = [node for node in _lists_of(doc) if node.document is not None]
            lines = await self.shell.progress.run(
                self.tr("Writing the search-engine twin of {url}").format(url=doc.url),
                services.source.write_twin(folder, lists),
            )
        except TwinError as exc:
            self.shell.show_error(exc.describe(ui_language()))
            return None
        confirm(
            self.shell.widget(),
            self.tr("Twin written into {folder}; add to robots.txt: {lines}").format(
                folder=str(folder), lines=" · ".join(lines)
            ),
        )
        return lines


def _lists_of(doc: DocumentNode) -> list[DocumentNode]:
    """The Resource Lists under ``doc`` (itself when it is one), indexes opened."""
    if not doc.is_index:
        return [doc]
    return [leaf for child in doc.children for leaf in _lists_of(child)]
