"""A delivery body as the callback server keeps it: in memory while small, in a temporary
file past that, with its digest and first bytes taken as it arrives."""

from __future__ import annotations

import hashlib

from explorer.core.push.signatures import SignatureState, sign, verify_signature
from explorer.net.live.callback.received_body import PREFIX, SPOOL_AT, ReceivedBody


def _filled(size: int) -> tuple[ReceivedBody, bytes]:
    data = bytes(range(256)) * (size // 256) + b"x" * (size % 256)
    body = ReceivedBody()
    for start in range(0, len(data), 10_000):
        body.write(data[start : start + 10_000])
    return body, data


def test_a_small_body_stays_in_memory_and_readable_after_close() -> None:
    body, data = _filled(1000)
    body.close()
    assert not body.spooled
    assert body.read() == data and body.prefix == data and body.size == 1000


def test_a_large_body_is_spooled_with_its_digest_and_prefix() -> None:
    body, data = _filled(SPOOL_AT * 3 + 17)
    try:
        assert body.spooled
        assert body.size == len(data)
        assert body.prefix == data[:PREFIX]
        assert body.digest == hashlib.sha256(data).hexdigest()
        assert b"".join(body.chunks(4096)) == data
        state = verify_signature(sign("s", data), body, "s").state
        assert state == SignatureState.VALID  # checked by streaming the file
        assert verify_signature(sign("t", data), body, "s").state == SignatureState.INVALID
        assert body.read() == data
        assert not body.spooled  # read once whole: held from then on
    finally:
        body.close()
