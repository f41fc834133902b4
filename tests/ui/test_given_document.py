"""The window shows the document its address names (N-M2): the demo's example with problems,
outside the Source's tree, opens with its problems, not replaced by the Source Description."""

from __future__ import annotations

from explorer.demo.flawed import FLAWED_PATH


def test_the_example_with_problems_is_shown_with_its_problems(window, qtbot, run) -> None:
    source = run(window.services.start_demo())
    example = source + FLAWED_PATH
    window.open_url(example)
    qtbot.waitUntil(lambda: window.document_view.url == example, timeout=15_000)
    view = window.document_view
    assert view.shown is not None and view.shown.capability == "changelist"
    assert view.shown_findings == 7
    # the Source it leads to stays in the tree
    assert window.tree_model.roots[0].url == source + ".well-known/resourcesync"
    qtbot.waitUntil(lambda: window.messages.isVisible(), timeout=5_000)
    assert "shown on its own" in window.messages.text.text()
    assert example in window.messages.text.text()
