"""ThreadBatch: items put on any thread reach the GUI thread in order, a batch at a time."""

from __future__ import annotations

import threading
from typing import Any

from explorer.ui.shared.thread_batch import ThreadBatch

THREADS = 4
PER_THREAD = 500


class Recorder:
    """The ``deliver`` callback: keeps each batch and the thread it was handed over on."""

    def __init__(self) -> None:
        self.batches: list[list[Any]] = []
        self.threads: set[threading.Thread] = set()

    def __call__(self, items: list[Any]) -> None:
        self.threads.add(threading.current_thread())
        self.batches.append(list(items))

    @property
    def items(self) -> list[Any]:
        return [item for batch in self.batches for item in batch]


def put_from_threads(batch: ThreadBatch) -> list[threading.Thread]:
    gate = threading.Barrier(THREADS)

    def producer(number: int) -> None:
        gate.wait(10)
        for i in range(PER_THREAD):
            batch.put((number, i))

    threads = [threading.Thread(target=producer, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    return threads


def assert_all_arrived_in_per_thread_order(items: list[Any]) -> None:
    assert len(items) == THREADS * PER_THREAD
    for number in range(THREADS):
        assert [i for n, i in items if n == number] == list(range(PER_THREAD))


def test_items_from_several_threads_arrive_in_order_in_a_few_batches(qtbot) -> None:
    got = Recorder()
    batch = ThreadBatch(got, interval_ms=50)
    threads = put_from_threads(batch)
    qtbot.waitUntil(lambda: len(got.items) == THREADS * PER_THREAD, timeout=10000)
    for thread in threads:
        thread.join(10)
    assert_all_arrived_in_per_thread_order(got.items)
    assert got.threads == {threading.main_thread()}
    # 2,000 items; one hand-over per item would be 2,000 calls. Each batch stays open for
    # 50 ms, so even a very slow run makes only a handful.
    assert len(got.batches) <= 20, len(got.batches)


def test_items_put_while_the_gui_thread_is_busy_arrive_as_one_batch(qtbot) -> None:
    got = Recorder()
    batch = ThreadBatch(got, interval_ms=50)
    for thread in put_from_threads(batch):
        thread.join(10)  # the GUI thread is busy: no timer can fire until it returns
    assert got.batches == []
    qtbot.waitUntil(lambda: bool(got.batches), timeout=5000)
    qtbot.wait(150)  # room for a (wrong) second hand-over
    assert len(got.batches) == 1
    assert_all_arrived_in_per_thread_order(got.batches[0])


def test_put_from_the_gui_thread_is_delivered_later_in_one_batch(qtbot) -> None:
    got = Recorder()
    batch = ThreadBatch(got, interval_ms=20)
    batch.put("a")
    batch.put("b")
    assert got.batches == []  # never handed over from inside put()
    qtbot.waitUntil(lambda: bool(got.batches), timeout=5000)
    assert got.batches == [["a", "b"]]
    assert got.threads == {threading.main_thread()}


def test_flush_delivers_at_once_and_an_empty_flush_delivers_nothing(qtbot) -> None:
    got = Recorder()
    batch = ThreadBatch(got, interval_ms=50)
    batch.flush()
    assert got.batches == []
    batch.put(1)
    worker = threading.Thread(target=batch.put, args=(2,))
    worker.start()
    worker.join(10)
    batch.flush()
    assert got.batches == [[1, 2]]
    batch.flush()
    qtbot.wait(200)  # the timer armed by put(1) fires on an empty batch
    assert got.batches == [[1, 2]]


def test_a_put_after_a_delivered_batch_arms_a_new_batch(qtbot) -> None:
    got = Recorder()
    batch = ThreadBatch(got, interval_ms=20)
    for round_ in range(3):
        worker = threading.Thread(target=batch.put, args=(round_,))
        worker.start()
        worker.join(10)
        qtbot.waitUntil(lambda r=round_: len(got.batches) == r + 1, timeout=5000)
    batch.put("gui")
    qtbot.waitUntil(lambda: len(got.batches) == 4, timeout=5000)
    assert got.batches == [[0], [1], [2], ["gui"]]
