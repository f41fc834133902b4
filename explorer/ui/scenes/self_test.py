"""``--self-test``: the end-to-end demo scenario, driven through the real window.

Steps: load the demo Source; see the tree reach its notification channels; subscribe
to a change and a framework channel; wait until the feed holds a change notification
with its entry diff and a framework notification with its document diff, each shown
in the detail pane; with the embedded demo, open a document it breaks on purpose and
see its problem said in the Problems tab (in the interface language: ``--lang ja``
shows a finding in Japanese). Each step prints one line; a failure names its step.
Used by CI and the packaging smoke test (headless, ``QT_QPA_PLATFORM=offscreen``).
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable
from pathlib import Path

from explorer.net.live.subscription import State
from explorer.ui.live.feed_model import CHANGE, FRAMEWORK, FeedItem
from explorer.ui.scenes.stage import Stage
from explorer.ui.shared.stall_watch import Stall, StallWatchingApplication

TOTAL_SECONDS = 55.0
POLL = 0.05


class SelfTestFailure(Exception):
    def __init__(self, step: str, reason: str) -> None:
        super().__init__(f"{step}: {reason}")
        self.step = step
        self.reason = reason


async def wait_for(
    condition: Callable[[], object], timeout: float, step: str, reason: str
) -> object:
    """Poll ``condition`` on the running loop until truthy; fail ``step`` after ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise SelfTestFailure(step, reason)
        await asyncio.sleep(POLL)


def _say(text: str) -> None:
    print(f"self-test: {text}", flush=True)


async def _detail(window: Stage, item: FeedItem, step: str) -> None:
    """Select ``item`` in the feed and wait until its detail (and diff) is on screen."""
    feed = window.panels.feed
    shown: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def done(which: FeedItem) -> None:
        if which is item and not shown.done():
            shown.set_result(None)

    feed.detail_shown.connect(done)
    try:
        feed.select_row(feed.model.items.index(item))
        await asyncio.wait_for(shown, 15)
    except TimeoutError:
        raise SelfTestFailure(step, f"the {item.kind} row's detail was not shown") from None
    finally:
        feed.detail_shown.disconnect(done)


def _check_window_fits(window: Stage) -> None:
    """The window opened inside the screen's available area (first launch: a laptop)."""
    screen = window.widget().screen()
    if screen is None:
        return
    available, frame = screen.availableGeometry(), window.widget().frameGeometry()
    if not available.contains(frame):
        raise SelfTestFailure(
            "0 window inside the screen", f"frame {frame.getRect()} on {available.getRect()}"
        )
    _say(
        f"step 0 window inside the screen: ok ({frame.width()}×{frame.height()} on "
        f"{available.width()}×{available.height()})"
    )


async def scenario(window: Stage, url: str) -> None:
    _check_window_fits(window)
    step = "1 load the demo Source"
    root = await window.open_source(url)
    if root is None or root.doc is None or root.doc.document is None:
        raise SelfTestFailure(step, f"no Source Description loaded from {url}")
    _say(f"step {step}: ok ({window.discovery_label.text()})")

    step = "2 tree populated down to the channels"
    model = window.tree_model
    channels = await wait_for(
        lambda: [i for i in model.walk() if i.channel is not None],
        15,
        step,
        "no notification channel appeared in the tree",
    )
    assert isinstance(channels, list)
    first_list = channels[0].channel.capability_list
    chosen = {
        i.channel.capability: i.channel for i in channels if i.channel.capability_list == first_list
    }
    if set(chosen) != {"change-notification", "framework-notification"}:
        raise SelfTestFailure(step, f"channels of {first_list}: {sorted(chosen)}")
    _say(f"step {step}: ok ({len(channels)} channels, {len(model.walk())} rows)")

    step = "3 subscribe to both channels"
    for channel in chosen.values():
        await window.subscribe(channel.topic, channel.hub, channel.capability)

    services = window.services
    if services is None:
        raise SelfTestFailure(step, "the window has no services to subscribe with")

    def active() -> bool:
        subs = [
            s
            for s in services.live.subscriptions()
            if s.topic in {c.topic for c in chosen.values()}
        ]
        failed = [s for s in subs if s.state in (State.FAILED, State.DENIED)]
        if failed:
            raise SelfTestFailure(step, f"{failed[0].topic}: {failed[0].state} {failed[0].reason}")
        return len(subs) == 2 and all(s.state == State.ACTIVE for s in subs)

    await wait_for(active, 20, step, "the subscriptions did not become active")
    _say(f"step {step}: ok")

    step = "4 change and framework notifications in the feed, with diffs"
    feed = window.panels.feed

    def first(kind: str, need_diff: bool) -> FeedItem | None:
        return next(
            (i for i in feed.model.items if i.kind == kind and (i.diff or not need_diff)), None
        )

    change = await wait_for(
        lambda: first(CHANGE, True), 30, step, "no change notification with an entry diff arrived"
    )
    assert isinstance(change, FeedItem)
    await _detail(window, change, step)
    if "→" not in feed.changes.toPlainText() and not change.diff:
        raise SelfTestFailure(step, "the change notification's diff is not shown")
    await _framework_diff(window, step)
    window.panels.feed.detail.setCurrentIndex(3)
    window.tree.setCurrentIndex(model.index_of(root.children[0]))  # a document in view
    _say(
        f"step {step}: ok ({len(feed.model.items)} deliveries; "
        f"document diff of {feed.diff_view.changed_rows} changed rows)"
    )
    await _broken_document(window)


