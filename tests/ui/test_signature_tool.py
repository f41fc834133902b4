"""Tools ▸ Signature…: valid or invalid and which algorithm, the expected value only on
request, the secret never shown."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QLineEdit

from explorer.core.push.signatures import sign
from explorer.ui.tools.signature_dialog import SignatureDialog

BODY = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>\n'
SECRET = "s3cret-of-the-subscription"


def shown_texts(dialog: SignatureDialog) -> str:
    return "\n".join(label.text() for label in dialog.findChildren(QLabel))


def test_judges_the_signature_as_typed_and_never_shows_the_secret(qtbot) -> None:
    dialog = SignatureDialog()
    qtbot.addWidget(dialog)
    assert dialog.secret_edit.echoMode() is QLineEdit.EchoMode.Password
    dialog.body_edit.setPlainText(BODY)
    dialog.header_edit.setText(sign(SECRET, BODY.encode(), "sha384"))
    assert "secret" in dialog.verdict.text().lower()  # asks for it
    dialog.secret_edit.setText(SECRET)
    assert dialog.verdict.text().startswith("valid: sha384 signature matches the body (62 bytes)")
    assert "2e7d32" in dialog.verdict.styleSheet()
    assert dialog.expected.text() == ""  # only on request
    dialog.secret_edit.setText(SECRET + "x")
    assert dialog.verdict.text().startswith("invalid: sha384 signature does not match")
    dialog.secret_edit.setText(SECRET)
    dialog.algorithm.setCurrentIndex(dialog.algorithm.findData("sha512"))
    assert dialog.verdict.text() == "invalid: signed with sha384, but sha512 is required (62 bytes)"
    dialog.header_edit.setText("md5=abc")
    assert dialog.verdict.text().startswith("invalid: not ALGORITHM=HEX")
    assert SECRET not in shown_texts(dialog)


def test_expected_value_on_request_hidden_again_on_change(qtbot) -> None:
    dialog = SignatureDialog()
    qtbot.addWidget(dialog)
    dialog.body_edit.setPlainText(BODY)
    dialog.secret_edit.setText(SECRET)
    dialog.header_edit.setText("sha256=00")
    assert dialog.verdict.text().startswith("invalid: sha256")
    dialog.expected_button.click()
    assert dialog.expected.text() == sign(SECRET, BODY.encode(), "sha256")
    dialog.header_edit.setText(dialog.expected.text())
    assert dialog.verdict.text().startswith("valid: sha256")
    assert dialog.expected.text() == ""  # anything changed: hidden again
    dialog.body_edit.setPlainText(BODY + " ")
    assert dialog.verdict.text().startswith("invalid: sha256")


def test_tools_menu_opens_the_signature_tool(window, qtbot) -> None:
    menus = {action.text(): action.menu() for action in window.menuBar().actions()}
    assert window.signature_action in menus["&Tools"].actions()
    window.signature_action.trigger()
    dialog = next(d for d in window.findChildren(SignatureDialog))
    qtbot.waitUntil(dialog.isVisible, timeout=2000)
    dialog.reject()
