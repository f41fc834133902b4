"""Packaging: the desktop metadata, the icon set, the About box, and (slow) the bundle.

The slow test is the issue's acceptance check: packaging/build.sh makes a venv from
nothing, builds the onedir bundle, and the bundle's ``--self-test`` exits 0 offscreen.
"""

from __future__ import annotations

import configparser
import importlib.util
import os
import re
import struct
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest
from lxml import etree

from explorer import __version__

ROOT = Path(__file__).resolve().parent.parent
RESOURCES = ROOT / "resources"
APP_ID = "io.github.resourcesync_explorer"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
# Main categories from the freedesktop menu specification (Appendix A).
MAIN_CATEGORIES = {
    "AudioVideo",
    "Audio",
    "Video",
    "Development",
    "Education",
    "Game",
    "Graphics",
    "Network",
    "Office",
    "Science",
    "Settings",
    "System",
    "Utility",
}


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk, which always comes first."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    assert head[12:16] == b"IHDR"
    return struct.unpack(">II", head[16:24])


def load_render_icons() -> Callable[..., list[Path]]:
    """packaging/render_icons.py is a script, not part of the package: load it by path."""
    spec = importlib.util.spec_from_file_location(
        "render_icons", ROOT / "packaging" / "render_icons.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.render_icons


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str  # keys are case-sensitive
    parser.read(RESOURCES / f"{APP_ID}.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def metainfo() -> etree._Element:
    return etree.parse(str(RESOURCES / f"{APP_ID}.metainfo.xml")).getroot()


# --- .desktop ---------------------------------------------------------------------


def test_desktop_entry_has_the_required_keys() -> None:
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == "ResourceSync Explorer"
    assert entry["Icon"] == APP_ID
    assert entry["Terminal"] == "false"


def test_desktop_entry_runs_the_installed_command() -> None:
    program = desktop_entry()["Exec"].split()[0]
    assert program in PROJECT["scripts"]


def test_desktop_entry_lists_end_with_semicolons_and_name_one_main_category() -> None:
    entry = desktop_entry()
    for key in ("Categories", "Keywords"):
        assert entry[key].endswith(";"), key
    categories = set(entry["Categories"].rstrip(";").split(";"))
    # Two main categories would list the app twice in some menus.
    assert len(categories & MAIN_CATEGORIES) == 1


# --- AppStream ----------------------------------------------------------------------


def test_metainfo_has_the_required_elements() -> None:
    root = metainfo()
    assert root.tag == "component"
    assert root.get("type") == "desktop-application"
    for tag in ("id", "name", "summary", "metadata_license", "project_license", "description"):
        element = root.find(tag)
        assert element is not None and "".join(element.itertext()).strip(), tag
    assert root.findtext("id") == APP_ID
    assert root.findall("description/p")


def test_metainfo_agrees_with_the_project_and_the_desktop_file() -> None:
    root = metainfo()
    assert root.findtext("project_license") == PROJECT["license"]
    assert root.findtext("launchable[@type='desktop-id']") == f"{APP_ID}.desktop"
    assert (RESOURCES / root.findtext("launchable[@type='desktop-id']")).is_file()
    assert root.findtext("provides/binary") in PROJECT["scripts"]
    newest = root.find("releases/release")
    assert newest is not None and newest.get("version") == PROJECT["version"]


# --- icons --------------------------------------------------------------------------


def test_every_icon_size_exists_and_is_square_at_its_size() -> None:
    for size in ICON_SIZES:
        path = RESOURCES / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert png_size(path) == (size, size), path


def test_the_svg_source_is_square() -> None:
    svg = etree.parse(str(RESOURCES / "icons" / f"{APP_ID}.svg")).getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    _, _, width, height = (float(v) for v in svg.get("viewBox").split())
    assert width == height


def test_render_icons_draws_each_size_from_the_svg(qapp, tmp_path: Path) -> None:
    render_icons = load_render_icons()
    from PySide6.QtGui import QImage

    written = render_icons(RESOURCES / "icons" / f"{APP_ID}.svg", tmp_path, (16, 64))
    assert [png_size(p) for p in written] == [(16, 16), (64, 64)]
    centre = QImage(str(written[1])).pixelColor(32, 32)
    assert centre.alpha() == 255  # drawn, not left transparent


@pytest.mark.qt_log_ignore("^Cannot read file .*broken.svg")
def test_render_icons_refuses_a_broken_svg(qapp, tmp_path: Path) -> None:
    render_icons = load_render_icons()
    broken = tmp_path / "broken.svg"
    broken.write_text("<svg", encoding="utf-8")
    with pytest.raises(ValueError, match="not a valid SVG"):
        render_icons(broken, tmp_path)


# --- About --------------------------------------------------------------------------


def test_about_text_names_the_version_and_every_licence() -> None:
    from explorer.ui.shell.about import COMPONENTS, about_html

    text = about_html()
    assert __version__ in text
    for licence in ("Apache-2.0", "LGPL-3.0-only", "BSD-3-Clause", "BSD-2-Clause", "PSF-2.0"):
        assert licence in text
    for name in ("lxml", "httpx", "aiohttp", "qasync", "diff-match-patch", "PySide6"):
        assert any(name in c.name for c in COMPONENTS), name


def test_about_names_every_runtime_dependency() -> None:
    from explorer.ui.shell.about import COMPONENTS

    names = " ".join(c.name.lower() for c in COMPONENTS)
    for requirement in PROJECT["dependencies"]:
        package = re.split(r"[<>=!~;\[ ]", requirement)[0].lower().removesuffix("-essentials")
        assert package in names, f"{package} is bundled but the About box has no licence for it"


def test_about_dialog_opens_without_blocking_and_shows_the_icon(qtbot) -> None:
    from explorer.ui.shell.about import show_about

    dialog = show_about()
    qtbot.addWidget(dialog)
    qtbot.waitExposed(dialog)
    assert dialog.isVisible()
    assert __version__ in dialog.text.text()
    assert not dialog.windowIcon().isNull()
    dialog.reject()
    assert not dialog.isVisible()


def test_about_finds_the_icons_where_the_spec_puts_them_in_a_bundle(
    qapp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from explorer.ui.shell import about

    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert about.icons_folder() == tmp_path / "resources" / "icons"
    assert about.application_icon().isNull()
    source = RESOURCES / "icons" / "hicolor" / "48x48" / "apps" / f"{APP_ID}.png"
    target = tmp_path / "resources" / "icons" / "hicolor" / "48x48" / "apps" / source.name
    target.parent.mkdir(parents=True)
    target.write_bytes(source.read_bytes())
    assert about.application_icon().availableSizes()[0].width() == 48


# --- build hygiene ------------------------------------------------------------------


def test_build_outputs_are_git_ignored() -> None:
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert {"build/", "dist/"} <= set(ignored)


# --- the bundle (slow) --------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_build_script_makes_a_bundle_whose_self_test_passes(tmp_path: Path) -> None:
    """A fresh venv, a onedir build, then the bundle run headless, as a user would get it."""
    build = subprocess.run(
        [
            "bash",
            str(ROOT / "packaging" / "build.sh"),
            "--venv",
            str(tmp_path / "venv"),
            "--dist",
            str(tmp_path / "dist"),
            "--work",
            str(tmp_path / "work"),
        ],
        capture_output=True,
        text=True,
        timeout=540,
    )
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    bundle = Path(build.stdout.strip().splitlines()[-1])
    program = bundle / "resourcesync-explorer"
    assert program.is_file()

    internal = bundle / "_internal"
    plugins = internal / "PySide6" / "Qt" / "plugins"
    assert (plugins / "platforms" / "libqoffscreen.so").is_file()
    assert (plugins / "platforms" / "libqxcb.so").is_file()
    assert not (plugins / "platformthemes" / "libqgtk3.so").exists()
    qt_catalogs = internal / "PySide6" / "Qt" / "translations"
    assert sorted(p.name for p in qt_catalogs.iterdir()) == ["qtbase_ja.qm"]  # Qt's, in Japanese
    ours = internal / "explorer" / "ui" / "translations"
    assert {"explorer_en.qm", "explorer_ja.qm"} <= {p.name for p in ours.iterdir()}
    assert not list(internal.glob("libgtk-3*"))
    assert not list(internal.glob("PySide6/Qt/lib/libQt6Qml*")), "full PySide6 leaked in"
    icons = internal / "resources" / "icons" / "hicolor"
    assert (icons / "256x256" / "apps" / f"{APP_ID}.png").is_file()  # for the About box

    home = tmp_path / "home"
    home.mkdir()
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_CACHE_HOME": str(home / "cache"),
    }
    version = subprocess.run(
        [str(program), "--version"], capture_output=True, text=True, env=env, timeout=60
    )
    assert version.returncode == 0
    assert __version__ in version.stdout

    self_test = subprocess.run(
        [str(program), "--self-test"], capture_output=True, text=True, env=env, timeout=180
    )
    assert self_test.returncode == 0, self_test.stdout[-3000:] + self_test.stderr[-3000:]
