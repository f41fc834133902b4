"""Where the store lives by default, in a module of its own: a command's ``--store`` help
names the path, and parsing the arguments must not load SQLite and the store's schema."""

from __future__ import annotations

import os
from pathlib import Path

APP_DIR = "resourcesync-explorer"


def default_store_path() -> Path:
    """``$XDG_DATA_HOME/resourcesync-explorer/explorer.sqlite3`` (``~/.local/share`` default)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP_DIR / "explorer.sqlite3"
