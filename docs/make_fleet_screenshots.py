"""The user guide's Fleet screenshots, from the real window on a real fleet.

Usage: ``python3 docs/make_fleet_screenshots.py`` (Debian's ``postgresql`` installed, the
``[test]`` extra in the environment). The self-test's screens run on the embedded demo
alone; a fleet needs a PostgreSQL database and runs, so this script makes one: a
throw-away cluster (``tests/helpers/fleet_services.py``), five small Sources on loopback
(``tests/helpers/fleet_sources.py``; one with a broken date, one failing, one never run),
each checked once by the fleet's runner. Then, in English and Japanese, it opens Tools ▸
Fleet… at 1366×768 and 1280×720 (``fleet[-720][-ja].png``) and the latest snapshot of
the Source with findings in the Source tree (``fleet-snapshot[-ja].png``) into
docs/images/. Offscreen unless ``DISPLAY`` is set. Look at them.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
SIZES = {"": (1366, 768), "-720": (1280, 720)}


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--shoot":
        return shoot(sys.argv[2], sys.argv[3], sys.argv[4])
    sys.path.insert(0, str(ROOT / "tests"))
    from helpers.fleet_db import fresh_database
    from helpers.fleet_services import postgres_server
    from helpers.fleet_sources import Resource, fleet_site

    from explorer.core.fleet.fleet_file import SourcePlan
    from explorer.net.fleet.database import FleetDatabase
    from explorer.net.fleet.runner import run_source

    env = dict(os.environ)
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
    with postgres_server() as cluster, fleet_site() as site:
        dsn = fresh_database(cluster)
        lists = [[Resource(f"/r/{n}") for n in range(40)], [Resource("/r/x")]]
        urls = {
            "library": site.put("library", lists),
            "museum": site.put("museum", [[Resource("/r/1", lastmod="yesterday")]]),
            "archive": site.put("archive", lists, changes=[("/r/1", "updated")]),
            "repository": site.put("repository", [[Resource("/r/1")]]),
            "gallery": site.put("gallery", [[Resource("/r/1")]]),
        }
        site.failing.add("/repository/description.xml")
        with FleetDatabase.connect(dsn) as database:
            database.migrate()
            for url in urls.values():
                database.put_source(SourcePlan(url, period=3600, max_rate=1000.0))
            database.claim_due(datetime.now(UTC), len(urls))  # as the beat hands them out
        for name in ("library", "museum", "archive", "repository"):
            run_source(dsn, urls[name])
        for lang in ("en", "ja"):
            command = [sys.executable, __file__, "--shoot", dsn, lang, urls["museum"]]
            done = subprocess.run(command, env=env, check=False)
            if done.returncode:
                return done.returncode
    return 0


def shoot(dsn: str, lang: str, opened: str) -> int:
    from PySide6.QtWidgets import QApplication

    app = QApplication([sys.argv[0]])
    import qasync

    with asyncio.Runner(loop_factory=qasync.QEventLoop) as runner:
        return runner.run(_shoot(app, dsn, lang, opened))


async def _shoot(app: object, dsn: str, lang: str, opened: str) -> int:
    from PySide6.QtCore import QSettings, QSize

    from explorer.ui.fleet.fleet_actions import FLEET_ACTIONS
    from explorer.ui.language import install_language
    from explorer.ui.scenes.screenshots import _save, _wait
    from explorer.ui.services import ExplorerServices
    from explorer.ui.shell.main_window import MainWindow
    from explorer.ui.shell.panels import install_panels

    install_language(lang)
    suffix = "" if lang == "en" else f"-{lang}"
    with tempfile.TemporaryDirectory(prefix="explorer-fleet-shots-") as scratch:
        settings = QSettings(str(Path(scratch) / "settings.ini"), QSettings.Format.IniFormat)
        services = ExplorerServices(store_path=Path(scratch) / "store.sqlite3")
        window = MainWindow(services, settings)
        await services.start()
        install_panels(window)
        window.show()
        window.resize(QSize(*SIZES[""]))
        window.preferences.fleet_dsn = dsn
        panel = window.part(FLEET_ACTIONS).show_fleet()
        await _wait(lambda: panel.model.rowCount() == 5, 30)
        row = [panel.model.row(n).url for n in range(5)].index(opened)
        panel.table.selectRow(row)
        for name, size in SIZES.items():
            panel.resize(QSize(*size))
            await _wait(lambda size=size: panel.size() == QSize(*size))
            print(_save(panel, IMAGES / f"fleet{name}{suffix}.png"))
        panel.open_button.click()
        await _wait(lambda: bool(window.tree_model.roots), 30)
        window.tree.setCurrentIndex(window.tree_model.index_of(window.tree_model.walk()[-1]))
        await _wait(lambda: False, 1.0)
        print(_save(window, IMAGES / f"fleet-snapshot{suffix}.png"))
        panel.close()
        window.shutdown()
        await services.aclose()
    return 0


if __name__ == "__main__":
    sys.exit(main())
