"""The window keeps a fleet DSN without its password, in every form libpq reads."""

from __future__ import annotations

import pytest

from explorer.core.fleet.dsn_secret import has_password, without_password


@pytest.mark.parametrize(
    ("given", "kept"),
    [
        (
            "postgresql://watcher:s3cret@db.example.org/fleet",
            "postgresql://watcher@db.example.org/fleet",
        ),
        ("postgres://watcher:@db:5433/fleet", "postgres://watcher@db:5433/fleet"),
        (
            "postgresql:///fleet?host=/run/postgresql&password=s3cret&user=watcher",
            "postgresql:///fleet?host=/run/postgresql&user=watcher",
        ),
        ("postgresql:///fleet?password=s3cret", "postgresql:///fleet"),
        (
            "host=/tmp dbname=fleet password='s3 cret' user=watcher",
            "host=/tmp dbname=fleet user=watcher",
        ),
        ("host=db dbname=fleet password=s3cret", "host=db dbname=fleet"),
    ],
)
def test_the_password_is_dropped_and_the_rest_kept(given: str, kept: str) -> None:
    assert has_password(given)
    assert without_password(given) == kept
    assert "s3" not in without_password(given)


@pytest.mark.parametrize(
    "given",
    [
        "postgresql://watcher@db.example.org/fleet",
        "host=/tmp dbname=fleet",
        "postgresql:///fleet",
        "",
    ],
)
def test_an_address_without_a_password_is_kept_as_written(given: str) -> None:
    assert not has_password(given)
    assert without_password(f"  {given} ") == given
