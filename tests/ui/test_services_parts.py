"""``ExplorerServices`` is composed of named parts, not mixed in: each part is a
``QObject`` given what it needs in its constructor, so a feature's service is built and
tested alone, and the wiring is in signatures that the type checker reads.

A mixin (or an attribute a class only declares, for another class to assign) would let
a part reach whatever the whole object happens to hold, which is how the services were
a god object: the tests here fail on either."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QObject

from explorer.demo import start_demo
from explorer.net.loop_thread import LoopThread
from explorer.net.store.exchange_log import ExchangeLog
from explorer.net.store.records import ExchangeRecord
from explorer.ui.services import ExplorerServices
from explorer.ui.services.audit import AuditServices
from explorer.ui.services.engines import Engines
from explorer.ui.services.evidence import EvidenceServices
from explorer.ui.services.folder import FolderServices
from explorer.ui.services.forwarding import ForwardingServices
from explorer.ui.services.live import LiveServices
from explorer.ui.services.replaying import ReplayServices
from explorer.ui.services.session_recording import SessionRecordingServices
from explorer.ui.services.snapshot_history import SnapshotHistory
from explorer.ui.services.source import SourceServices
from explorer.ui.services.watchdog import WatchdogServices
from explorer.ui.services.workbench import WorkbenchServices

PARTS = {
    "source": SourceServices,
    "folder": FolderServices,
    "live": LiveServices,
    "workbench": WorkbenchServices,
    "forwarding": ForwardingServices,
    "replay": ReplayServices,
    "evidence": EvidenceServices,
    "recording": SessionRecordingServices,
    "history": SnapshotHistory,
    "audit": AuditServices,
}
"""The parts ``ExplorerServices`` builds, by the name callers reach them by."""


@pytest.fixture
def demo(run) -> Iterator[Any]:
    """The demo Source on loopback, on the window's loop (the ``run`` fixture's)."""
    running = run(start_demo(rate=0))
    yield running
    run(running.stop())


def test_the_services_and_each_part_are_a_qobject_and_nothing_else() -> None:
    for cls in [ExplorerServices, *PARTS.values(), WatchdogServices]:
        assert cls.__bases__ == (QObject,), cls.__name__


def test_no_part_declares_an_attribute_for_another_class_to_assign() -> None:
    """Class-level annotations without a value are how the mixins declared what another
    class assigned; a part assigns its attributes in its own ``__init__``."""
    for cls in [ExplorerServices, *PARTS.values(), WatchdogServices]:
        assert inspect.get_annotations(cls) == {}, cls.__name__


def test_the_services_hold_each_part_by_its_name(tmp_path) -> None:
    services = ExplorerServices(store_path=tmp_path / "store.sqlite3")
    for name, cls in PARTS.items():
        part = getattr(services, name)
        assert isinstance(part, cls), name
        assert part.parent() is services, name  # freed with the services


def test_the_source_part_reads_a_source_alone(run, demo) -> None:
    """Built from nothing but engines and the folder part, the Source part discovers the
    demo Source on loopback through its own fetcher: its signals fire, each request goes
    to the engines' exchange log, the channels are kept and the report is written."""
    engines = Engines(LoopThread())  # never started: the Source side runs on the GUI loop
    engines.exchange_log = ExchangeLog()  # in memory: no store needed
    logged: list[ExchangeRecord] = []
    engines.exchange_log.listeners.append(logged.append)
    source = SourceServices(engines, FolderServices(engines))
    nodes: list[Any] = []
    progress: list[tuple[int, int]] = []
    source.node_updated.connect(nodes.append)
    source.crawl_progress.connect(lambda done, known: progress.append((done, known)))
    try:
        result = run(source.crawl(demo.base_url))
        assert source.crawl_result is result
        assert nodes and progress
        assert logged and {record.kind for record in logged} == {"crawl"}
        assert result.root is not None and result.root.url in {record.url for record in logged}
        change = next(c for c in demo.channels if c.capability == "change-notification")
        assert change.topic in source.channels
        assert source.inspection() is not None
        assert result.root.url.encode() in source.report("html", "en")
    finally:
        run(source.aclose())
