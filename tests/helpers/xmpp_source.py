"""The Source's XMPP side for the XMPP PubSub tests, shared by ``listen``'s and the
window's: the Source's own account, its node, and Change Sets published to it by the
separate slixmpp client (``xmpp_publisher.py``, run as a script: none of the explorer's
code)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from helpers.prosody import PUBLISHER, PUBSUB, Prosody
from helpers.source_2012 import NODE, change_set

PUBLISHER_SCRIPT = str(Path(__file__).parent / "xmpp_publisher.py")
PUBLISHER_PASSWORD = "source-pw"


async def run_publisher(server: Prosody, *args: str) -> str:
    """Run the separate XMPP client as the Source's account; its stdout."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        PUBLISHER_SCRIPT,
        f"{PUBLISHER}@localhost",
        PUBLISHER_PASSWORD,
        "127.0.0.1",
        str(server.port),
        str(server.ca_file),
        PUBSUB,
        NODE,
        *args,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    async with asyncio.timeout(30):
        out, err = await proc.communicate()
    assert proc.returncode == 0, err.decode()
    return out.decode()


async def make_node(server: Prosody) -> None:
    """The Source's account, and its node made by it."""
    server.register(PUBLISHER, PUBLISHER_PASSWORD)
    await run_publisher(server)


async def publish(server: Prosody, folder: Path, *changes: tuple[str, str, str]) -> float:
    """Publish a Change Set of ``changes`` to the node; when the service acknowledged it
    (the publisher's clock, ``time.time()``)."""
    (folder / "changes.xml").write_bytes(change_set(*changes))
    out = await run_publisher(server, str(folder / "changes.xml"))
    return float(out.split()[-1])


async def subscribers(server: Prosody) -> str:
    """The node's subscriptions, one ``JID state`` a line (asked as its owner)."""
    return await run_publisher(server, "--subscribers")
