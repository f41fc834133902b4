"""Flask-WebSub 0.4.1's hub in this process, and ``hub-check`` run against it as a user runs it.

Shared by tests/net/test_flask_websub_hub.py (the verdicts, and the command's runs once)
and tests/benchmarks/bench_flask_websub_hub_check.py (the command's runs ten times in a
row), so both start the same hub the same way.

The hub runs as its authors intend: a Flask app with the hub blueprint, served by werkzeug
in a thread, subscriptions in an SQLite file, and its Celery tasks (verification,
fetching the topic, deliveries) run by a Celery worker thread over an in-memory broker.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from celery import Celery
from celery.contrib.testing.worker import start_worker
from flask import Flask
from flask_websub.hub import Hub, SQLite3HubStorage
from werkzeug.serving import make_server

from explorer.net.conformance import CHECKS

CHECK_OPTIONS = ["--json", "--quiet", "0.5", "--slow", "60"]
"""The settle period is hub-check's default: Flask-WebSub stores a subscription in a
Celery task after answering the verification, and with four workers on a two-core
machine that took longer than half a second about once in thirty runs."""


def start_flask_websub(
    folder: Path, name: str, publish_supported: bool, workers: int = 1
) -> tuple[str, Callable[[], None]]:
    """Starts a hub; gives its URL and the function that stops it."""
    celery = Celery(name, broker="memory://")
    celery.conf.update(
        # the memory broker's queues are one per process: a queue of its own keeps each
        # hub's tasks to its own worker when two hubs run side by side
        task_default_queue=name,
        broker_connection_retry_on_startup=False,
        broker_transport_options={"polling_interval": 0.05},  # the default waits 1 s
        worker_hijack_root_logger=False,
    )
    storage = SQLite3HubStorage(str(folder / f"{name}.sqlite"))
    hub = Hub(storage, celery, REQUEST_TIMEOUT=5, MAX_ATTEMPTS=3, BACKOFF_BASE=0.2)
    app = Flask("flask_websub_under_test")
    app.config["PUBLISH_SUPPORTED"] = publish_supported
    app.register_blueprint(hub.build_blueprint(url_prefix="/hub"))
    # several worker threads, as a deployed hub has, race a verification's storing
    pool = {"pool": "threads", "concurrency": workers} if workers > 1 else {"pool": "solo"}
    worker = start_worker(celery, perform_ping_check=False, shutdown_timeout=10, **pool)
    controller = worker.__enter__()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="flask-websub", daemon=True)
    thread.start()

    def stop() -> None:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        # a warm shutdown, as a deployed worker's on SIGTERM: without it the test worker
        # notices its stop only between two of its 2-second waits for a message
        controller.stop()
        worker.__exit__(None, None, None)

    return f"http://127.0.0.1:{server.server_port}/hub", stop


def hub_check_once(hub_url: str) -> tuple[dict[str, str], float, str]:
    """Runs ``explorer hub-check`` as a process against the hub: the failing checks with
    their summaries (with ``exit`` if the command's status was not 0), the seconds it took,
    and what it wrote to stderr."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    command = [sys.executable, "-m", "explorer", "hub-check", hub_url, *CHECK_OPTIONS]
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)
    took = time.monotonic() - started
    results = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
    failing = {r["check"]: r["summary"] for r in results if r["outcome"] == "fail"}
    if len(results) != len(CHECKS):
        failing["results"] = f"{len(results)} results for {len(CHECKS)} checks"
    if done.returncode != 0:
        failing["exit"] = f"exit status {done.returncode}"
    return failing, took, done.stderr
