"""subscriber-check's engine against the planted-defect subscriber: each of its ten
defects is caught by exactly the test meant for it, and the subscriber without a defect
passes every test."""

from __future__ import annotations

import asyncio

import pytest
from helpers.planted_subscriber import DEFECTS, PlantedSubscriber

from explorer.core.subscribers import TEST_IDS, Verdict
from explorer.net.subscribers import (
    ChannelUrls,
    Launched,
    SubscriberSettings,
    run_subscriber_check,
)

pytestmark = pytest.mark.slow  # long waits on servers and processes: scheduled first

FAST = SubscriberSettings(
    timeout=5.0,
    fetch_timeout=5.0,
    quiet=1.0,
    short_lease=3,
    large_bytes=256 * 1024,
    request_timeout=3.0,
    parallel=len(TEST_IDS),
)
"""Every test side by side, with waits a loopback subscriber meets easily on a machine
running other work (the waits for an absence are the only ones a run always spends)."""


async def test_a_subscriber_without_defects_passes_every_test() -> None:
    async with PlantedSubscriber() as planted:
        results = await run_subscriber_check(planted, settings=FAST)
    verdicts = {result.test.id: result.verdict for result in results}
    assert [result.test.id for result in results] == list(TEST_IDS)
    assert verdicts == dict.fromkeys(TEST_IDS, Verdict.PASS)
    for result in results:
        assert result.exchanges, result.test.id  # every verdict shows its evidence


@pytest.mark.parametrize("defect", sorted(DEFECTS))
async def test_each_planted_defect_fails_exactly_its_test(defect: str) -> None:
    async with PlantedSubscriber(defect) as planted:
        results = await run_subscriber_check(planted, settings=FAST)
    failed = {result.test.id for result in results if result.verdict is Verdict.FAIL}
    assert failed == {DEFECTS[defect]}, [
        (r.test.id, r.verdict, r.reason.english) for r in results if r.verdict is not Verdict.PASS
    ]


async def test_a_ten_megabyte_notification_is_delivered_whole() -> None:
    async with PlantedSubscriber() as planted:
        results = await run_subscriber_check(
            planted,
            settings=SubscriberSettings(timeout=5.0, request_timeout=20.0),
            only=["payload-large"],
        )
    (result,) = results
    assert result.verdict is Verdict.PASS, result.reason.english
    delivery = next(record for record in result.exchanges if record.kind == "delivery")
    assert delivery.request_size is not None and delivery.request_size >= 10 * 1024 * 1024


class _Exits:
    """A subscriber whose command ends at once, with status 3."""

    reads_topic = reads_caplist = can_stop = True

    async def launch(self, test_id: str, urls: ChannelUrls) -> Launched:
        return self

    def exit_status(self) -> int | None:
        return 3

    async def stop(self) -> None:
        return None


async def test_a_subscriber_that_exits_at_once_is_not_run_with_its_status() -> None:
    results = await run_subscriber_check(
        _Exits(), settings=FAST, only=["discovery-link-header", "deliver-valid"]
    )
    assert [result.verdict for result in results] == [Verdict.NOT_RUN, Verdict.NOT_RUN]
    assert all(result.reason.params["status"] == 3 for result in results)


async def test_an_unknown_test_id_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="no-such-test"):
        await run_subscriber_check(_Exits(), settings=FAST, only=["no-such-test"])


async def test_a_subscriber_started_by_hand_is_shown_the_urls_and_not_asked_to_stop() -> None:
    from explorer.net.subscribers import ManualLauncher

    shown: list[tuple[str, ChannelUrls]] = []
    async with PlantedSubscriber() as planted:

        def by_hand(test_id: str, urls: ChannelUrls) -> None:
            shown.append((test_id, urls))  # the person reads them and starts it
            asyncio.get_running_loop().create_task(planted.launch(test_id, urls))

        only = ["discovery-hub-307", "verify-challenge", "lease-unsubscribe"]
        results = await run_subscriber_check(ManualLauncher(by_hand), settings=FAST, only=only)
    verdicts = {result.test.id: result for result in results}
    assert verdicts["verify-challenge"].verdict is Verdict.PASS
    assert verdicts["discovery-hub-307"].verdict is Verdict.PASS
    assert verdicts["lease-unsubscribe"].verdict is Verdict.NOT_RUN
    assert verdicts["lease-unsubscribe"].reason.key == "subscribers.reason.cannot-stop"
    assert [test_id for test_id, _ in shown] == ["discovery-hub-307", "verify-challenge"]
    # {hub} is the hub the test names: a subscriber given it meets the redirect too
    assert shown[0][1].hub.endswith("/hub307") and shown[1][1].hub.endswith("/hub")


class _Unstartable:
    """A subscriber whose start fails as a fork without resources does."""

    reads_topic = reads_caplist = can_stop = True

    async def launch(self, test_id: str, urls: ChannelUrls) -> Launched:
        raise OSError(11, "Resource temporarily unavailable")


async def test_a_subscriber_that_cannot_start_is_not_run_with_the_reason() -> None:
    (result,) = await run_subscriber_check(_Unstartable(), settings=FAST, only=["deliver-valid"])
    assert result.verdict is Verdict.NOT_RUN
    assert result.reason.key == "subscribers.reason.start-failed"
    assert "temporarily unavailable" in result.reason_in("ja")
