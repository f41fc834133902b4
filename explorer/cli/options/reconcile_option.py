"""``listen --reconcile SECONDS``: every SECONDS, read each Capability List given as
``--topic`` again and reconcile its Change Lists with the change notifications received
(``explorer.net.live.reconcile``). Verdicts go out as ``reconcile`` events, printed like every
other event (with ``--json``: ``{"event": "reconcile", "topic": capability list,
"unannounced": [loc, ...], "unlisted": [loc, ...], "quiet": seconds or absent,
"message"}``), only when there is something to say.

A ``--topic`` that is a notification channel, not a Capability List, is reconciled too:
its change notifications link to their Capability List (``rel="up"``, change-notification
1.0.1 §3), so the first one that arrives names the list to read, and its check counts from
when listen started.

The option only: the ``Watchdog`` that acts on it (``explorer.cli.listen_watchdog``) loads
the fetcher and the reconciler once the arguments are parsed.
"""

from __future__ import annotations

import argparse

from explorer.cli.arguments import positive_seconds
from explorer.cli.options.language_option import say


def add_reconcile_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--reconcile",
        type=positive_seconds,
        metavar="SECONDS",
        help=say("reconcile.help"),
    )
