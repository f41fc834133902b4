"""A private Prosody (the Debian package) on loopback for the XMPP PubSub tests: its own
config, data folder and certificate (from a CA of the test's own, ``trustme``) in a temp
folder, a ``pubsub.localhost`` component, free ports on 127.0.0.1, accounts registered
with ``prosodyctl``; stopped (and waited for) after."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import trustme

DOMAIN = "localhost"
PUBSUB = "pubsub.localhost"
PUBLISHER = "source"
START_TIMEOUT = 20.0


@dataclass
class Prosody:
    config: Path
    port: int
    ca_file: Path
    process: asyncio.subprocess.Process | None = None

    def register(self, user: str, password: str) -> str:
        """Make the account ``user@localhost``; returns its JID."""
        subprocess.run(
            ["prosodyctl", "--config", str(self.config), "register", user, DOMAIN, password],
            check=True,
            capture_output=True,
            timeout=30,
        )
        return f"{user}@{DOMAIN}"

    async def start(self) -> None:
        self.process = await asyncio.create_subprocess_exec(
            "prosody",
            "--config",
            str(self.config),
            "-F",
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        await _wait_listening(self.port, self.process)

    async def stop(self) -> None:
        process, self.process = self.process, None
        if process is None or process.returncode is not None:
            return
        process.send_signal(signal.SIGTERM)
        try:
            async with asyncio.timeout(10):
                await process.wait()
        except TimeoutError:
            process.kill()
            await process.wait()

    async def restart(self) -> None:
        """Stop and start again on the same port and data: every stream is cut."""
        await self.stop()
        await self.start()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _write_config(folder: Path, port: int, cert: Path, key: Path) -> Path:
    data = folder / "data"
    data.mkdir(mode=0o700)
    config = folder / "prosody.cfg.lua"
    config.write_text(
        f"""
run_as_root = true
admins = {{ "{PUBLISHER}@{DOMAIN}" }}  -- the Source's account: may create nodes and publish
pidfile = "{folder / "prosody.pid"}"
data_path = "{data}"
plugin_paths = {{}}
modules_enabled = {{ "roster", "saslauth", "tls", "disco", "ping", "posix" }}
modules_disabled = {{ "s2s", "http", "offline", "c2s_bidi" }}
authentication = "internal_hashed"
storage = "internal"
interfaces = {{ "127.0.0.1" }}
c2s_ports = {{ {port} }}
c2s_direct_tls_ports = {{ }}
s2s_ports = {{ }}
component_ports = {{ }}
http_ports = {{ }}
https_ports = {{ }}
c2s_require_encryption = true
allow_unencrypted_plain_auth = false
use_libevent = false
log = {{ info = "{folder / "prosody.log"}", error = "{folder / "prosody.err"}" }}
certificates = "{folder}"
ssl = {{ certificate = "{cert}", key = "{key}" }}
VirtualHost "{DOMAIN}"
Component "{PUBSUB}" "pubsub"
    ssl = {{ certificate = "{cert}", key = "{key}" }}
"""
    )
    return config


async def _wait_listening(port: int, process: asyncio.subprocess.Process) -> None:
    async with asyncio.timeout(START_TIMEOUT):
        while True:
            if process.returncode is not None:
                raise RuntimeError(f"prosody exited with {process.returncode}")
            with contextlib.suppress(OSError):
                _, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.close()
                return
            await asyncio.sleep(0.1)


@contextlib.asynccontextmanager
async def prosody(folder: Path) -> AsyncIterator[Prosody]:
    """Run ``prosody -F`` with a private config in ``folder`` until the block ends."""
    ca = trustme.CA()
    server_cert = ca.issue_cert(DOMAIN, PUBSUB)
    cert, key, ca_file = folder / "localhost.crt", folder / "localhost.key", folder / "ca.pem"
    server_cert.cert_chain_pems[0].write_to_path(str(cert))
    for blob in server_cert.cert_chain_pems[1:]:
        blob.write_to_path(str(cert), append=True)
    server_cert.private_key_pem.write_to_path(str(key))
    os.chmod(key, 0o600)
    ca.cert_pem.write_to_path(str(ca_file))
    port = _free_port()
    config = _write_config(folder, port, cert, key)
    server = Prosody(config, port, ca_file)
    try:
        await server.start()
        yield server
    finally:
        await server.stop()
