"""Outside text in the panels added since the first sanitising round (Problems, the
Forwarded tab, the Replay answer, History, the Watchdog and its desktop notification) is
shown as the characters it is: a right-to-left override, ESC and zero-width characters as
their ``\\uXXXX`` escapes (``list\\u202elmx.exe`` cannot read as "listexe.xml"), and the
notification's markup escaped, since the desktop reads its body as HTML."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from helpers.judging_receiver import JudgingReceiver, subscribed_to_demo
from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QWidget
from test_watchdog_view import tray  # noqa: F401 (a fixture)

from explorer.core.findings import Finding, Severity
from explorer.core.words.visible_text import is_hidden
from explorer.net.live.subscriber_events import SubscriberEvent
from explorer.net.source.inspection import Located
from explorer.ui.history.history_panel import HistoryPanel
from explorer.ui.problems.source_problems_model import SourceProblemsModel
from explorer.ui.shared.plain_text import notification_text
from explorer.ui.shared.problems_model import ProblemsModel
from explorer.ui.tools.replay_actions import ReplayActions
from explorer.ui.watchdog.notifier import DesktopNotifier
from explorer.ui.watchdog.watchdog_panel import WATCHDOG as WATCHDOG_PANEL

RTL = "https://example.org/list\u202elmx.exe"
ESC = "\x1b[2J\x1b]0;owned\x07"
ZERO_WIDTH = "pay\u200bpal\u2060"
HTML = '<a href="javascript:alert(1)">open</a><img src="file:///etc/hostname">'
HOSTILE = f"{RTL} {ESC} {ZERO_WIDTH} {HTML}"
SECRET = "receiver-hostile-secret-3e1f"


def neutral(text: str) -> bool:
    """No character that acts on a terminal or hides itself, and the override shown."""
    return not any(is_hidden(char) for char in text if char not in "\n\t") and ("\\u202e" in text)


def cells(model, parent: QModelIndex | None = None) -> Iterator[str]:
    """Every cell's DisplayRole text, children too."""
    parent = parent or QModelIndex()
    for row in range(model.rowCount(parent)):
        for column in range(model.columnCount(parent)):
            index = model.index(row, column, parent)
            value = model.data(index)
            if isinstance(value, str):
                yield value
            if column == 0:
                yield from cells(model, index)


def test_both_problem_lists_show_hidden_characters_as_escapes(qapp) -> None:
    hostile = Finding(Severity.ERROR, "sitemap.loc-missing", HOSTILE, line=3, url=RTL)
    source_problems = SourceProblemsModel()
    source_problems.set_problems([Located(hostile, RTL, None)])
    problems = ProblemsModel()
    problems.set_findings([hostile, hostile, hostile])  # a group row and its occurrences
    for model in (source_problems, problems):
        shown = [text for text in cells(model) if "list" in text or "pay" in text]
        assert shown, type(model).__name__
        assert all(neutral(text) for text in shown), shown


def test_the_desktop_notification_escapes_markup_and_hidden_characters(
    qtbot,
    tray,  # noqa: F811 (the fixture)
) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    assert DesktopNotifier(window).notify(f"Watchdog: {RTL}", HOSTILE)
    ((title, text),) = tray.messages
    assert neutral(title) and neutral(text)
    assert "<a" not in text and "<img" not in text
    assert "&lt;a href=&quot;javascript:" in text or '&lt;a href="javascript:' in text


def test_a_desktop_that_shows_text_as_it_is_gets_it_unescaped(qapp) -> None:
    """Windows and macOS show a notification's body as text: escaping there would show
    ``&lt;``; the invisible characters are still made visible."""
    shown = notification_text(HOSTILE, markup=False)
    assert neutral(shown) and "<img" in shown and "&lt;" not in shown


def test_the_watchdog_verdict_reaches_the_desktop_neutralised(
    window,
    tray,  # noqa: F811 (the fixture)
    monkeypatch,
) -> None:
    monkeypatch.setattr(window, "isActiveWindow", lambda: False)  # another window in front
    event = SubscriberEvent("reconcile", RTL, message=HOSTILE)
    assert window.part(WATCHDOG_PANEL).notify(event)
    ((title, text),) = tray.messages
    assert neutral(title) and neutral(text) and "<img" not in text


def test_history_windows_name_their_source_with_escapes(window, qtbot) -> None:
    panel = HistoryPanel(window.services, RTL)
    qtbot.addWidget(panel)
    assert neutral(panel.windowTitle()) and neutral(panel.source_label.text())


@pytest.fixture
def hostile_receiver() -> Iterator[JudgingReceiver]:
    made = JudgingReceiver(SECRET, said=f"\n{HOSTILE}".encode())
    yield made
    made.close()


def test_forwarded_tab_and_replay_answer_show_the_application_answer_escaped(
    window, qtbot, run, hostile_receiver
) -> None:
    view = subscribed_to_demo(window, run)
    panel = window.panels.subscriptions
    qtbot.waitUntil(lambda: panel.model.row_of(view.id) is not None, timeout=5000)
    panel.table.selectRow(panel.model.row_of(view.id))
    dialog = panel.forwarding.open_dialog()
    assert dialog is not None
    dialog.url.setText(hostile_receiver.url)
    dialog.secret.setText(SECRET)
    dialog.buttons.accepted.emit()
    qtbot.waitUntil(lambda: len(hostile_receiver.got) >= 1, timeout=20000)
    first = hostile_receiver.got[0].delivery
    feed = window.panels.feed
    forwarded = feed.forwarding.answer_view

    def answered() -> bool:
        model = feed.model
        rows = [r for r in range(model.rowCount()) if model.item(r).notification_id == first]
        if rows:
            feed.select_row(rows[0])
        return "receiver took it" in forwarded.toPlainText()

    qtbot.waitUntil(answered, timeout=10000)
    assert neutral(forwarded.toPlainText()), forwarded.toPlainText()

    actions = window.panels.inspector.findChild(ReplayActions)
    replay = actions.replay_delivery()
    assert replay is not None
    replay.url.setText(hostile_receiver.url)
    replay.resign.setChecked(True)
    replay.secret.setText(SECRET)
    result = run(replay.send_now())
    assert result is not None and result.record.status == 202
    assert "receiver took it" in replay.answer.toPlainText()
    assert neutral(replay.answer.toPlainText()), replay.answer.toPlainText()
    run(window.services.forwarding.close_forwarding())
