"""Bounded decoding of compressed bodies: limits hold while decoding, members cost linear time."""

from __future__ import annotations

import gzip
import os
import zlib

import pytest

from explorer.core.inflate import (
    MAX_CODINGS,
    BoundedDecoder,
    InflateError,
    InflateLimit,
    inflate,
    parse_content_encoding,
)

DATA = os.urandom(3000) * 20 + b"<urlset/>" * 500


def test_gzip_round_trip_in_any_chunking() -> None:
    packed = gzip.compress(DATA)
    for size in (1, 7, 4096, len(packed)):
        decoder = BoundedDecoder(["gzip"], 10**8)
        pieces = [decoder.feed(packed[i : i + size]) for i in range(0, len(packed), size)]
        assert b"".join(pieces) + decoder.finish() == DATA


def test_layers_are_undone_last_first() -> None:
    packed = zlib.compress(gzip.compress(DATA))
    assert inflate(packed, parse_content_encoding("gzip, deflate"), 10**8) == DATA


def test_deflate_accepts_zlib_and_raw_streams() -> None:
    raw = zlib.compressobj(wbits=-15)
    assert inflate(raw.compress(DATA) + raw.flush(), ["deflate"], 10**8) == DATA
    assert inflate(zlib.compress(DATA), ["deflate"], 10**8) == DATA


def test_nested_bomb_stops_at_the_limit_of_all_layers() -> None:
    inner = gzip.compress(b"\0" * (64 * 1024 * 1024), 9)
    bomb = gzip.compress(inner, 9)
    assert len(bomb) < 10_000
    with pytest.raises(InflateLimit):
        inflate(bomb, ["gzip", "gzip"], 4 * 1024 * 1024)
    decoder = BoundedDecoder(["gzip", "gzip"], 4 * 1024 * 1024)
    with pytest.raises(InflateLimit):
        decoder.feed(bomb)
    # The intermediate layer counts: its output alone is well past the limit's share.
    assert decoder.charged <= 4 * 1024 * 1024 + 2 * 256 * 1024


def test_members_concatenate_and_trailing_padding_is_ignored() -> None:
    packed = gzip.compress(b"one ") + gzip.compress(b"two") + b"\0" * 16
    assert inflate(packed, ["gzip"], 100) == b"one two"


def test_a_stream_of_empty_members_is_refused_by_count() -> None:
    packed = gzip.compress(b"") * 5000
    with pytest.raises(InflateLimit, match="members"):
        inflate(packed, ["gzip"], 10**8)


def test_many_members_are_read_in_linear_time() -> None:
    # 200,000 members: quadratic copying of the rest of the input would take minutes.
    packed = gzip.compress(b"x") * 200_000
    decoder = BoundedDecoder(["gzip"], 10**8, max_members=10**6)
    assert decoder.feed(packed) + decoder.finish() == b"x" * 200_000


@pytest.mark.parametrize(
    ("packed", "codings", "message"),
    [
        (gzip.compress(DATA)[:-12], ["gzip"], "truncated"),
        (b"not gzip at all", ["gzip"], "gzip header"),
        (b"\x1f\x8b\x08\x00" + b"\xff" * 40, ["gzip"], "corrupt"),
        (b"x", ["br"], "unsupported"),
        (b"x", ["gzip"] * (MAX_CODINGS + 1), "codings"),
    ],
    # named by what is wrong: gzip stamps the time, and every worker must collect one name
    ids=["truncated", "not-gzip", "corrupt", "unsupported", "too-many-codings"],
)
def test_bad_bodies_raise_a_clear_error(packed: bytes, codings: list[str], message: str) -> None:
    with pytest.raises(InflateError, match=message):
        inflate(packed, codings, 10**8)


def test_identity_and_empty_bodies_pass_through() -> None:
    assert inflate(DATA, [], 10**8) == DATA
    assert inflate(b"", ["gzip"], 10) == b""
    with pytest.raises(InflateLimit):
        inflate(DATA, ["identity"], 100)