async def _framework_diff(window: Stage, step: str) -> None:
    """Show framework notifications until one's document diff has changed rows. The first
    can rightly be empty: on a busy machine the crawl may read the document only after the
    change it announces, so the version held before is already the new one."""
    feed = window.panels.feed
    looked_at: list[FeedItem] = []
    deadline = time.monotonic() + 30
    while True:
        fresh = [
            item
            for item in feed.model.items
            if item.kind == FRAMEWORK and all(item is not seen for seen in looked_at)
        ]
        for item in fresh:
            looked_at.append(item)
            await _detail(window, item, step)
            if feed.diff_view.changed_rows:
                return
        if time.monotonic() > deadline:
            reason = "no framework notification arrived"
            if looked_at:
                reason = "every framework notification's document diff is empty: "
                reason += feed.diff_view.caption.text()
            raise SelfTestFailure(step, reason)
        await asyncio.sleep(POLL)


async def _broken_document(window: Stage) -> None:
    """A Change List the demo cuts short opens as text, its problem in the Problems tab;
    the Source stays open in the tree."""
    step = "5 a broken document shown with its problem"
    demo = window.services.demo if window.services is not None else None
    if demo is None:
        return  # a Source that is not the demo cannot be broken on purpose
    url = f"{demo.base_url}dataset1/changelist-1.xml"
    demo.faults.enable("malformed-xml")
    try:
        await window.open_source(url)
    finally:
        demo.faults.disable("malformed-xml")
    view = window.document_view
    if view.url != url or not view.problems.rowCount() or not window.tree_model.roots:
        raise SelfTestFailure(step, "the broken document or its problem is not shown")
    view.tabs.setCurrentIndex(2)
    view.problems_table.setCurrentIndex(view.problems.index(0, 3))
    _say(f"step {step}: ok ({view.problems.finding(0).code})")


async def run_self_test(
    window: Stage, url: str | None, screenshot: Path | None, screenshots: Path | None = None
) -> int:
    """Run the scenario under an overall deadline; 0 on success, 1 naming the failed step.
    With ``screenshots``, then take the user guide's pictures into that folder."""
    if not url:
        print("self-test FAILED: no demo URL", file=sys.stderr)
        return 1
    started = time.monotonic()
    try:
        await asyncio.wait_for(scenario(window, url), TOTAL_SECONDS)
    except SelfTestFailure as exc:
        print(f"self-test FAILED at step {exc.step}: {exc.reason}", file=sys.stderr)
        return 1
    except TimeoutError:
        print(f"self-test FAILED: no result within {TOTAL_SECONDS:.0f} s", file=sys.stderr)
        return 1
    finally:
        if screenshot is not None:
            await _screenshot(window, screenshot)
    stalls = _stalls()
    if stalls:
        print(f"self-test FAILED: {'; '.join(map(str, stalls))}", file=sys.stderr)
        return 1
    _say(f"passed in {time.monotonic() - started:.1f} s")
    if screenshots is not None:
        from explorer.ui.scenes.screenshots import take_screenshots

        await take_screenshots(window, screenshots, _say)
    return 0


def _stalls() -> list[Stall]:
    """Every hold of the event loop over ``STALL_SECONDS`` so far: the window froze."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if isinstance(app, StallWatchingApplication) and app.stall_watch is not None:
        return app.stall_watch.take()
    return []


async def _screenshot(window: Stage, path: Path) -> None:
    await asyncio.sleep(0.2)  # let the last layout and paint happen
    path.parent.mkdir(parents=True, exist_ok=True)
    if window.widget().grab().save(str(path)):
        _say(f"screenshot saved to {path}")
