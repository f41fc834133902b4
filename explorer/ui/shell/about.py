"""The About box: the explorer's version and the licences of everything a bundle ships.

A PyInstaller bundle redistributes Qt and the Python libraries, so it has to say
under which licences (Qt's LGPLv3 in particular asks that users can tell Qt is
inside and can swap its shared libraries, which a onedir bundle keeps as plain files).

The dialog is non-modal and opened with ``open()``: ``exec()`` inside the qasync
loop would starve the other tasks (docs/architecture.md, "Rules of the event loop"). Hook it into a
Help menu with::

    help_menu = window.menuBar().addMenu("&Help")
    help_menu.addAction("&About ResourceSync Explorer", lambda: show_about(window))
"""

from __future__ import annotations

import sys
from html import escape
from pathlib import Path
from typing import NamedTuple

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QCoreApplication, Qt, qVersion
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from explorer import APP_NAME, __version__

APP_ID = "io.github.resourcesync_explorer"


class Component(NamedTuple):
    name: str
    licence: str  # an SPDX identifier
    url: str


COMPONENTS: tuple[Component, ...] = (
    Component(APP_NAME, "Apache-2.0", "https://www.apache.org/licenses/LICENSE-2.0"),
    Component(
        "Qt 6 and PySide6 (Qt for Python)",
        "LGPL-3.0-only",
        "https://www.gnu.org/licenses/lgpl-3.0.html",
    ),
    Component("Python", "PSF-2.0", "https://docs.python.org/3/license.html"),
    Component("lxml", "BSD-3-Clause", "https://lxml.de/"),
    Component("httpx", "BSD-3-Clause", "https://www.python-httpx.org/"),
    Component("aiohttp", "Apache-2.0 AND MIT", "https://docs.aiohttp.org/"),
    Component("qasync", "BSD-2-Clause", "https://github.com/CabbageDevelopment/qasync"),
    Component("diff-match-patch", "Apache-2.0", "https://github.com/google/diff-match-patch"),
    Component("truststore", "MIT", "https://github.com/sethmlarson/truststore"),
    Component(
        "keyring, jaraco.classes, jaraco.functools, jaraco.context, jeepney",
        "MIT",
        "https://github.com/jaraco/keyring",
    ),
    Component("SecretStorage", "BSD-3-Clause", "https://github.com/mitya57/secretstorage"),
    Component("httpcore, idna", "BSD-3-Clause", "https://opensource.org/license/bsd-3-clause"),
    Component("anyio, h11, attrs", "MIT", "https://opensource.org/license/mit"),
    Component("sniffio", "MIT OR Apache-2.0", "https://github.com/python-trio/sniffio"),
    Component(
        "multidict, yarl, frozenlist, propcache, aiosignal",
        "Apache-2.0",
        "https://www.apache.org/licenses/LICENSE-2.0",
    ),
    Component(
        "aiohappyeyeballs, typing_extensions", "PSF-2.0", "https://docs.python.org/3/license.html"
    ),
    Component("certifi (CA certificates)", "MPL-2.0", "https://www.mozilla.org/MPL/2.0/"),
    Component("slixmpp, aiodns, pycares", "MIT", "https://codeberg.org/poezio/slixmpp"),
    Component("pyasn1, pyasn1-modules", "BSD-2-Clause", "https://github.com/pyasn1/pyasn1"),
    Component(
        "PyInstaller bootloader (bundles only)",
        "GPL-2.0-or-later WITH Bootloader-exception",
        "https://pyinstaller.org/",
    ),
)


def icons_folder() -> Path:
    """``resources/icons`` in a bundle (packaging/explorer.spec puts it there) or a checkout."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle) / "resources" / "icons"
    return Path(__file__).resolve().parents[3] / "resources" / "icons"


def application_icon() -> QIcon:
    """The app icon at every rendered size; an empty icon if the files are not there."""
    icon = QIcon()
    for png in sorted((icons_folder() / "hicolor").glob(f"*/apps/{APP_ID}.png")):
        icon.addFile(str(png))
    return icon


def about_html() -> str:
    """The About text: version, runtime versions and one line per bundled component."""
    rows = "".join(
        f"<tr><td>{escape(c.name)}</td><td>&nbsp;</td>"
        f'<td><a href="{escape(c.url)}">{escape(c.licence)}</a></td></tr>'
        for c in COMPONENTS
    )
    python = ".".join(str(part) for part in sys.version_info[:3])
    purpose = QCoreApplication.translate(
        "AboutDialog", "Inspect ResourceSync Sources and debug WebSub hubs."
    )
    linking = QCoreApplication.translate(
        "AboutDialog",
        "Qt is linked dynamically: its shared libraries sit in the bundle's "
        "{folder} folder and may be replaced by compatible builds. "
        "A Linux bundle also carries system libraries of the machine it was built on "
        "(such as OpenSSL, ICU and libxcb), each under its own licence.",
    )
    return (
        f"<h3>{escape(APP_NAME)} {escape(__version__)}</h3>"
        f"<p>{escape(purpose)}</p>"
        f"<p>Qt {escape(qVersion())}, PySide6 {escape(pyside_version)}, Python {python}</p>"
        f"<table>{rows}</table>"
        f"<p>{escape(linking).format(folder='<tt>_internal/PySide6/Qt/lib</tt>')}</p>"
    )


class AboutDialog(QDialog):
    """A small non-modal window with the icon and :func:`about_html`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("About {name}").format(name=APP_NAME))
        icon = application_icon()
        self.setWindowIcon(icon)
        picture = QLabel()
        if not icon.isNull():
            picture.setPixmap(icon.pixmap(96, 96))
        picture.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.text = QLabel(about_html())
        self.text.setTextFormat(Qt.TextFormat.RichText)
        self.text.setOpenExternalLinks(True)
        self.text.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(picture)
        row.addWidget(self.text, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(buttons)


def show_about(parent: QWidget | None = None) -> AboutDialog:
    """Open the About box without blocking the event loop and return it."""
    dialog = AboutDialog(parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
