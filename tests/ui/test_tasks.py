"""TaskKeeper: the one way widgets start tasks on the GUI loop (held strongly, failures logged)."""

from __future__ import annotations

import asyncio
import gc
import logging

import pytest
from PySide6.QtWidgets import QLabel

from explorer.ui.shared.tasks import TaskKeeper


def test_the_keeper_holds_a_task_while_it_runs(qtbot, qloop) -> None:
    keeper = TaskKeeper()
    gate = qloop.create_future()
    finished: list[str] = []

    async def job() -> None:
        await gate
        finished.append("done")

    keeper.spawn(job())  # no reference kept here: only the keeper holds it
    gc.collect()
    assert len(keeper) == 1
    gate.set_result(None)
    qtbot.waitUntil(lambda: finished == ["done"], timeout=5000)
    qtbot.waitUntil(lambda: len(keeper) == 0, timeout=5000)


def test_a_failure_is_logged_and_reported(qtbot, qloop, caplog: pytest.LogCaptureFixture) -> None:
    reports: list[str] = []
    keeper = TaskKeeper(reports.append)

    async def broken() -> None:
        raise ValueError("no such document")

    with caplog.at_level(logging.ERROR, logger="explorer.ui.shared.tasks"):
        keeper.spawn(broken())
        qtbot.waitUntil(lambda: bool(reports), timeout=5000)
    assert reports == ["ValueError: no such document"]
    assert any(record.exc_info and record.exc_info[0] is ValueError for record in caplog.records)


def test_a_failure_without_a_report_is_still_logged(
    qtbot, qloop, caplog: pytest.LogCaptureFixture
) -> None:
    keeper = TaskKeeper()

    async def broken() -> None:
        raise RuntimeError("lost")

    with caplog.at_level(logging.ERROR, logger="explorer.ui.shared.tasks"):
        keeper.spawn(broken())
        qtbot.waitUntil(lambda: len(keeper) == 0, timeout=5000)
    assert [r.exc_info[1].args for r in caplog.records if r.exc_info] == [("lost",)]


def test_cancel_all_stops_every_task_quietly(qtbot, qloop) -> None:
    reports: list[str] = []
    keeper = TaskKeeper(reports.append)
    tasks = [keeper.spawn(asyncio.sleep(3600)) for _ in range(3)]
    keeper.cancel_all()
    qtbot.waitUntil(lambda: all(task.done() for task in tasks), timeout=5000)
    assert all(task.cancelled() for task in tasks) and len(keeper) == 0 and reports == []


def test_a_destroyed_owner_cancels_its_tasks_and_hears_no_report(qtbot, qloop) -> None:
    """The Hub workbench's race: a check still awaiting its hub when the tab is closed woke to
    a deleted list, and its failure report then touched a deleted label."""
    owner = QLabel()
    reports: list[str] = []
    keeper = TaskKeeper(lambda text: (reports.append(text), owner.setText(text)), owner=owner)
    gate = qloop.create_future()

    async def check() -> None:
        await gate
        owner.setText("answered")

    task = keeper.spawn(check())
    gone: list[bool] = []
    owner.destroyed.connect(lambda: gone.append(True))
    owner.deleteLater()
    qtbot.waitUntil(lambda: bool(gone), timeout=5000)
    gate.set_result(None)
    qtbot.waitUntil(lambda: task.done() and len(keeper) == 0, timeout=5000)
    assert task.cancelled() and reports == []
