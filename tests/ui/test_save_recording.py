"""File ▸ Save recording…: the window's session (the Source it read, the deliveries it
stored) written in the format of ``listen --record``, read back by the recording parser
that ``demo-source --replay`` uses: documents and deliveries of this session only, in
time order, bodies as stored."""

from __future__ import annotations

from helpers.judging_receiver import subscribed_to_demo

from explorer.core.recording import parse_recording
from explorer.ui.live.recording_action import choose_recording_file, save_recording


def test_save_recording_writes_the_session_for_demo_source_replay(
    window, qtbot, run, tmp_path
) -> None:
    services = window.services
    url = run(services.start_demo())
    run(window.open_source(url))
    view = subscribed_to_demo(window, run)
    feed = window.panels.feed
    qtbot.waitUntil(lambda: feed.model.rowCount() >= 2, timeout=15000)

    dialog = choose_recording_file(window)
    assert dialog.isVisible()  # open(), not exec(): the window goes on
    dialog.reject()
    path = tmp_path / "session.jsonl"
    documents, deliveries = run(save_recording(window, path))
    assert documents >= 1 and deliveries >= 2
    assert "recording saved" in window.statusBar().currentMessage()

    with path.open(encoding="utf-8") as stream:
        recording = parse_recording(stream)
    assert len(recording.documents) == documents and len(recording.deliveries) == deliveries
    assert any(doc.url.rstrip("/").startswith(url.rstrip("/")) for doc in recording.documents)
    assert {d.topic for d in recording.deliveries} == {view.topic}
    stored = {n.id: n for n in services.store.notifications()}
    first = min(stored)
    assert recording.deliveries[0].body == stored[first].body
    times = [d.time for d in recording.deliveries]
    assert times == sorted(times)
