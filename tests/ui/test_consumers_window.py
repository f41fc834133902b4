"""Issue 40 in the window on the demo: the Source tree's "Write search-engine twin…" (the
Resource List index written as a plain sitemap of the same URLs, through the folder dialog,
without holding the window) and the Consumers tab of an index whose lists the tree read."""

from __future__ import annotations

import re

TWIN = "Write search-engine twin…"


def open_demo(window, qtbot, run) -> None:
    window.open_url(run(window.services.start_demo()))
    qtbot.waitUntil(lambda: any(i.channel for i in window.tree_model.walk()), timeout=15_000)


def _list_index(window, run):
    capability_list = window.tree_model.roots[0].children[0]
    return next(
        i
        for i in capability_list.children
        if i.doc is not None and i.doc.declared_capability == "resourcelist"
    )


def test_the_twin_of_an_index_holds_every_url_of_its_lists(window, qtbot, run, tmp_path) -> None:
    open_demo(window, qtbot, run)
    index = _list_index(window, run)
    action = next(a for a in window.tree_menu(index).actions() if a.text() == TWIN)
    action.trigger()
    dialog = window.source.twin.dialog
    assert dialog is not None and dialog.isVisible()  # asked without a nested event loop
    folder = tmp_path / "twin"
    dialog.fileSelected.emit(str(folder))
    robots = folder / "robots-lines.txt"
    qtbot.waitUntil(robots.exists, timeout=15000)
    expected = {
        entry.loc
        for child in index.doc.children
        if child.document is not None
        for entry in child.document.entries
    }
    assert len(expected) >= 500  # the demo's 600 resources over 3 lists
    written = set(re.findall(r"<loc>([^<]+)</loc>", (folder / "twin-sitemap-0001.xml").read_text()))
    assert written == expected
    assert "rs:" not in (folder / "twin-sitemap-0001.xml").read_text()
    assert robots.read_text().startswith("Sitemap: http://127.0.0.1:")
    status = window.statusBar()
    qtbot.waitUntil(lambda: "Twin written into" in status.currentMessage(), timeout=5000)


def test_a_twin_that_cannot_be_written_says_why(window, qtbot, run, tmp_path) -> None:
    open_demo(window, qtbot, run)
    index = _list_index(window, run)
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    assert run(window.source.twin.write(index.doc, blocked)) is None
    qtbot.waitUntil(lambda: str(blocked) in window.messages.text.text(), timeout=5000)


def test_only_a_resource_list_offers_a_twin(window, qtbot, run) -> None:
    open_demo(window, qtbot, run)
    root = window.tree_model.roots[0]
    assert TWIN not in {a.text() for a in window.tree_menu(root).actions()}
    assert TWIN in {a.text() for a in window.tree_menu(_list_index(window, run)).actions()}


def test_the_consumers_tab_of_the_demos_list_index(window, qtbot, run) -> None:
    from explorer.ui.source.document_panel import CONSUMERS_TAB

    open_demo(window, qtbot, run)
    index = _list_index(window, run)
    run(window.services.source.expand(index.doc))
    window.tree.setCurrentIndex(window.tree_model.index_of(index))
    view = window.document_view
    qtbot.waitUntil(lambda: view.url == index.url, timeout=5000)
    view.tabs.setCurrentIndex(CONSUMERS_TAB)
    qtbot.waitUntil(lambda: view.consumers_for == index.url, timeout=15000)
    model = view.consumers_view.model
    search_engine = next(
        r for r in range(model.rowCount()) if model.index(r, 0).data() == "search-engine"
    )
    assert model.index(search_engine, 2).data() == str(len(index.doc.children))  # its 3 lists
