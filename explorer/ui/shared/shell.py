"""What a feature of the window may ask of it: the ``Shell`` protocol, and how a feature
says what it brings (``Feature``: its docks, and ``install``).

Each feature package (``explorer.ui.live``, ``explorer.ui.inspector``…) exposes
``FEATURE``; ``explorer.ui.shell.features`` lists them once. The shell lays out the
docks the features declare before their panels exist (placeholders keep the saved
layout restorable at the first frame), then calls each ``install(shell)`` in the
list's order once the engines run. A feature reaches the window only through this
protocol, never the concrete window: what it needs from another feature comes through a
``Key`` that feature published (``explorer.ui.shared.surfaces``), so features can be
added, removed and tested alone. Only Qt and the core are imported here: the shell's
first frame reads the declarations.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from PySide6.QtCore import QSettings, Qt, SignalInstance
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from explorer.core.words.translation_marks import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    import asyncio

    from explorer.core.findings import Finding, Severity
    from explorer.net.source.crawl_tree import CrawlResult
    from explorer.ui.services import ExplorerServices
    from explorer.ui.shared.app_settings import AppSettings

T = TypeVar("T")

STARTING = QT_TRANSLATE_NOOP("MainWindow", "starting engines…")
"""What the status bar and an empty dock say until the engines run."""

MENUS = ("file", "edit", "go", "view", "tools", "help")
"""The menus a feature may add an action to (``Shell.add_action``)."""


@dataclass(frozen=True, slots=True)
class DockSpec:
    """A dock a feature fills: its ``title`` (marked ``QT_TRANSLATE_NOOP("MainWindow",
    …)``), the object ``name`` that keys its saved state, the ``area`` it starts in and
    returns to on View ▸ Reset layout, and its ``minimum`` size (small enough that every
    dock fits beside the document view at 1024×600). ``scrolled``: many controls, shown in
    a scroll area so that the dock can be smaller than them. ``tabbed``: one of the tabs
    of the bottom area, in the feature list's order."""

    title: str
    name: str
    area: Qt.DockWidgetArea
    minimum: tuple[int, int] | None = None
    scrolled: bool = False
    tabbed: bool = False


class Key(Generic[T]):
    """Names a part one feature publishes for others (``Shell.publish``/``Shell.part``);
    its type parameter is what the part promises, so mypy checks both sides."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"Key({self.name!r})"


class Shell(Protocol):
    """The window as a feature sees it. ``explorer.ui.shell.main_window.MainWindow`` is
    the one implementation; a test may pass its own."""

    @property
    def source_opened(self) -> SignalInstance:
        """Emitted with the Source Description URL once a Source is open."""

    settings: QSettings
    """The window's settings store (a feature keeps its own keys under its name)."""
    preferences: AppSettings
    """The user's Settings as they are now."""

    @property
    def services(self) -> ExplorerServices | None:
        """The engines; every ``install`` runs after they started."""

    async def engines(self) -> ExplorerServices:
        """The engines, once started (a request made while they start waits here)."""

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` as a task whose failure becomes a message."""

    def show_error(
        self, text: str, severity: Severity | None = None, details: str | None = None
    ) -> None:
        """A non-modal message (an error unless ``severity`` says otherwise)."""

    def open_url(self, url: str, select: str | None = None) -> asyncio.Task[Any] | None:
        """Open the Source at ``url`` (and then the document ``select``)."""

    def show_stored_source(self, result: CrawlResult, note: str, detail: str) -> bool:
        """Show a stored tree (a fleet snapshot: nothing fetched) as the open Source, with
        ``note`` where the window says how the Source was found (``detail`` its tooltip).
        False without a root."""

    def navigate(
        self,
        url: str,
        finding: Finding | None = None,
        *,
        at_line: bool = True,
        entry: str | None = None,
    ) -> bool:
        """Select the document (or channel) ``url`` of the open Source in the tree and
        show it; with ``finding``, at its line in the XML source when it has one (and
        ``at_line``), else on the document's Problems tab; with ``entry`` (a resource's
        URL), at the line of that resource's entry. False when ``url`` is not in the open
        Source."""

    def selected_document(self) -> tuple[str, str | None] | None:
        """The URL and capability of the document selected in the Source tree."""

    def add_dock(self, name: str, widget: QWidget) -> None:
        """Put ``widget`` into the dock ``name`` the feature declared (its placeholder
        goes)."""

    def show_dock(self, name: str) -> None:
        """Show the dock ``name`` and bring it to the front of its tabs."""

    def action(self, name: str) -> QAction:
        """One of the window's own actions a feature gives its behaviour (built with the
        menus so that the first frame shows them): ``open_folder``, ``export_report``,
        ``save_recording``, ``next_problem``, ``previous_problem``, ``signature``."""

    def add_action(self, menu: str, action: QAction, before: QAction | None = None) -> None:
        """Add ``action`` to one of ``MENUS`` (before ``before`` when given)."""

    def extend_tree_menu(self, extension: Callable[[Any, str, str | None], object]) -> None:
        """Call ``extension(menu, url, capability)`` for each Source-tree context menu
        of a document, to add its actions."""

    def on_settings(self, apply: Callable[[AppSettings], object]) -> None:
        """Call ``apply`` with the Settings now and whenever the user accepts new ones."""

    def publish(self, key: Key[T], part: T) -> None:
        """Offer ``part`` to the features installed after this one."""

    def part(self, key: Key[T]) -> T:
        """What a feature installed before published under ``key``."""

    def widget(self) -> QWidget:
        """The window, as the parent of a feature's dialogs and notifications."""


@dataclass(frozen=True, slots=True)
class Feature:
    """What a feature package brings: the docks it fills and the function that installs
    it into the shell once the engines run (imports its modules on call, so that the
    shell's first frame reads ``docks`` alone)."""

    name: str
    install: Callable[[Shell], object]
    docks: tuple[DockSpec, ...] = ()
