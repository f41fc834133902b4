"""The GUI's only door to I/O: the engines the window drives, turned into Qt signals.

``ExplorerServices`` (facade.py) owns the engine objects (``Engines``, engines.py) and
composes the sides: ``SourceServices`` (source.py: fetch, discover, expand, check),
``LiveServices`` (live.py: callback server, subscriptions, stored deliveries, diffs) and
``WorkbenchServices`` (workbench.py, on top of the live side: hosted topics, publish,
conformance, the exchange log), still mixed in; and named parts, each a ``QObject`` with
its dependencies in its constructor: ``services.replay``, ``services.evidence``,
``services.recording``, ``services.history``, ``services.audit``. Widgets call their
coroutines and listen to the signals; they never touch the fetcher, a socket, a parser
or the net loop (``tests/ui/test_one_door.py`` holds it).
"""

from explorer.ui.services.facade import SELF_TEST_DEMO, ExplorerServices
from explorer.ui.services.live import CallbackStatus

__all__ = ["SELF_TEST_DEMO", "CallbackStatus", "ExplorerServices"]
