"""Render the application icon's PNG sizes from its SVG with Qt's own renderer.

Run after editing ``resources/icons/<app id>.svg``; the PNGs are committed so that
neither a build nor a test needs to render them. They land in the freedesktop
``hicolor/<N>x<N>/apps/`` layout that the .desktop file and AppStream metadata expect.

    QT_QPA_PLATFORM=offscreen python3 packaging/render_icons.py
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

APP_ID = "io.github.resourcesync_explorer"
ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


def render_icons(svg: Path, out_dir: Path, sizes: tuple[int, ...] = SIZES) -> list[Path]:
    """Write one square PNG per size under ``out_dir/hicolor``; return their paths."""
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise ValueError(f"{svg} is not a valid SVG")
    written = []
    for size in sizes:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        target = out_dir / "hicolor" / f"{size}x{size}" / "apps" / f"{svg.stem}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target), "PNG"):
            raise OSError(f"could not write {target}")
        written.append(target)
    return written


def main() -> int:
    app = QGuiApplication(sys.argv[:1])  # QImage text/format plugins want an app
    for path in render_icons(ICONS / f"{APP_ID}.svg", ICONS):
        print(path.relative_to(ICONS.parent.parent))
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
