"""The GUI-loop stall watchdog for the suite: any test that runs Qt fails when the window's
event loop was held for more than ``STALL_SECONDS`` by one piece of work, in the test or its
fixtures (``explorer.ui.shared.stall_watch`` says how it is measured).

What legitimately takes long once per process (loading the fonts, Latin and Japanese, and
the platform's first widget) is done before the first test, outside the watch.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from explorer.ui.shared.stall_watch import StallWatchingApplication


@pytest.fixture(scope="session")
def qapp_cls() -> type[StallWatchingApplication]:
    """pytest-qt makes its QApplication of this class."""
    return StallWatchingApplication


@pytest.fixture(scope="session")
def warm_gui(qapp: StallWatchingApplication) -> StallWatchingApplication:
    """The first widget shown and the first text drawn load the fonts and the platform's
    theme (seconds on a loaded machine): done once here, unwatched."""
    from PySide6.QtWidgets import QLabel, QPlainTextEdit

    label = QLabel("Resource List リソースリスト 変更リスト")
    editor = QPlainTextEdit("<urlset>\n  <url><loc>http://example.org/</loc></url>\n</urlset>")
    for widget in (label, editor):
        widget.show()
        widget.grab()
        widget.close()
        widget.deleteLater()
    qapp.processEvents()
    assert qapp.stall_watch is not None
    qapp.stall_watch.take()
    return qapp


@pytest.fixture(autouse=True)
def gui_loop_never_stalls(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fails a test that uses Qt (``qapp``, hence ``qtbot``) when its loop stalled."""
    if "qapp" not in request.fixturenames:
        yield
        return
    app = request.getfixturevalue("warm_gui")
    watch = app.stall_watch
    watch.take()
    yield
    stalls = watch.take()
    assert not stalls, "the GUI event loop stalled: " + "; ".join(map(str, stalls))
