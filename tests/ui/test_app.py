"""The real start-up path: ``python -m explorer --self-test`` in a fresh process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from helpers.windows import main_windows, opened_windows


def run_explorer(*args: str, timeout: float = 90) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [sys.executable, "-m", "explorer", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        check=False,
    )


def test_self_test_exits_zero_and_saves_a_screenshot(tmp_path: Path) -> None:
    shot = tmp_path / "out.png"
    done = run_explorer("--self-test", "--screenshot", str(shot))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "step 4" in done.stdout and "passed" in done.stdout
    assert shot.stat().st_size > 10_000


def test_bad_arguments_exit_2() -> None:
    done = run_explorer("--no-such-option")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "resourcesync-explorer: unrecognized arguments: --no-such-option (see --help)"
    ]


def test_main_opens_the_demo_and_quits_cleanly_on_ctrl_q(
    qapp, qtbot, qloop, settings, tmp_path: Path
) -> None:
    from explorer.ui.app import main, parse_arguments
    from explorer.ui.shell.main_window import MainWindow

    leftovers = [MainWindow(settings=settings) for _ in range(8)]  # as earlier tests leave them
    handler = qloop.get_exception_handler()
    args = parse_arguments(["--demo", "--store", str(tmp_path / "store.sqlite3")])
    before = main_windows(qapp)
    task = qloop.create_task(main(qapp, args))
    try:
        qtbot.waitUntil(lambda: bool(opened_windows(qapp, before)), timeout=10000)
        [window] = opened_windows(qapp, before)
        qtbot.waitUntil(
            lambda: window.engines_ready.is_set() and bool(window.tree_model.roots), timeout=15000
        )
        window.quit_action.trigger()  # Ctrl+Q
        qtbot.waitUntil(task.done, timeout=15000)
    finally:
        qloop.set_exception_handler(handler)
        for leftover in leftovers:
            leftover.deleteLater()
    assert task.result() == 0
    assert settings.value("window/geometry") is not None  # saved on the way out
