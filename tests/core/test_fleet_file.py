"""The fleet file: Sources read as written, every mistake refused with its line and fix."""

from __future__ import annotations

import pytest

from explorer.core import catalog
from explorer.core.fleet.durations import format_duration, parse_duration
from explorer.core.fleet.fleet_file import (
    DEFAULT_MAX_RATE,
    DEFAULT_PERIOD,
    AuditPlan,
    FleetFileError,
    SourcePlan,
    parse_fleet,
)

GOOD = """\
# two Sources
[[source]]
url = "https://a.example.org/.well-known/resourcesync"
snapshot_every = "15m"
max_rate = 5
reconcile = true
credentials = "/etc/explorer/credentials.toml"
audit = { dest = "/srv/mirror", map = { "https://cdn.example.org/" = "/srv/cdn" } }

[[source]]
url = "http://b.example.org/capabilitylist.xml"
"""


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("20s", 20), ("15m", 900), ("1h", 3600), ("2d", 172800), (" 3h ", 10800)],
)
def test_durations_read_as_written(text: str, seconds: int) -> None:
    assert parse_duration(text) == seconds
    assert parse_duration(format_duration(seconds)) == seconds


@pytest.mark.parametrize("text", ["", "1", "h", "0s", "1.5h", "1h30m", "-1m", "5w", "01m"])
def test_other_shapes_are_not_durations(text: str) -> None:
    assert parse_duration(text) is None


def test_a_fleet_file_is_read_into_plans() -> None:
    first, second = parse_fleet(GOOD, "fleet.toml")
    assert first == SourcePlan(
        url="https://a.example.org/.well-known/resourcesync",
        period=900,
        max_rate=5.0,
        reconcile=True,
        audit=AuditPlan("/srv/mirror", (("https://cdn.example.org/", "/srv/cdn"),)),
        credentials="/etc/explorer/credentials.toml",
    )
    assert second == SourcePlan("http://b.example.org/capabilitylist.xml")
    assert (second.period, second.max_rate) == (DEFAULT_PERIOD, DEFAULT_MAX_RATE)
    assert SourcePlan.from_json(first.to_json()) == first


def _refusal(text: str) -> FleetFileError:
    with pytest.raises(FleetFileError) as caught:
        parse_fleet(text, "fleet.toml")
    return caught.value


@pytest.mark.parametrize(
    ("line", "key", "expected_line", "fix"),
    [
        ('token = "s3cret"', "fleet.file.inline-secret", 4, 'credentials = "PATH"'),
        ('password = "s3cret"', "fleet.file.inline-secret", 4, 'credentials = "PATH"'),
        ('credentials = { token = "s3cret" }', "fleet.file.inline-secret", 4, "PATH"),
        ('snapshot_every = "1.5h"', "fleet.file.bad-duration", 4, '"15m"'),
        ("snapshot_every = 60", "fleet.file.bad-duration", 4, '"20s"'),
        ("max_rate = 0", "fleet.file.bad-rate", 4, "above 0"),
        ("max_rate = true", "fleet.file.bad-rate", 4, "above 0"),
        ('reconcile = "yes"', "fleet.file.bad-bool", 4, "true or false"),
        ("period = 3", "fleet.file.unknown-key", 4, "snapshot_every"),
        ("audit = { map = {} }", "fleet.file.bad-audit", 4, "dest"),
        ('credentials = ""', "fleet.file.bad-credentials", 4, "PATH"),
    ],
)
def test_each_mistake_names_its_line_and_fix(
    line: str, key: str, expected_line: int, fix: str
) -> None:
    text = f'[[source]]\nurl = "https://x.example.org/"\n\n{line}\n'
    refusal = _refusal(
        f'[[source]]\nurl = "https://ok.example.org/"\n{text}'.replace(
            '[[source]]\nurl = "https://ok.example.org/"\n', "", 1
        )
    )
    assert refusal.key == key
    assert refusal.params["line"] == expected_line
    english = str(refusal)
    assert f"fleet.toml, line {expected_line}:" in english and fix in english
    assert "s3cret" not in english
    assert refusal.describe(catalog.JAPANESE).startswith(f"fleet.toml の {expected_line} 行目")


def test_the_line_is_that_of_the_source_it_is_in() -> None:
    text = GOOD + '\n[[source]]\nurl = "ftp://c.example.org/"\n'
    refusal = _refusal(text)
    assert (refusal.key, refusal.params["line"]) == ("fleet.file.bad-url", 14)


def test_a_source_listed_twice_is_refused_naming_both_lines() -> None:
    text = GOOD + '\n[[source]]\nurl = "http://b.example.org/capabilitylist.xml"\n'
    refusal = _refusal(text)
    assert refusal.key == "fleet.file.duplicate-url"
    assert (refusal.params["line"], refusal.params["first"]) == (14, 11)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("[[source]\nurl = 1\n", "fleet.file.not-toml"),
        ("", "fleet.file.no-sources"),
        ("source = 3\n", "fleet.file.no-sources"),
        (
            '[settings]\nx = 1\n[[source]]\nurl = "https://a.example.org/"\n',
            "fleet.file.unknown-table",
        ),
    ],
)
def test_a_file_that_is_no_fleet_is_refused(text: str, key: str) -> None:
    assert _refusal(text).key == key


def test_a_toml_error_names_its_line() -> None:
    refusal = _refusal('[[source]]\nurl = "https://a.example.org/"\nmax_rate = = 2\n')
    assert (refusal.key, refusal.params["line"]) == ("fleet.file.not-toml", "3")
