"""``subscriber-check``'s engine: a WebSub subscriber under test, judged from outside.

Usage (the CLI's ``subscriber-check`` does the same)::

    launcher = CommandLauncher("my-subscriber --topic {topic}")  # or an in-process one
    results = await run_subscriber_check(launcher, settings=SubscriberSettings(),
                                         only=None, on_result=print)

The engine starts, on loopback, a bench that is the test Source and the hub
(``bench.py``); for each test in ``TESTS`` it makes a fresh channel, starts the
subscriber with the channel's URLs (``ChannelUrls``), plays the test's scenario
(``scenarios.py``) and stops the subscriber. Each ``SubscriberResult`` has a verdict
(pass / warn / fail / not run), the reason as a catalog phrase and the exchanges that
show it. The tests and the verdict rules are pure, in ``explorer.core.subscribers``.
"""

from explorer.core.subscribers.catalogue import TEST_IDS, TESTS, SubscriberTest, Verdict
from explorer.net.subscribers.launchers import (
    PLACEHOLDERS,
    ChannelUrls,
    CommandError,
    CommandLauncher,
    Launched,
    ManualLauncher,
    SubscriberUnderTest,
    check_template,
)
from explorer.net.subscribers.runner import SubscriberResult, chosen, run_subscriber_check
from explorer.net.subscribers.scenarios import SubscriberSettings, settings_for

__all__ = [
    "PLACEHOLDERS",
    "TESTS",
    "TEST_IDS",
    "ChannelUrls",
    "CommandError",
    "CommandLauncher",
    "Launched",
    "ManualLauncher",
    "SubscriberResult",
    "SubscriberSettings",
    "SubscriberTest",
    "SubscriberUnderTest",
    "Verdict",
    "check_template",
    "chosen",
    "run_subscriber_check",
    "settings_for",
]
