"""How to run each referee subscriber: the npm package's install and the command lines.

The npm ``pubsubhubbub`` subscriber is installed at the pinned version into a folder the
caller gives (the pytest cache, so once per machine, or a benchmark's own), never into the
repository; a lock keeps two test workers from installing into one folder at once.
"""

from __future__ import annotations

import fcntl
import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FLASK_WEBSUB_SCRIPT = HERE / "flask_websub_subscriber.py"
PUBSUBHUBBUB_SCRIPT = HERE / "pubsubhubbub_subscriber.js"
PUBSUBHUBBUB = "pubsubhubbub"
PUBSUBHUBBUB_VERSION = "1.0.2"
INSTALL_TIMEOUT = 300


class RefereeInstallError(RuntimeError):
    """npm or node is missing, or the pinned package would not install."""


def installed_version(modules: Path) -> str | None:
    try:
        manifest = json.loads((modules / PUBSUBHUBBUB / "package.json").read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return str(manifest.get("version"))


def install_pubsubhubbub(folder: Path) -> Path:
    """The ``node_modules`` folder holding pubsubhubbub at the pinned version."""
    npm, node = shutil.which("npm"), shutil.which("node")
    if npm is None or node is None:
        raise RefereeInstallError(
            "the npm pubsubhubbub referee needs Node.js and npm on PATH "
            "(apt-get install nodejs npm)"
        )
    folder.mkdir(parents=True, exist_ok=True)
    modules = folder / "node_modules"
    with (folder / ".install.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if installed_version(modules) != PUBSUBHUBBUB_VERSION:
            done = subprocess.run(
                [
                    npm,
                    "install",
                    "--no-audit",
                    "--no-fund",
                    "--no-save",
                    "--prefix",
                    str(folder),
                    f"{PUBSUBHUBBUB}@{PUBSUBHUBBUB_VERSION}",
                ],
                capture_output=True,
                text=True,
                timeout=INSTALL_TIMEOUT,
                check=False,
            )
            if done.returncode != 0 or installed_version(modules) != PUBSUBHUBBUB_VERSION:
                raise RefereeInstallError(
                    f"npm install {PUBSUBHUBBUB}@{PUBSUBHUBBUB_VERSION} failed "
                    f"(exit {done.returncode}): {done.stderr.strip()[-2000:]}"
                )
    return modules


TARGETS = "{topic} --caplist {caplist}"
"""What a referee is given under subscriber-check: the topic, and the Capability List for
when the topic names no hub."""


def flask_websub_command(target: str = TARGETS) -> str:
    """The shell command running the Flask-WebSub Destination on ``target``. ``exec``: the
    shell gives way to the referee, so SIGTERM reaches it alone and its exit is the
    command's (a shell that ends first would leave the unsubscribing referee to SIGKILL)."""
    return f"exec {shlex.quote(sys.executable)} {shlex.quote(str(FLASK_WEBSUB_SCRIPT))} {target}"


def pubsubhubbub_command(modules: Path, target: str = TARGETS, *, secret: bool = True) -> str:
    """The shell command running the npm pubsubhubbub Destination on ``target`` (``exec``
    as for Flask-WebSub's)."""
    node = shutil.which("node") or "node"
    words = ["exec", "env", shlex.quote(f"NODE_PATH={modules}"), shlex.quote(node)]
    words += [shlex.quote(str(PUBSUBHUBBUB_SCRIPT)), target]
    return " ".join(words + ([] if secret else ["--no-secret"]))


def listen_command(store_folder: Path) -> str:
    """The shell command running the explorer's own ``listen`` on ``{topic}``, with a fresh
    store per start (``$$``, the shell's process id) so no test inherits another's
    subscriptions, and never the user's."""
    store = shlex.quote(str(store_folder)) + "/listen-$$.sqlite3"
    return (
        f"exec {shlex.quote(sys.executable)} -m explorer listen --store {store} --topic {{topic}}"
    )
