"""A window built in Japanese says in Japanese what the engine reports in English: the
Subscriptions log and reason column, the HTTP inspector's columns, the Credentials
page's kinds, the discovery tooltip, and the document names with their English once.
Words from outside (a hub's, a library's) stay as they came, behind a Japanese lead-in."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from explorer.core.findings import Finding, Severity
from explorer.core.words.messages import said as phrase
from explorer.core.words.messages import verbatim
from explorer.net.live.subscriber_events import SubscriberEvent
from explorer.net.live.subscription import State, SubscriptionView
from explorer.ui.language import install_language

TOPIC = "http://example.org/dataset1/changelist.xml"
KEPT_ENGLISH = {"HTTP", "URL", "URI", "GET", "POST", "Link", "HTML", "Bearer", "Basic", "ms"}
"""Protocol words the Japanese text keeps in ASCII, as the glossary says."""


def english_words(text: str) -> list[str]:
    """Latin words left once URLs, codes, media types, quoted outside words and protocol
    names are out."""
    text = re.sub(r"<[^>]*>|詳細: .*", "", text)  # markup; outside words behind their lead-in
    text = re.sub(r"\S+://\S*|/\.well-known/\S*|\b[a-z]+[./][a-z+-]+\b", "", text)
    return [word for word in re.findall(r"[A-Za-z]{2,}", text) if word not in KEPT_ENGLISH]


@pytest.fixture
def japanese(qapp):
    install_language("ja", qapp)
    yield qapp
    install_language("en", qapp)


def test_the_scan_sees_english_and_lets_urls_codes_and_quotes_through() -> None:
    assert english_words("検証済み http://h/x websub.denied 詳細: go away") == []
    assert english_words("verified 配信") == ["verified"]


@pytest.fixture
def panel(japanese, qtbot, qloop, tmp_path: Path):
    from explorer.ui.live.subscription_panel import SubscriptionPanel
    from explorer.ui.services import ExplorerServices

    services = ExplorerServices(store_path=tmp_path / "store.sqlite3")
    shown = SubscriptionPanel(services, spawn=lambda coro: coro.close())
    qtbot.addWidget(shown)
    return shown


def test_the_event_log_says_events_states_leases_and_reasons_in_japanese(panel) -> None:
    panel.log.clear()
    panel.on_events(
        [
            SubscriberEvent("verified", TOPIC, state="active", lease_seconds=864000),
            SubscriberEvent(
                "unsubscribed", TOPIC, state="ended", reason=phrase("events.reason-ended-by-user")
            ),
            SubscriberEvent(
                "denied", TOPIC, state="denied", reason=verbatim("spam topics not accepted")
            ),
        ]
    )
    verified, ended, denied = panel.log.toPlainText().splitlines()
    assert "検証済み" in verified and "[有効]" in verified
    assert "リース期間 864000 秒（10 日 0 時間）" in verified
    assert "利用者が終了しました" in ended
    assert "詳細: spam topics not accepted" in denied  # the hub's words, quoted
    for line in (verified, ended, denied):
        assert english_words(line) == [], line


def test_a_message_that_repeats_a_finding_is_said_once_by_the_finding(panel) -> None:
    said = "http://hub/ denied http://t/: no"
    denied = Finding(Severity.ERROR, "websub.denied", said, params={"hub": "h", "topic": "t"})
    panel.log.clear()
    panel.on_events([SubscriberEvent("error", TOPIC, message=verbatim(said), findings=[denied])])
    lines = panel.log.toPlainText().splitlines()
    assert said not in lines[0] and english_words(lines[0]) == []


def view(name: str, **fields) -> SubscriptionView:
    served = "http://127.0.0.1:8123/callback/" + name
    values = {
        "id": name,
        "topic": f"http://example.org/{name}",
        "hub": "http://example.org/hub",
        "callback_url": served,
        "state": State.ACTIVE,
        "reason": None,
        "transport": "websub",
        "dialect": "websub",
        "lease_seconds": 3600,
        "lease_expires": time.time() + 3000,
        "created": time.time(),
        "secret": None,
        "serving_url": served,
        "served": True,
    }
    values.update(fields)
    return SubscriptionView(**values)


def test_the_reason_column_and_its_tooltip_are_japanese(panel) -> None:
    from explorer.ui.live.subscriptions_model import COLUMNS

    panel.show_subscriptions(
        [
            view("stale", callback_url="http://127.0.0.1:8000/callback/stale", served=False),
            view("expired", lease_expires=time.time() - 5),
            view("stopped", serving_url=None, served=False),
            view(
                "renewal",
                renewal_error=phrase("events.reason-renewal-failed", message="http://h/ 503"),
            ),
            view(
                "ended",
                state=State.ENDED,
                reason=phrase("events.reason-ended-by-user"),
                lease_expires=None,
            ),
        ]
    )
    model, reason = panel.model, COLUMNS.index("reason")
    for row in range(model.rowCount()):
        cell = model.index(row, reason)
        for text in (cell.data(), cell.data(3)):  # the column and the row's tooltip
            assert text and english_words(text) == [], text
    stopped = next(r for r in range(model.rowCount()) if model.subscription(r).id == "stopped")
    assert "コールバックサーバーが停止" in model.index(stopped, reason).data()


def test_the_inspector_says_direction_and_kind_in_japanese(japanese) -> None:
    from explorer.net.store.records import ExchangeRecord
    from explorer.ui.inspector.exchange_model import COLUMNS, ExchangeModel
    from explorer.ui.shared.exchange_text import describe

    def record(direction: str, kind: str) -> ExchangeRecord:
        return ExchangeRecord(
            0.0, direction, kind, "POST", "http://hub/", 202, [], None, 0, [], None, 0, 1024
        )

    records = [record("out", "subscribe"), record("in", "delivery"), record("in", "verification")]
    model = ExchangeModel()
    model.add(records)
    keys = [column.key for column in COLUMNS]
    shown = [
        (model.index(row, keys.index("dir")).data(), model.index(row, keys.index("kind")).data())
        for row in range(3)
    ]
    assert shown == [("→ 送信", "サブスクライブ"), ("← 受信", "配信"), ("← 受信", "検証")]
    assert "種類 配信" in describe(records[1])
    model.set_filter("配信")  # the words the column shows find their rows
    assert model.rowCount() == 1


def test_the_credentials_page_says_each_kind_in_japanese(japanese, qtbot) -> None:
    from explorer.ui.source.auth_prompt import KEYRING, SESSION, KeptCredential
    from explorer.ui.source.credentials_page import CredentialsPage

    rows = [
        KeptCredential("https://a.example", "bearer", "bearer ••••1234", KEYRING),
        KeptCredential("https://b.example", "basic", "basic me ••••", SESSION),
        KeptCredential("https://c.example", "headers", "headers X-Key", SESSION),
    ]
    page = CredentialsPage(lambda: rows, lambda origin: None, "keyring")
    qtbot.addWidget(page)
    kinds = [page.table.item(row, 1).text() for row in range(3)]
    assert kinds == ["トークン（Bearer）", "ユーザーとパスワード（Basic）", "ヘッダー"]


def test_the_discovery_tooltip_says_each_route_s_finding_in_japanese(japanese) -> None:
    from explorer.core.words.messages import said
    from explorer.net.source.crawl_tree import CrawlResult
    from explorer.net.source.discovery import Discovery, Route, RouteAttempt
    from explorer.ui.source.discovery_text import discovery_text

    discovery = Discovery("http://example.org/")
    discovery.attempts = [
        RouteAttempt.saying(
            Route.DIRECT,
            "http://example.org/",
            False,
            said("discovery.html-page", type="text/html"),
        ),
        RouteAttempt(Route.ROBOTS, "http://example.org/robots.txt", False, "connection reset"),
    ]
    _, tried = discovery_text(CrawlResult("http://example.org/", discovery, None))
    html, robots = tried.splitlines()[1:]
    assert english_words(html) == [], html
    assert robots.endswith("— 詳細: connection reset")  # a library's words, quoted


def test_the_tree_tooltip_names_the_document_with_its_english_name(japanese) -> None:
    from explorer.net.source.crawl_tree import DocumentNode
    from explorer.ui.source.source_tree import SourceTreeModel

    model = SourceTreeModel()
    model.set_source(DocumentNode("http://example.org/capabilitylist.xml", "capabilitylist"))
    tip = model.index(0, 0).data(3)
    assert "機能リスト（Capability List）" in tip


def test_the_problem_detail_glosses_document_names_and_uses_japanese_brackets(japanese) -> None:
    from explorer.ui.shared.problems_view import describe_finding

    item = Finding(
        Severity.ERROR,
        "parse.malformed",
        "not well-formed",
        line=18,
        column=123,
        spec="XML 1.0 §2.1",
    )
    head = describe_finding(item).splitlines()[0]
    assert head == "エラー parse.malformed（18 行目 123 列、XML 1.0 §2.1）"
    from explorer.ui.language import glossed

    assert glossed("変更リストと変更リスト") == "変更リスト（Change List）と変更リスト"


def test_the_spec_column_keeps_the_translated_badge_in_view(japanese) -> None:
    from explorer.ui.shared.problems_model import ProblemsModel
    from explorer.ui.shared.problems_view import SPEC

    model = ProblemsModel()
    spec = "framework-notification 1.0.1 §2.1 Table 2"
    model.set_findings([Finding(Severity.ERROR, "document.framework-x", "m", spec=spec)])
    assert model.index(0, SPEC).data() == "framework-notification 1.0.1 §2.1 表 2（訳あり）"


def test_the_spec_column_is_wide_enough_for_a_section_and_its_badge(japanese, qtbot) -> None:
    from explorer.ui.shared.problems_model import ProblemsModel
    from explorer.ui.shared.problems_view import SPEC, ProblemsView

    view = ProblemsView(ProblemsModel())
    qtbot.addWidget(view)
    badge = view.table.fontMetrics().horizontalAdvance("§13.2.1（訳あり）")
    assert view.table.columnWidth(SPEC) >= badge


def test_the_document_header_says_kind_root_and_entries_as_the_command_line_does(japanese):
    from explorer.core.parser import parse_document
    from explorer.ui.source.document_panel import header_html

    doc = parse_document(
        b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
        b' xmlns:rs="http://www.openarchives.org/rs/terms/"><rs:md capability="resourcelist"/>'
        b"<url><loc>http://s/a</loc></url><url><loc>http://s/b</loc></url></urlset>"
    )
    assert "resourcelist（urlset）、エントリ 2 件" in header_html("http://s/rl.xml", doc, [])


def test_an_entry_diff_in_the_feed_lists_its_counts_with_the_japanese_comma(japanese) -> None:
    from explorer.core.change_descriptions import ChangeKind, EntryChange
    from explorer.ui.live.feed_panel import _change_body_html

    entry = EntryChange(
        ChangeKind.DOCUMENT, "updated", "http://s/cl.xml", capability="changelist", added=6
    )
    text = re.sub(r"<[^>]*>", "", _change_body_html(entry))
    assert "changelist: 追加 6 件、削除 0 件、変更 0 件" in text


def test_the_workbench_waits_in_seconds_said_in_japanese(japanese, qtbot) -> None:
    from explorer.ui.workbench.hub_workbench_widgets import HubWorkbenchWidgets

    widgets = HubWorkbenchWidgets()
    qtbot.addWidget(widgets)
    assert widgets.wait_spin.suffix() == widgets.quiet_spin.suffix() == " 秒"


def test_the_window_s_help_is_japanese(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-m", "explorer", "--demo", "--lang", "ja", "--help"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    )
    body = done.stdout.split("\n\n", 1)[1]  # after the usage block: names of options
    words = english_words(re.sub(r"--?[a-z-]+|\b[A-Z]+\b|\{en,ja\}|\burl\b", "", body))
    assert "表示言語" in body and words == ["ResourceSync", "Explorer", "SQLite"], body


def test_network_settings_that_cannot_be_used_say_why_in_japanese(japanese, qtbot, tmp_path):
    from PySide6.QtCore import QSettings

    from explorer.net.http.network_access import ProxyMode
    from explorer.ui.source.network_page import NetworkPage

    problems: list[str] = []
    store = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    page = NetworkPage(store, lambda settings: None, problems.append)
    qtbot.addWidget(page)
    page.proxy_mode.setCurrentIndex(page.proxy_mode.findData(ProxyMode.MANUAL.value))
    for url in ("ftp://proxy.example.org", "http://me:pw@proxy.example.org:3128"):
        page.proxy_url.setText(url)
        page.apply()
        assert english_words(problems[-1]) == [], problems[-1]
    assert "平文" in problems[-1]
