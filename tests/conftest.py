"""Suite-wide setup. The Qt platform must be chosen before anything imports Qt (CONTRIBUTING.md,
"Tests")."""

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_API", "pyside6")
# The interface speaks English in tests whatever the machine's locale (explorer.ui.language
# follows the system's UI languages, which Qt reads from LANGUAGE first); subprocesses too,
# and the command line, which reads LANGUAGE as gettext does. A test of Japanese asks for it.
os.environ["LANGUAGE"] = "en"

import pytest

from explorer.demo import RunningDemo, start_demo

pytest_plugins = ("helpers.stall_plugin",)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (pyproject's addopts) starts one worker more than there are cores: much
    of the suite waits on the command-line processes and servers it starts, and a third
    worker on two cores fills those waits (measured: 389 s with two workers, 296 s with
    three, coverage on). ``--maxprocesses`` still caps it."""
    return (os.cpu_count() or 1) + 1


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Modules with a slow test run first, each in its own order: the workers then end
    together instead of one finishing a bundle build while the others wait. The order is
    the same on every worker, as pytest-xdist requires."""
    slow_modules = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in slow_modules)


@pytest.fixture(scope="session", autouse=True)
def shared_bytecode_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The command processes the suite starts (hundreds) share one bytecode cache in the
    session's temporary folder. Where bytecode writing is turned off
    (``PYTHONDONTWRITEBYTECODE``, as on some CI machines) each would otherwise compile the
    package anew; the cache is never written into the source tree, as the benchmarks do."""
    os.environ["PYTHONPYCACHEPREFIX"] = str(tmp_path_factory.getbasetemp() / "pycache")
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


@pytest.fixture(autouse=True)
def private_user_folders(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """No test reads or writes the user's own data, settings or credentials: the XDG
    folders (the store, ``credentials.toml`` and ``netrc`` live there) and QSettings of any
    name point at a fresh folder per test, for subprocesses too. ``HOME`` is left alone:
    the app only falls back to it when these are unset, and the interpreter's own paths
    hang off it."""
    folder = tmp_path_factory.mktemp("user")
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(folder / name.removeprefix("XDG_").lower()))
    from PySide6.QtCore import QSettings

    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    # Qt reads XDG_CONFIG_HOME once per process; the native format is INI files on Linux
    for kind in (QSettings.Format.IniFormat, QSettings.Format.NativeFormat):
        for scope in (QSettings.Scope.UserScope, QSettings.Scope.SystemScope):
            QSettings.setPath(kind, scope, str(folder / "qsettings"))
    return folder


@pytest.fixture(autouse=True)
def net_loop_errors() -> Iterator[list[dict]]:
    """An exception left unhandled on a net loop thread fails the test that caused it."""
    from explorer.net.loop_thread import LoopThread

    errors: list[dict] = []
    LoopThread.unhandled_hooks.append(errors.append)
    yield errors
    LoopThread.unhandled_hooks.remove(errors.append)
    assert not errors, f"unhandled on a net loop: {errors}"


@pytest.fixture
async def demo() -> AsyncIterator[RunningDemo]:
    """The embedded demo Source and hub on 127.0.0.1, port 0, publishing nothing by itself;
    test modules that need other demo options define their own ``demo``."""
    running = await start_demo(rate=0)
    try:
        yield running
    finally:
        await running.stop()


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """Debian's PostgreSQL for one module's fleet and shared-store tests, as a DSN; each
    test takes a database of its own in it (``helpers.fleet_db.fresh_database``)."""
    from helpers.fleet_services import postgres_server

    with postgres_server() as dsn:
        yield dsn
