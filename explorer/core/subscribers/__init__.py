"""The pure side of ``subscriber-check``: the catalogue of tests a WebSub subscriber
under test is put through, and the rules that turn what was seen into a verdict.

No I/O here: ``explorer/net/subscribers`` drives the subscriber and hands each rule the
statuses and counts it observed, so every verdict can be tested with plain values.
"""

from explorer.core.subscribers.catalogue import (
    GROUPS,
    TEST_IDS,
    TESTS,
    SubscriberTest,
    Verdict,
    named,
)
from explorer.core.subscribers.verdicts import Judgement

__all__ = [
    "GROUPS",
    "TESTS",
    "TEST_IDS",
    "Judgement",
    "SubscriberTest",
    "Verdict",
    "named",
]
