"""The workbench's "Subscriber under test" mode: ``subscriber-check`` from the window.

The form is the command's: a command (``--run``, empty for a subscriber started by hand,
whose URLs are then shown for each test), the tests to run (``--only``) and a timeout.
The run goes through the services on the net loop, so the window stays live; each
verdict appears as its test ends, coloured as the hub checks' are, and the selected
test's reason, with its section, sits above the exchanges that show it. Stop ends the
run and the subscriber it started (its whole process group); the tests it did not
finish are listed as not run. Copy command line gives the command the form stands for.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication
from PySide6.QtWidgets import QTreeWidgetItem, QTreeWidgetItemIterator, QWidget

from explorer.core import catalog
from explorer.core.subscribers import TESTS, Verdict
from explorer.core.words.messages import render_cited, render_phrase, said
from explorer.net.subscribers import ChannelUrls, CommandError, SubscriberResult
from explorer.ui.language import ui_language
from explorer.ui.services import ExplorerServices
from explorer.ui.shared.plain_text import tooltip_text
from explorer.ui.shared.tasks import TaskKeeper
from explorer.ui.workbench.subscriber_command import subscriber_check_line
from explorer.ui.workbench.subscriber_widgets import SubscriberWorkbenchWidgets
from explorer.ui.workbench.verdict_style import OUTCOME_COLOURS, outcome_label, verdict_outcome

Spawn = Callable[[Coroutine[Any, Any, Any]], "asyncio.Task[Any]"]
Say = Callable[[str], None]


class SubscriberWorkbench(SubscriberWorkbenchWidgets):
    """The subscriber mode's page. ``say`` shows a line in the workbench's status."""

    result_added = Signal(object)  # a SubscriberResult, as its test ends
    run_finished = Signal(list)  # every SubscriberResult of the run, in the catalogue's order
    announced = Signal(str, object)  # by hand: a test's id and its ChannelUrls, to start it
    _result_arrived = Signal(int, object)  # from the net thread: the run's number, a result
    _announce_arrived = Signal(int, str, object)  # from the net thread

    def __init__(
        self,
        services: ExplorerServices,
        say: Say,
        spawn: Spawn | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.services = services
        self._say = say
        self._tasks = TaskKeeper(say, owner=self)
        self._spawn = spawn or self._tasks.spawn
        self.results: list[SubscriberResult] = []
        self._run_number = 0
        self._running = False
        self._stopped = False
        self._result_arrived.connect(self._arrived)
        self._announce_arrived.connect(self._announce)
        self.run_button.clicked.connect(lambda: self._spawn(self.run_tests()))
        self.stop_button.clicked.connect(self.stop)
        self.copy_button.clicked.connect(self.copy_command_line)
        self.results_tree.currentItemChanged.connect(self._show_result)

    # --- the form ------------------------------------------------------------------------

    def chosen(self) -> list[str]:
        """The ids of the checked tests, in the catalogue's order."""
        checked = set()
        found = QTreeWidgetItemIterator(self.tests_tree)
        while (item := found.value()) is not None:
            test = item.data(0, Qt.ItemDataRole.UserRole)
            if test and item.checkState(0) == Qt.CheckState.Checked:
                checked.add(test)
            found += 1
        return [test.id for test in TESTS if test.id in checked]

    def choose(self, tests: list[str] | None) -> None:
        """Check exactly ``tests`` (None: every test)."""
        found = QTreeWidgetItemIterator(self.tests_tree)
        while (item := found.value()) is not None:
            test = item.data(0, Qt.ItemDataRole.UserRole)
            if test:
                wanted = tests is None or test in tests
                item.setCheckState(0, Qt.CheckState.Checked if wanted else Qt.CheckState.Unchecked)
            found += 1

    def command_line(self) -> str:
        return subscriber_check_line(
            self.command_edit.text(), self.chosen(), self.timeout_spin.value()
        )

    def copy_command_line(self) -> str:
        line = self.command_line()
        QGuiApplication.clipboard().setText(line)
        self._say(self.tr("copied: {line}").format(line=line))
        return line

    # --- the run -------------------------------------------------------------------------

    async def run_tests(self) -> list[SubscriberResult]:
        """Run the chosen tests; rows appear as tests end. Returns every result, the tests
        not finished after Stop as not run."""
        if self._running:
            return []
        chosen = self.chosen()
        if not chosen:
            self._say(self.tr("choose at least one test"))
            return []
        command = self.command_edit.text()
        self._run_number += 1
        number = self._run_number
        self.results = []
        self.results_tree.clear()
        self.evidence.reset()
        self.summary_label.clear()
        self.announce_view.clear()
        self.announce_view.setVisible(not command.strip())
        self._running, self._stopped = True, False
        self.run_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self._say(self.tr("running %n subscriber test(s) …", "", len(chosen)))
        only = None if len(chosen) == len(TESTS) else chosen
        try:
            made = await self.services.workbench.check_subscriber(
                command,
                only,
                self.timeout_spin.value(),
                lambda result: self._result_arrived.emit(number, result),
                lambda test, urls: self._announce_arrived.emit(number, test, urls),
            )
        except CommandError as exc:
            self._say(render_phrase(exc.said, ui_language()))
            return []
        except OSError as exc:  # the bench's servers could not listen on loopback
            self._say(self.tr("the subscriber check could not start: {error}").format(error=exc))
            return []
        finally:
            self._running = False
            self.run_button.setEnabled(True)
            self.stop_button.setEnabled(False)
            self.announce_view.hide()
        results = self._completed(made, chosen)
        self._show_all(results)
        self._summarise(results)
        self.run_finished.emit(results)
        return results

    def stop(self) -> None:
        """Stop the run (Stop): the services stop the subscriber it started, then the run
        returns what it has."""
        if self._running and not self._stopped:
            self._stopped = True
            self.stop_button.setEnabled(False)
            self._say(self.tr("stopping the subscriber check …"))
            self.services.workbench.stop_subscriber_check()

    def _completed(self, made: list[SubscriberResult], chosen: list[str]) -> list[SubscriberResult]:
        """The run's results in the catalogue's order, a NOT RUN for each test it did not
        finish (after Stop), so the table says what was not verified."""
        by_id = {result.test.id: result for result in made}
        stopped = said("subscribers.reason.stopped")
        return [
            by_id.get(test.id) or SubscriberResult(test, Verdict.NOT_RUN, stopped)
            for test in TESTS
            if test.id in chosen
        ]

    def _arrived(self, number: int, result: SubscriberResult) -> None:
        if number == self._run_number and self._running:  # a late one: the end shows all
            self._add_row(result)
            self.result_added.emit(result)

    def _announce(self, number: int, test: str, urls: ChannelUrls) -> None:
        """By hand: the URLs of the test now waiting for the subscriber, selectable."""
        if number != self._run_number or not self._running:
            return
        seconds = f"{self.timeout_spin.value():g}"
        self.announce_view.setPlainText(
            "\n".join(
                [
                    self.tr(
                        "{test}: start your subscriber now; it has {seconds} s to subscribe"
                    ).format(test=test, seconds=seconds),
                    f"{{topic}}    {urls.topic}",
                    f"{{caplist}}  {urls.caplist}",
                    f"{{hub}}      {urls.hub}",
                ]
            )
        )
        self.announced.emit(test, urls)

    def _show_all(self, results: list[SubscriberResult]) -> None:
        self.results = []
        self.results_tree.clear()
        for result in results:
            self._add_row(result)
        first_bad = next((i for i, r in enumerate(results) if r.verdict is not Verdict.PASS), 0)
        row = self.results_tree.topLevelItem(first_bad)
        if row is not None:
            self.results_tree.setCurrentItem(row)

    def _add_row(self, result: SubscriberResult) -> None:
        self.results.append(result)
        outcome = verdict_outcome(result.verdict)
        reason = result.reason_in(ui_language())
        item = QTreeWidgetItem([outcome_label(outcome), result.test.id, reason])
        item.setForeground(0, QColor(OUTCOME_COLOURS[outcome]))
        if result.verdict is Verdict.NOT_RUN:  # the whole row greyed: nothing was judged
            for column in (1, 2):
                item.setForeground(column, QColor(OUTCOME_COLOURS[outcome]))
        title = catalog.text(f"subscribers.test.{result.test.id}", ui_language())
        item.setToolTip(1, tooltip_text(title))
        item.setToolTip(2, tooltip_text(reason))
        item.setData(0, Qt.ItemDataRole.UserRole, len(self.results) - 1)
        self.results_tree.addTopLevelItem(item)

    def _summarise(self, results: list[SubscriberResult]) -> None:
        counts = {verdict: sum(r.verdict is verdict for r in results) for verdict in Verdict}
        self.summary_label.setText(
            self.tr(
                "%n test(s): {passed} pass, {warned} warn, {failed} fail, {skipped} not run",
                "",
                len(results),
            ).format(
                passed=counts[Verdict.PASS],
                warned=counts[Verdict.WARN],
                failed=counts[Verdict.FAIL],
                skipped=counts[Verdict.NOT_RUN],
            )
        )
        self._say(
            self.tr("subscriber check stopped")
            if self._stopped
            else self.tr("subscriber check finished")
        )

    def _show_result(self, item: QTreeWidgetItem | None, _previous: object = None) -> None:
        if item is None:
            self.evidence.clear()
            return
        result = self.results[int(item.data(0, Qt.ItemDataRole.UserRole))]
        language = ui_language()
        test = result.test
        title = catalog.text(f"subscribers.test.{test.id}", language)
        lines = [
            f"{outcome_label(verdict_outcome(result.verdict))} — {test.id}: {title}",
            result.reason_in(language) + render_cited(test.spec, language),
        ]
        if test.rocks:
            lines.append(self.tr("websub.rocks subscriber test {number}").format(number=test.rocks))
        lines.append(self.tr("%n exchange(s) show it:", "", len(result.exchanges)))
        self.evidence.show_evidence(lines, result.exchanges)
