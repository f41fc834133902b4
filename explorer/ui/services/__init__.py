"""The GUI's only door to I/O: the engines the window drives, turned into Qt signals.

``ExplorerServices`` (facade.py) owns the engine objects and composes three sides, each
readable alone: ``SourceServices`` (source.py: fetch, discover, expand, check),
``LiveServices`` (live.py: callback server, subscriptions, stored deliveries, diffs) and
``WorkbenchServices`` (workbench.py, on top of the live side: hosted topics, publish,
conformance, the exchange log). Widgets call their coroutines and listen to the
signals; they never touch the fetcher, a socket, a parser or the net loop
(``tests/ui/test_one_door.py`` holds it).
"""

from explorer.ui.services.facade import SELF_TEST_DEMO, ExplorerServices
from explorer.ui.services.live import CallbackStatus

__all__ = ["SELF_TEST_DEMO", "CallbackStatus", "ExplorerServices"]
