"""W3C Datetime parsing shared by the rules (core 1.1 §7)."""

from __future__ import annotations

import pytest

from explorer.core.rules.datetimes import explain_invalid, is_w3c_datetime, parse_w3c_datetime


@pytest.mark.parametrize(
    "value",
    [
        "2013",
        "2013-01",
        "2013-01-03",
        "2013-01-03T09:00Z",
        "2013-01-03T09:00:00Z",
        "2013-01-03T09:00:00.5Z",
        "2013-01-03T09:00:00+02:00",
        "2012-02-29T00:00:00-05:30",
        "2013-01-31T23:59:59Z",
    ],
)
def test_valid_forms(value: str) -> None:
    assert is_w3c_datetime(value)
    assert parse_w3c_datetime(value) is not None


@pytest.mark.parametrize(
    "value",
    [
        "",
        "yesterday",
        "2013-01-03T09:00:00",
        "2013-13-01",
        "2013-02-30",
        "2013-01-03T25:00Z",
        "2013/01/03",
        "20130103",
        "2013-01-03 09:00:00Z",
        "2013-01-03T09:00:00+24:00",
        "2011-02-29",
        "13-01-03",
    ],
)
def test_invalid_forms(value: str) -> None:
    assert not is_w3c_datetime(value)
    assert parse_w3c_datetime(value) is None


def test_time_zones_are_compared_in_utc() -> None:
    utc = parse_w3c_datetime("2013-01-03T09:00:00Z")
    assert parse_w3c_datetime("2013-01-03T11:00:00+02:00") == utc
    assert parse_w3c_datetime("2013-01-03T04:00:00-05:00") == utc
    fraction = parse_w3c_datetime("2013-01-03T09:00:00.25Z")
    assert utc is not None and fraction == utc + 0.25


def test_reduced_precision_starts_the_period() -> None:
    assert parse_w3c_datetime("2013") == parse_w3c_datetime("2013-01-01T00:00:00Z")


def test_hints_name_the_fix() -> None:
    assert "time zone" in explain_invalid("2013-01-03T09:00:00")
    assert "out of range" in explain_invalid("2013-02-30")
    assert "YYYY-MM-DDThh:mm:ssZ" in explain_invalid("03/01/2013")
