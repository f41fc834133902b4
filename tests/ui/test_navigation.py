"""Refresh in place, Back/Forward, failed opens, history, mistyped and broken addresses:
the window against the embedded demo, driven through its actions."""

from __future__ import annotations

from explorer.core.findings import Severity


def open_demo(window, qtbot, run) -> str:
    url = run(window.services.start_demo())
    window.open_url(url)
    qtbot.waitUntil(lambda: any(i.channel for i in window.tree_model.walk()), timeout=15000)
    return url


def _item(window, suffix: str):
    return next(i for i in window.tree_model.walk() if i.url.endswith(suffix))


def test_f5_refetches_the_open_document_and_keeps_selection_and_expansion(
    window, qtbot, run
) -> None:
    open_demo(window, qtbot, run)
    model, tree = window.tree_model, window.tree
    root = model.roots[0]
    capability_list = root.children[0]
    change_list = _item(window, "dataset1/changelist-index.xml")
    tree.setCurrentIndex(model.index_of(change_list))
    qtbot.waitUntil(lambda: window.document_view.shown is change_list.doc.document, timeout=10000)
    tree.expand(model.index_of(change_list))
    qtbot.waitUntil(lambda: len(change_list.children) >= 2, timeout=10000)
    tree.collapse(model.index_of(root.children[1]))
    before = change_list.doc.fetch
    other_fetch = capability_list.doc.fetch

    window.refresh_action.trigger()  # F5
    qtbot.waitUntil(lambda: change_list.doc.fetch is not before, timeout=10000)
    qtbot.waitUntil(lambda: not window.progress.busy, timeout=10000)

    assert model.roots[0] is root, "the Source was not re-discovered"
    assert window.selected_item() is change_list
    assert tree.isExpanded(model.index_of(change_list))
    assert not tree.isExpanded(model.index_of(root.children[1]))
    assert capability_list.doc.fetch is other_fetch, "only the open document is fetched"
    assert window.document_view.shown is change_list.doc.document
    assert "refreshed" in window.statusBar().currentMessage()


def test_rediscover_keeps_the_selected_document(window, qtbot, run) -> None:
    open_demo(window, qtbot, run)
    old_root = window.tree_model.roots[0]
    second = old_root.children[1]
    window.tree.setCurrentIndex(window.tree_model.index_of(second))
    window.rediscover_action.trigger()
    qtbot.waitUntil(lambda: window.tree_model.roots[0] is not old_root, timeout=15000)
    qtbot.waitUntil(lambda: window.selected_item() is not None, timeout=5000)
    assert window.selected_item().url == second.url


def test_a_failed_open_keeps_the_source_and_says_why(window, qtbot, run) -> None:
    open_demo(window, qtbot, run)
    root = window.tree_model.roots[0]
    window.open_url("http://127.0.0.1:1/nothing-listens-here")
    qtbot.waitUntil(lambda: window.messages.isVisible(), timeout=15000)
    assert window.tree_model.roots == [root]
    assert "stays open" in window.messages.text.text()
    assert "nothing listens on 127.0.0.1:1" in window.messages.text.text()


def test_choosing_an_address_from_history_opens_it(window, qtbot, run) -> None:
    url = open_demo(window, qtbot, run)
    list_url = f"{url}dataset2/capabilitylist.xml"
    window.open_url(list_url)
    qtbot.waitUntil(lambda: window.address.itemText(0) == list_url, timeout=5000)
    qtbot.waitUntil(lambda: not window.progress.busy, timeout=15000)
    root = window.tree_model.roots[0]
    index = window.address.findText(url)
    assert index > 0
    window.address.activated.emit(index)  # what picking it in the drop-down emits
    qtbot.waitUntil(lambda: window.tree_model.roots[0] is not root, timeout=15000)
    # the address bar then follows the document shown: the Source Description reached
    assert window.address.currentText() == window.tree_model.roots[0].url


def test_back_and_forward_over_documents_and_sources(window, qtbot, run) -> None:
    url = open_demo(window, qtbot, run)
    model = window.tree_model
    root = model.roots[0]
    first, second = root.children[0], root.children[1]
    window.tree.setCurrentIndex(model.index_of(first))
    window.tree.setCurrentIndex(model.index_of(second))
    assert window.back_action.isEnabled() and not window.forward_action.isEnabled()

    window.back_action.trigger()  # Alt+Left
    assert window.selected_item() is first
    window.back_action.trigger()
    assert window.selected_item() is root
    window.forward_action.trigger()  # Alt+Right
    assert window.selected_item() is first

    other = f"{url}dataset2/capabilitylist.xml"  # typed: a document of the open Source
    window.open_url(other)
    assert model.roots[0] is root  # not opened again: the tree keeps its place
    assert window.selected_item().url == other
    window.back_action.trigger()  # back to the document shown before
    assert window.selected_item().url == first.url
    assert window.address.currentText() == first.url  # the address follows it


def test_a_mistyped_document_url_is_said_not_replaced_silently(window, qtbot, run) -> None:
    url = open_demo(window, qtbot, run)
    typo = f"{url}dataset1/nope.xml"
    window.open_url(typo)
    qtbot.waitUntil(lambda: window.messages.isVisible(), timeout=15000)
    text = window.messages.text.text()
    assert typo in text and "404" in text and "instead" in text


def test_a_malformed_document_shows_its_text_and_a_clickable_problem(window, qtbot, run) -> None:
    url = open_demo(window, qtbot, run)
    window.services.demo.faults.enable("malformed-xml")  # Change Lists are cut short
    broken = f"{url}dataset1/changelist-1.xml"
    window.open_url(broken)
    view = window.document_view
    qtbot.waitUntil(lambda: view.url == broken, timeout=15000)
    qtbot.waitUntil(lambda: view.source_ready and view.source.blockCount() > 3, timeout=10000)
    assert "<urlset" in view.source.toPlainText()
    shown = [view.problems.finding(row) for row in range(view.problems.rowCount())]
    parse = [f for f in shown if f.code.startswith("parse.")]
    assert parse and parse[0].severity is Severity.ERROR and parse[0].line is not None
    row = shown.index(parse[0])
    view.problems_table.clicked.emit(view.problems.index(row, 3))
    assert view.tabs.currentIndex() == 1
    assert view.source.textCursor().blockNumber() == parse[0].line - 1
    assert window.messages.isVisible() and broken in window.messages.text.text()
