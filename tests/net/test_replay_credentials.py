"""``replay`` keeps an edited Authorization as a credential of the target's origin (the
client's hook would take it off otherwise); a target no credential can be kept for (the
window's URL field takes anything) is an error recorded, never a traceback."""

from __future__ import annotations

from pathlib import Path

from explorer.net.live.forwarding.replay import Edits, ReplayRequest, replay
from explorer.net.store.database import Store
from explorer.net.store.exchange_links import EXCHANGE


async def test_an_unusable_target_with_an_authorization_is_recorded_not_raised(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path / "s.sqlite3")
    try:
        request = ReplayRequest(EXCHANGE, 1, "GET", "http://127.0.0.1:9/", [], b"")
        edits = Edits(url="not a url", headers=[("Authorization", "Bearer t0ken-value")])
        result = await replay(store, request, edits, timeout=5)
    finally:
        store.close()
    assert result.record.status is None and result.record.error
    assert "t0ken-value" not in str(result.record.request_headers)
