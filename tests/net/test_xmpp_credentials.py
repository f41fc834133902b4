"""An XMPP account's password in the credentials file: a ``["xmpp:JID"]`` table, read for
``listen --xmpp-jid`` and passed over by the per-origin HTTP credentials."""

from __future__ import annotations

from pathlib import Path

from explorer.net.http.credentials import load_credentials_file, xmpp_password


def test_an_xmpp_table_is_an_account_not_an_origin(tmp_path: Path) -> None:
    path = tmp_path / "credentials.toml"
    path.write_text(
        '["https://data.example.org"]\ntoken = "t0k"\n'
        '["xmpp:me@example.org"]\npassword = "s3cret"\n'
    )
    credentials = load_credentials_file(path)
    assert [origin for origin, _ in credentials] == ["https://data.example.org"]
    assert xmpp_password("me@example.org", [path]) == "s3cret"
    assert xmpp_password("other@example.org", [path]) is None
