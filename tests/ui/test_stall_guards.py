"""The window never holds its event loop (N-M1): the document view cannot loop while it
swaps documents, and the suite's stall watchdog fails a test in which the loop was held."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from PySide6.QtCore import QTimer

HELPERS = Path(__file__).resolve().parent.parent

SWAP_AFTER_A_SIDEWAYS_PROBLEM = textwrap.dedent(
    """
    import asyncio
    from PySide6.QtWidgets import QApplication
    from explorer.ui.shared.xml_view import XmlSourceView

    app = QApplication([])
    view = XmlSourceView()
    view.resize(700, 400)
    view.show()
    long_line = "<url><loc>http://example.org/" + "x" * 200 + "/{}</loc></url>"
    view.set_xml("\\n".join(long_line.format(n) for n in range(200)))
    view.go_to_line(24, 150)  # a problem far to the right: the view scrolls sideways
    asyncio.run(view.set_xml_async(b"<urlset/>"))  # the next document
    print("swapped", view.toPlainText())
    """
)


def test_the_next_document_replaces_one_shown_at_a_problem_far_to_the_right() -> None:
    """The freeze of the review: Problems click (line 24, far right), then another
    document. Run apart, so that a view that loops fails by its deadline instead of
    holding the suite."""
    try:
        done = subprocess.run(
            [sys.executable, "-c", SWAP_AFTER_A_SIDEWAYS_PROBLEM],
            capture_output=True,
            text=True,
            timeout=90,  # seconds for a Qt start on a loaded machine; the swap itself is instant
        )
    except subprocess.TimeoutExpired:
        raise AssertionError("the view looped swapping documents (the window froze)") from None
    assert done.returncode == 0, done.stderr
    assert "swapped <urlset/>" in done.stdout


def test_a_test_that_holds_the_gui_loop_for_two_seconds_fails(tmp_path: Path) -> None:
    """The watchdog (tests/helpers/stall_plugin.py) on a test run of its own: holding the
    loop 2 s fails; the same 2 s spent by the test outside the loop does not."""
    (tmp_path / "conftest.py").write_text('pytest_plugins = ("helpers.stall_plugin",)\n')
    (tmp_path / "test_hold.py").write_text(
        textwrap.dedent(
            """
            import time
            from PySide6.QtCore import QTimer

            def test_holds_the_loop(qtbot):
                QTimer.singleShot(0, lambda: time.sleep(2))
                qtbot.wait(2500)

            def test_waits_outside_the_loop(qtbot):
                time.sleep(2)
                qtbot.wait(100)
            """
        )
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:randomly",
            "-p",
            "no:xdist",
            "-p",
            "no:cacheprovider",
            "-o",
            "qt_api=pyside6",
            "-q",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(HELPERS)},
        timeout=120,
    )
    assert done.returncode != 0, done.stdout
    # the 2 s sleep, less the run-queue wait taken off on a loaded machine (1.9 s seen at
    # load 14): still far over the 1 s threshold
    assert re.search(r"GUI loop held (1\.[5-9]|[2-9]\.\d) s", done.stdout), done.stdout
    assert "ERROR test_hold.py::test_holds_the_loop" in done.stdout
    assert "test_waits_outside_the_loop" not in done.stdout.split("short test summary")[-1]


def test_the_self_test_sees_a_held_loop(qtbot) -> None:
    """``--self-test`` reads the same watchdog (its app is made of the same class) and
    fails on what it saw; taking the stall here also keeps this test's own watch clean."""
    from explorer.ui.scenes.self_test import _stalls

    QTimer.singleShot(0, lambda: time.sleep(1.5))
    qtbot.wait(1800)
    stalls = _stalls()
    assert len(stalls) == 1 and stalls[0].seconds > 1.0, stalls
    assert _stalls() == []


def test_a_first_import_is_not_a_stall(qtbot, tmp_path: Path, monkeypatch) -> None:
    """Loading a module the first time (compiled where no bytecode is kept) happens once
    per process, as the fonts' first loading does: it is not counted."""
    import importlib

    from explorer.ui.scenes.self_test import _stalls

    (tmp_path / "slow_to_load.py").write_text("import time\ntime.sleep(1.5)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    QTimer.singleShot(0, lambda: importlib.import_module("slow_to_load"))
    qtbot.waitUntil(lambda: "slow_to_load" in sys.modules, timeout=10000)
    qtbot.wait(100)
    assert _stalls() == []
    monkeypatch.delitem(sys.modules, "slow_to_load")
