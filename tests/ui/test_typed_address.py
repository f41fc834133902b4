"""Addresses as people type them in the address bar: a missing scheme is assumed and said,
and a failure with one cause is one short line, the routes behind Details."""

from __future__ import annotations

import socket

from PySide6.QtCore import Qt


def _type(window, qtbot, text: str) -> None:
    window.address_action.trigger()  # Ctrl+L
    qtbot.keyClicks(window.address.lineEdit(), text)
    qtbot.keyClick(window.address.lineEdit(), Qt.Key.Key_Return)


def test_a_scheme_less_address_opens_and_says_what_was_assumed(window, qtbot, run) -> None:
    base = run(window.services.start_demo())
    typed = base.removeprefix("http://") + "dataset1/capabilitylist.xml"
    _type(window, qtbot, typed)
    qtbot.waitUntil(lambda: bool(window.tree_model.roots), timeout=15_000)
    assert window.address.currentText() == "http://" + typed
    said = window.messages.text.text()
    assert said == f"no scheme given: opened http://{typed} (http for a loopback or private host)"
    assert window.messages.isVisible() and not window.messages.details_button.isVisible()


def test_a_refused_connection_is_one_line_with_the_routes_behind_details(
    window, qtbot, run
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/dataset1/capabilitylist.xml"
    _type(window, qtbot, url)
    qtbot.waitUntil(lambda: "Cannot open" in window.messages.text.text(), timeout=15_000)
    assert window.messages.text.text() == f"Cannot open {url}: nothing listens on 127.0.0.1:{port}."
    details = window.messages.details
    assert window.messages.details_button.isVisible() and not details.isVisible()
    assert "well-known" in details.text()  # every route tried, for whoever wants them
    window.messages.details_button.click()
    assert details.isVisible()
    assert window.messages.text.text().count("\n") == 0
