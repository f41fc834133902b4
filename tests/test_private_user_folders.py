"""Every test runs with the user's folders pointed at a temp folder of its own
(``private_user_folders`` in conftest.py), so none can touch real user data."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from explorer.net.http.credentials import CONFIG_FOLDER, default_credential_files
from explorer.net.store.database import default_store_path


def test_the_store_lives_in_the_test_folder(private_user_folders: Path) -> None:
    assert default_store_path().is_relative_to(private_user_folders)


def test_credential_files_are_looked_for_in_the_test_folder(private_user_folders: Path) -> None:
    folder = Path(os.environ["XDG_CONFIG_HOME"]) / CONFIG_FOLDER
    assert folder.is_relative_to(private_user_folders)
    folder.mkdir(parents=True)
    (folder / "netrc").write_text("machine example.org login a password b\n")
    assert default_credential_files() == [folder / "netrc"]


@pytest.mark.parametrize("run", [1, 2])
def test_qsettings_of_any_name_write_into_the_test_folder(
    private_user_folders: Path, run: int
) -> None:
    """Twice: Qt reads XDG_CONFIG_HOME once per process, so a second test's folder is only
    used if the fixture points QSettings at it."""
    for settings in (QSettings("someone-else", "some-app"), QSettings()):
        assert Path(settings.fileName()).is_relative_to(private_user_folders)


def test_a_subprocess_inherits_the_test_folder(private_user_folders: Path) -> None:
    code = "from explorer.net.store.database import default_store_path; print(default_store_path())"
    shown = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    ).stdout.strip()
    assert Path(shown).is_relative_to(private_user_folders)
