"""The GUI's only door to I/O: the engines the window drives, turned into Qt signals.

``ExplorerServices`` (facade.py) owns the engine objects (``Engines``, engines.py) and
builds named parts on them, each a ``QObject`` with its own signals and its dependencies
in its constructor: ``services.source`` (source.py: fetch, discover, expand, check, the
report), ``services.folder`` (folder.py: a Source on disk), ``services.live`` (live.py:
callback server, subscriptions, stored deliveries, diffs), ``services.workbench``
(workbench.py, on the live part: hosted topics, publish, conformance, the exchange log),
``services.forwarding``, ``services.replay``, ``services.evidence``,
``services.recording``, ``services.history``, ``services.audit`` and ``services.plan``
(planning.py); the watchdog panel builds a ``WatchdogServices`` (watchdog.py) on the live
and Source parts. Widgets call their coroutines and listen to the signals; they never
touch the fetcher, a socket, a parser or the net loop (``tests/ui/test_one_door.py`` holds it).
"""

from explorer.ui.services.facade import SELF_TEST_DEMO, ExplorerServices
from explorer.ui.services.live import CallbackStatus

__all__ = ["SELF_TEST_DEMO", "CallbackStatus", "ExplorerServices"]
