"""The Hub workbench: publish test notifications to any WebSub hub and run conformance checks.

Left, the publisher: a template picker (change notification with N entries, or any
framework notification pair of Table 2), file loading, an XML editor validated as you
type, and Publish, which shows the hub's full response. Right, the conformance run of
``explorer.net.conformance``: one row per check, and for the selected check its
findings and the exchanges that show it. Everything runs as tasks on the qasync loop;
validation of the editor's text runs in a worker thread. The switch at the top left turns
the tab to its other mode, "Subscriber under test" (``subscriber_workbench.py``), where
the explorer is the hub and a subscriber is judged.
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Callable, Coroutine
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QShowEvent
from PySide6.QtWidgets import (
    QFileDialog,
    QListWidgetItem,
    QTreeWidgetItem,
    QWidget,
)

from explorer.core.findings import Finding, Severity
from explorer.core.push.payload_templates import CHANGE_TEMPLATE, DEFAULT_BASE_URL, render
from explorer.core.safe_xml import MAX_DOCUMENT_BYTES
from explorer.core.validator import ValidationResult as Validation
from explorer.core.validator import check_bytes
from explorer.net.conformance import (
    ALL_CHECKS,
    CHECKS,
    MEMORY_CHECKS,
    CheckResult,
    ConformanceSettings,
    Outcome,
)
from explorer.net.live.publisher import PublishResult, topic_reply
from explorer.net.live.subscription import new_callback_token
from explorer.ui.language import finding_text, severity_text, spec_text, ui_language
from explorer.ui.services import ExplorerServices
from explorer.ui.shared.icons import SEVERITY_COLOURS, severity_icon
from explorer.ui.shared.plain_text import tooltip_text
from explorer.ui.shared.tasks import TaskKeeper
from explorer.ui.shared.wording import count_text, list_text
from explorer.ui.workbench.hub_workbench_widgets import HubWorkbenchWidgets
from explorer.ui.workbench.subscriber_workbench import SubscriberWorkbench
from explorer.ui.workbench.verdict_style import OUTCOME_COLOURS, outcome_label

log = logging.getLogger(__name__)

VALIDATE_DELAY_MS = 250

Spawn = Callable[[Coroutine[Any, Any, Any]], "asyncio.Task[Any]"]


class HubWorkbench(HubWorkbenchWidgets):
    """The "Hub workbench" tab. ``spawn`` runs coroutines (the main window's, by default
    a task kept here whose failure is shown in the status line)."""

    validated = Signal(object)  # explorer.core.validator.ValidationResult of the editor's text
    published = Signal(object)  # PublishResult
    result_added = Signal(object)  # conformance CheckResult, as each check finishes
    run_finished = Signal(list)  # every CheckResult of the run
    _result_arrived = Signal(object)  # from the net thread, where the conformance run works

    def __init__(
        self, services: ExplorerServices, spawn: Spawn | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._run_task: asyncio.Task[Any] | None = None
        self.services = services
        self._tasks = TaskKeeper(lambda text: self.status.setText(text), owner=self)
        self._spawn = spawn or self._tasks.spawn
        self._generation = 0
        self._topic_token: str | None = None
        self._hosted_payload = b""
        self._hosted_hub = ""
        self.results: list[CheckResult] = []
        self._wanted: list[str] = list(CHECKS)  # the checks of the latest run, in order

        self.subscriber = SubscriberWorkbench(services, self.status.setText, self._spawn)
        self.target_stack.addWidget(self.subscriber.command_row)
        self.page_stack.addWidget(self.subscriber)
        self.hub_edit.textChanged.connect(self._remember_hub)
        self._result_arrived.connect(self._add_result)
        self.host_button.clicked.connect(self.host_topic)
        self.template_combo.currentIndexChanged.connect(self._update_count_enabled)
        self.template_button.clicked.connect(self.apply_template)
        self.load_button.clicked.connect(self._choose_file)
        self.problems.itemActivated.connect(self._go_to_problem)
        self.publish_button.clicked.connect(lambda: self._spawn(self.publish_payload()))
        self.run_button.clicked.connect(lambda: self._spawn(self.run_checks()))
        self.cancel_button.clicked.connect(self.cancel_run)
        self.results_tree.currentItemChanged.connect(self._show_result)
        self._validate_timer = QTimer(self)
        self._validate_timer.setSingleShot(True)
        self._validate_timer.setInterval(VALIDATE_DELAY_MS)
        self._validate_timer.timeout.connect(lambda: self._spawn(self.validate()))
        self.editor.textChanged.connect(self._validate_timer.start)
        self._update_count_enabled()

    # --- construction -------------------------------------------------------------------

    # --- the payload ----------------------------------------------------------------------

    def _update_count_enabled(self) -> None:
        self.count_spin.setEnabled(self.template_combo.currentData() == CHANGE_TEMPLATE)

    def apply_template(self) -> None:
        """Replace the editor's text with the chosen template, timestamped now."""
        key = self.template_combo.currentData()
        data = render(
            key, datetime.now(UTC), count=self.count_spin.value(), base_url=self._template_base()
        )
        self.editor.setPlainText(data.decode("utf-8"))

    def _template_base(self) -> str:
        """Where the template's URLs point: the topic's site, else the demo's, else the
        placeholder of ``payload_templates``."""
        topic = self.topic_edit.text().strip()
        if topic.startswith(("http://", "https://")):
            parts = urlsplit(topic)
            return f"{parts.scheme}://{parts.netloc}/"
        demo = self.services.demo
        return str(demo.base_url) if demo is not None else DEFAULT_BASE_URL

    def _choose_file(self) -> None:
        dialog = QFileDialog(self, self.tr("Load a notification payload"))
        dialog.setNameFilters([self.tr("XML (*.xml)"), self.tr("Any file (*)")])
        dialog.fileSelected.connect(self.load_file)
        dialog.open()  # non-modal (docs/architecture.md, "Rules of the event loop")

    def load_file(self, path: str | Path) -> None:
        """Load a payload no larger than a document may be, refusing a larger file before
        reading it, so a wrong pick cannot fill memory or hold the window."""
        try:
            data = _read_payload(Path(path))
        except OSError as exc:
            self.status.setText(self.tr("cannot read {path}: {error}").format(path=path, error=exc))
            return
        self.editor.setPlainText(data.decode("utf-8", "replace"))
        self.status.setText(
            self.tr("loaded {path} ({size} bytes)").format(path=path, size=f"{len(data):,}")
        )

    def payload(self) -> bytes:
        return self.editor.toPlainText().encode("utf-8")

    async def validate(self) -> Validation:
        """Check the editor's text in a worker thread; a newer edit wins over an older one."""
        self._generation += 1
        generation = self._generation
        data = self.payload()
        loop = asyncio.get_running_loop()
        result = await loop.run_in_executor(None, check_bytes, data)
        if generation == self._generation:
            self._show_validation(result)
        return result

    def _show_validation(self, result: Validation) -> None:
        self.problems.clear()
        for item in result.findings:
            self.problems.addItem(_finding_item(item))
        self.problems.setVisible(bool(result.findings))
        counts = {
            severity: sum(f.severity is severity for f in result.findings) for severity in Severity
        }
        if result.document is None:
            text, colour = self.tr("not well-formed XML"), SEVERITY_COLOURS[Severity.ERROR]
        elif counts[Severity.ERROR]:
            kind = result.document.capability or self.tr("document")
            text = f"{kind}: " + list_text(
                [
                    count_text(counts[Severity.ERROR], "error"),
                    count_text(counts[Severity.WARNING], "warning"),
                ]
            )
            colour = SEVERITY_COLOURS[Severity.ERROR]
        elif counts[Severity.WARNING]:
            text = "{kind}: {warnings}".format(
                kind=result.document.capability,
                warnings=count_text(counts[Severity.WARNING], "warning"),
            )
            colour = SEVERITY_COLOURS[Severity.WARNING]
        else:
            text = self.tr("✓ valid {kind}").format(kind=result.document.capability)
            colour = OUTCOME_COLOURS[Outcome.PASS]
        self.validation_label.setText(text)
        self.validation_label.setStyleSheet(f"color: {colour};")
        self.validated.emit(result)

    def _go_to_problem(self, item: QListWidgetItem) -> None:
        line = item.data(Qt.ItemDataRole.UserRole)
        if line:
            self.editor.go_to_line(int(line))

    # --- topic and hub ---------------------------------------------------------------------

    def host_topic(self) -> str | None:
        """Serve a topic URI on the callback server and put it in the Topic field."""
        if self._topic_token is None:
            self._topic_token = new_callback_token()
        token = self._topic_token
        hosted: list[str] = []
        # The reply is built on the net thread, which must not read widgets: it reads
        # plain attributes the GUI thread keeps up to date.
        url = self.services.workbench.host_topic(
            token, lambda: topic_reply(hosted[0], self._hosted_hub, self._hosted_payload)
        )
        if url is None:
            self.status.setText(self.tr("the callback server is not running"))
            return None
        hosted.append(url)
        self.topic_edit.setText(url)
        return url

    def _target(self) -> tuple[str, str] | None:
        self.prefill_from_demo()
        hub = self.hub_edit.text().strip()
        if not hub.startswith(("http://", "https://")):
            self.status.setText(self.tr("give the hub's http(s) URL first"))
            return None
        topic = self.topic_edit.text().strip() or self.host_topic()
        return (hub, topic) if topic else None

    async def publish_payload(self) -> PublishResult | None:
        """POST the editor's payload to the hub; show the full response."""
        target = self._target()
        if target is None or not self._live():
            return None
        hub, topic = target
        data = self.payload()
        self._hosted_payload = data
        self.publish_button.setEnabled(False)
        self.status.setText(
            self.tr("publishing {size} bytes to {hub} …").format(size=f"{len(data):,}", hub=hub)
        )
        try:
            result = await self.services.workbench.publish(hub, topic, data)
        finally:
            self.publish_button.setEnabled(True)
        lines = [result.response_text()]
        lines += [
            f"\n{severity_text(f.severity)}: {f.code}: {finding_text(f)}" for f in result.findings
        ]
        self.response_view.setPlainText("".join(lines))
        self.status.setText(
            self.tr("published: {answer} in {ms} ms").format(
                answer=result.status or result.error, ms=f"{result.elapsed_ms:.0f}"
            )
        )
        self.published.emit(result)
        return result

    def _remember_hub(self, text: str) -> None:
        self._hosted_hub = text.strip()

    def _live(self) -> bool:
        """Is the callback server running? (Probes and hosted topics live on it.)"""
        if not self.services.live.callback_status().running:
            self.status.setText(
                self.tr("the callback server is not running; start it in the Subscriptions panel")
            )
            return False
        return True

    # --- conformance -------------------------------------------------------------------------

    async def run_checks(self) -> list[CheckResult]:
        """Run every check against the hub; rows appear as checks finish."""
        self.prefill_from_demo()
        hub = self.hub_edit.text().strip()
        if not hub.startswith(("http://", "https://")):
            self.status.setText(self.tr("give the hub's http(s) URL first"))
            return []
        if not self._live():
            return []
        wait, quiet = self.wait_spin.value(), self.quiet_spin.value()
        settings = ConformanceSettings(
            verification_timeout=wait,
            delivery_timeout=wait,
            quiet_period=quiet,
            settle=self.settle_spin.value(),
            request_timeout=max(wait, 5.0),
            publish_style=self.publish_style_combo.currentData(),
            hub_restart=self.restart_edit.text().strip() or None,
            retry_wait=wait,  # a retried delivery is a delivery waited for
        )
        # the memory checks wait out retries and a lease: run only when asked for
        self._wanted = [*CHECKS, *MEMORY_CHECKS] if self.memory_check.isChecked() else list(CHECKS)
        self.results = []
        self.results_tree.clear()
        self.summary_label.clear()
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self._run_task = asyncio.current_task()
        self.status.setText(self.tr("running conformance checks against {hub} …").format(hub=hub))
        try:
            results = await self.services.workbench.run_conformance(
                hub,
                self.topic_edit.text().strip() or None,
                settings,
                self._result_arrived.emit,
                only=self._wanted,
            )
        except asyncio.CancelledError:
            if self._run_task is None:  # cancelled by the user, not by closing the window
                done = len(self.results)
                self._list_not_run()
                self.status.setText(
                    self.tr(
                        "conformance run cancelled after %n check(s); the others are listed "
                        "as not run",
                        "",
                        done,
                    )
                )
                self.run_finished.emit(list(self.results))
                return list(self.results)
            raise
        finally:
            self.run_button.setEnabled(True)
            self.cancel_button.setEnabled(False)
            self._run_task = None
        counts = {o: sum(r.outcome is o for r in results) for o in Outcome}
        self.summary_label.setText(
            self.tr(
                "%n check(s): {passed} pass, {warned} warn, {failed} fail, {skipped} not run",
                "",
                len(results),
            ).format(
                passed=counts[Outcome.PASS],
                warned=counts[Outcome.WARN],
                failed=counts[Outcome.FAIL],
                skipped=counts[Outcome.NOT_RUN],
            )
        )
        self.status.setText(self.tr("conformance run finished"))
        if self.results_tree.topLevelItemCount():
            first_bad = next((i for i, r in enumerate(results) if r.outcome is not Outcome.PASS), 0)
            first_row = self.results_tree.topLevelItem(first_bad)
            if first_row is not None:
                self.results_tree.setCurrentItem(first_row)
        self.run_finished.emit(results)
        return results

    def _list_not_run(self) -> None:
        """After a cancel: a NOT RUN row for each check that did not finish, so the table
        says what was not verified instead of just ending."""
        finished = {result.check for result in self.results}
        said = self.tr("cancelled before it finished")
        for check in self._wanted:
            if check not in finished:
                title = ALL_CHECKS[check][0]
                self._add_result(CheckResult(check, title, Outcome.NOT_RUN, said))

    def cancel_run(self) -> None:
        """Stop the running conformance checks (Cancel)."""
        task, self._run_task = self._run_task, None
        if task is not None:
            task.cancel()

    def _add_result(self, result: CheckResult) -> None:
        self.results.append(result)
        language = ui_language()
        summary = result.summary_in(language)
        item = QTreeWidgetItem([outcome_label(result.outcome), result.title_in(language), summary])
        item.setForeground(0, QColor(OUTCOME_COLOURS[result.outcome]))
        if result.outcome is Outcome.NOT_RUN:  # the whole row greyed: nothing was judged
            for column in (1, 2):
                item.setForeground(column, QColor(OUTCOME_COLOURS[Outcome.NOT_RUN]))
        item.setToolTip(2, tooltip_text(summary))
        item.setData(0, Qt.ItemDataRole.UserRole, len(self.results) - 1)
        self.results_tree.addTopLevelItem(item)
        self.result_added.emit(result)

    def _show_result(self, item: QTreeWidgetItem | None, _previous: object = None) -> None:
        if item is None:
            self.evidence.clear()
            return
        result = self.results[int(item.data(0, Qt.ItemDataRole.UserRole))]
        language = ui_language()
        lines = [
            f"{outcome_label(result.outcome)} — {result.title_in(language)}",
            result.summary_in(language),
        ]
        if result.depends_on:
            lines.append(self.tr("depends on: {check}").format(check=result.depends_on))
        for f in result.findings:  # the message only when the summary does not say it
            said = "" if f.message in result.summary else f": {finding_text(f)}"
            cited = f" ({spec_text(f.spec)})" if f.spec else ""
            lines.append(f"{severity_text(f.severity)}: {f.code}{cited}{said}")
        lines.append(self.tr("%n exchange(s) show it:", "", len(result.evidence)))
        self.evidence.show_evidence(lines, result.evidence)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.prefill_from_demo()

    def prefill_from_demo(self) -> None:
        """With the embedded demo running and no hub typed yet, point at the demo's hub
        and its first change notification topic (the demo hub serves only its own)."""
        demo = self.services.demo
        if demo is not None and not self.hub_edit.text().strip():
            self.hub_edit.setText(demo.hub_url)
            self.topic_edit.setText(demo.channels[0].topic)

    def shutdown(self) -> None:
        """Stop serving the hosted topic (the callback server itself belongs to services)
        and a running subscriber check, with the subscriber it started."""
        self.subscriber.stop()
        if self._topic_token is not None:
            self.services.workbench.unhost_topic(self._topic_token)


def _finding_item(item: Finding) -> QListWidgetItem:
    where = (
        QCoreApplication.translate("HubWorkbench", "line {line}: ").format(line=item.line)
        if item.line
        else ""
    )
    entry = QListWidgetItem(
        severity_icon(item.severity), f"{where}{item.code}: {finding_text(item)}"
    )
    entry.setData(Qt.ItemDataRole.UserRole, item.line)
    entry.setToolTip(tooltip_text(spec_text(item.spec)))
    return entry


def _read_payload(path: Path) -> bytes:
    """The file's bytes, at most ``MAX_DOCUMENT_BYTES``; ``OSError`` says why not."""
    with path.open("rb") as handle:
        if os.fstat(handle.fileno()).st_size <= MAX_DOCUMENT_BYTES:
            data = handle.read(MAX_DOCUMENT_BYTES + 1)  # one more shows a file still growing
            if len(data) <= MAX_DOCUMENT_BYTES:
                return data
    raise OSError(f"larger than {MAX_DOCUMENT_BYTES:,} bytes, the most a document may be")
