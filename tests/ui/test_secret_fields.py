"""The window's secret fields fail closed, as the command line does: a blank secret to
re-sign a replay is refused with its cause and fix, never taken as "no secret"; Forward
to…'s empty secret means unsigned, says so in the field, and refuses one made of spaces."""

from __future__ import annotations

import pytest

from explorer.net.live.forwarding.replay import ReplayRequest
from explorer.net.live.subscription import State, SubscriptionView
from explorer.ui.live.forward_dialog import ForwardDialog
from explorer.ui.tools.replay_dialog import ReplayDialog

REQUEST = ReplayRequest("delivery", 1, "POST", "http://127.0.0.1:9/hook", [], b"<urlset/>")


@pytest.fixture
def replay(qtbot) -> ReplayDialog:
    dialog = ReplayDialog(None, None, REQUEST)
    qtbot.addWidget(dialog)
    dialog.resign.setChecked(True)
    return dialog


@pytest.mark.parametrize("blank", ["", "   ", "\t"])
def test_a_blank_secret_is_not_re_signed_with(replay: ReplayDialog, blank: str) -> None:
    replay.secret.setText(blank)
    said = replay.edits()
    assert isinstance(said, str)
    assert "empty or blank" in said and "original signature" in said


def test_a_secret_re_signs_and_the_original_needs_none(replay: ReplayDialog) -> None:
    replay.secret.setText("s3cret")
    made = replay.edits()
    assert not isinstance(made, str) and made[1].secret == "s3cret"
    replay.secret.clear()
    replay.keep_signature.setChecked(True)
    kept = replay.edits()
    assert not isinstance(kept, str) and kept[1].secret is None


@pytest.fixture
def forward(qtbot) -> ForwardDialog:
    view = SubscriptionView(
        id="s1",
        topic="http://example.org/topic",
        hub="http://example.org/hub",
        callback_url="http://127.0.0.1:9/cb/s1",
        state=State.ACTIVE,
        reason=None,
        transport="websub",
        dialect="websub",
        lease_seconds=3600,
        lease_expires=None,
        created=0.0,
        secret="hub-secret",
        serving_url="http://127.0.0.1:9/cb/s1",
        served=True,
    )
    dialog = ForwardDialog(view, None)
    qtbot.addWidget(dialog)
    dialog.url.setText("http://127.0.0.1:8000/hook")
    return dialog


def test_forwarding_empty_means_unsigned_and_says_so(forward: ForwardDialog) -> None:
    assert "unsigned" in forward.secret.placeholderText()
    target = forward.read_target()
    assert not isinstance(target, str) and target.secret is None


def test_forwarding_refuses_a_secret_of_spaces(forward: ForwardDialog) -> None:
    forward.secret.setText("   ")
    said = forward.read_target()
    assert isinstance(said, str) and "unsigned" in said


def test_header_lines_skip_comments_as_header_files_do() -> None:
    """A block pasted from a ``--header-file`` (``#`` comments included) reads the same in
    the window; an unusable line is named by its number, counting the comments."""
    from explorer.ui.shared.request_fields import header_lines

    text = "# the app's key\nX-App-Key: k3y\n\n  # an old one\nAccept: text/xml\n"
    assert header_lines(text) == [("X-App-Key", "k3y"), ("Accept", "text/xml")]
    assert header_lines("# fine\nno colon here\n") == 2
