"""A store written by the previous release (commit b2dc524, schema 2: reasons as English
text) opened by this one: what maps exactly to one of that release's lines gets its key
and params, said then in either language; the rest keeps its English, verbatim.

``fixtures/store_b2dc524_reasons.sql`` is that release's schema and rows of the shapes it wrote."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from explorer.core.words.engine_words import known_reason
from explorer.core.words.messages import render_message
from explorer.net.live.subscription import Subscription
from explorer.net.store.database import Store
from explorer.net.store.reasons import previous_phrase
from explorer.net.store.schema import SCHEMA_VERSION

OLD_STORE = Path(__file__).parent / "fixtures" / "store_b2dc524_reasons.sql"


@pytest.fixture
def old_store(tmp_path: Path) -> Path:
    path = tmp_path / "explorer.sqlite3"
    conn = sqlite3.connect(path)
    conn.executescript(OLD_STORE.read_text("utf-8"))
    conn.close()
    path.chmod(0o600)
    return path


def _subscriptions(store: Store) -> dict[str, Subscription]:
    return {row["id"]: Subscription.from_row(row) for row in store.subscriptions()}


def test_the_previous_release_s_reasons_get_their_keys_and_params(old_store: Path) -> None:
    store = Store(old_store)
    try:
        subs = _subscriptions(store)
        rejected = {record.id: record for record in store.notifications(status="rejected")}
    finally:
        store.close()
    conn = sqlite3.connect(old_store)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
    conn.close()

    ended = subs["s-ended"].reason
    assert ended is not None and ended.key == "events.reason-ended-by-user"
    assert known_reason(ended, "en") == "ended by the user"
    assert known_reason(ended, "ja") == "利用者が終了しました"

    renewal = subs["s-renewal"].reason
    assert renewal is not None and renewal.key == "events.reason-renewal-failed"
    gone = renewal.params["message"]  # itself a line of that release, with its own params
    assert getattr(gone, "key", None) == "events.reason-hub-gone"
    assert getattr(gone, "params", None) == {
        "hub": "http://h.test/",
        "cause": "nothing listens on h.test:80",
    }
    assert known_reason(renewal, "ja") == (
        "リース期間の更新に失敗しました（詳細: ハブ http://h.test/ はもうありません"
        "（詳細: nothing listens on h.test:80））"
    )

    signature = rejected[1].reason
    assert signature is not None and signature.key == "websub.signature-invalid.message"
    assert dict(signature.params) == {"method": "sha256", "size": 347}
    assert known_reason(signature, "en") == "sha256 signature does not match the body (347 bytes)"
    assert known_reason(signature, "ja") == "sha256 の署名がボディ（347 バイト）と一致しません。"

    quota = rejected[2].reason
    assert quota is not None and quota.key == "callback.rejected-over-quota"
    assert quota.params == {"size": 1234}
    assert known_reason(quota, "ja").startswith("拒否した配信（1,234 バイト）は保存しませんでした")


def test_what_no_line_of_that_release_says_keeps_its_english(old_store: Path) -> None:
    store = Store(old_store)
    try:
        denied = _subscriptions(store)["s-denied"].reason  # the hub's own words
        odd = {record.id: record for record in store.notifications()}[3].reason
        stored_finding = store.notifications()[0].findings[0]
    finally:
        store.close()
    for kept, english in (
        (denied, "not on the list"),
        (odd, "the body (12 bytes) is not what the hub said"),
    ):
        assert kept is not None and kept.key == "" and str(kept) == english
        assert known_reason(kept, "en") == english
        assert known_reason(kept, "ja") == f"詳細: {english}"
    # an old finding has no params: its title in Japanese, then its English as it was
    assert stored_finding.params is None
    assert stored_finding.message in render_message(stored_finding, "ja")


def test_a_read_only_look_at_the_old_store_changes_nothing_and_reads_its_english(
    old_store: Path,
) -> None:
    store = Store(old_store, read_only=True)
    try:
        ended = _subscriptions(store)["s-ended"].reason
        rejected = store.notifications(status="rejected", bodies=False)
    finally:
        store.close()
    assert ended is not None and ended.key == "" and str(ended) == "ended by the user"
    assert str(rejected[0].reason) == "sha256 signature does not match the body (347 bytes)"
    conn = sqlite3.connect(old_store)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    conn.close()


@pytest.mark.parametrize(
    "english",
    [
        "ended by the user.",  # more than the line
        "Ended by the user",  # not its words
        "sha256 signature does not match the body (347 bytes) ",
        "X-Hub-Signature 'unclosed is not method=hexdigest with a known method",
    ],
)
def test_only_an_exact_match_gets_a_key(english: str) -> None:
    assert previous_phrase(english).key == ""
