"""Regenerate the user guide's pictures of the hand-over report: ``report.png`` and
``report-ja.png`` in docs/images/.

Usage: ``python3 docs/make_report_screenshots.py``. Starts the embedded demo Source with
faults on (loopback, any free port), writes its report with ``inspect URL --report`` in
English and in Japanese (the same engine as the window's File ▸ Export report…), and
renders each page in headless Chromium (Debian: ``apt-get install chromium``; Japanese
needs a CJK font, ``fonts-noto-cjk``). The page loads nothing, so Chromium needs no
network.
"""

from __future__ import annotations

import asyncio
import shutil
import sys
import tempfile
from pathlib import Path

from PySide6.QtGui import QImage

from explorer.demo.server import start_demo

IMAGES = Path(__file__).resolve().parent / "images"
FAULTS = ("wrong-content-type", "wrong-namespace", "malformed-xml", "missing-link-header")
WIDTH, HEIGHT, TALL = 1280, 900, 8000
REQUIRED_RED = (0xAA, 0x00, 0x00)
"""The colour of the Required (errors) heading in the report's style."""


def _heading_top(image: QImage) -> int:
    """The first row of the Required heading, found by its colour, with a margin above;
    Chromium's headless screenshot does not scroll to a #fragment."""
    for y in range(image.height()):
        for x in range(0, image.width() // 2, 2):
            colour = image.pixelColor(x, y)
            if (colour.red(), colour.green(), colour.blue()) == REQUIRED_RED:
                return max(y - 24, 0)
    return 0


async def run(*command: str, ok: tuple[int, ...] = (0,)) -> None:
    """Run ``command`` quietly, off the loop that serves the demo."""
    process = await asyncio.create_subprocess_exec(
        *command, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL
    )
    if await process.wait() not in ok:
        raise SystemExit(f"failed: {' '.join(command)}")


async def main() -> int:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("headless Chromium is needed: apt-get install chromium", file=sys.stderr)
        return 2
    demo = await start_demo(rate=0, faults=FAULTS)
    try:
        with tempfile.TemporaryDirectory() as folder:
            for lang, name in (("en", "report.png"), ("ja", "report-ja.png")):
                page = Path(folder) / f"report-{lang}.html"
                await run(
                    sys.executable,
                    "-m",
                    "explorer",
                    "inspect",
                    str(demo.base_url),
                    "--report",
                    str(page),
                    "--lang",
                    lang,
                    ok=(0, 1),
                )  # fmt: skip  1: the Source has errors, as it should
                tall = Path(folder) / f"tall-{lang}.png"
                await run(
                    chromium, "--headless", "--no-sandbox", "--disable-gpu",
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--no-first-run",
                    f"--user-data-dir={tempfile.mkdtemp(dir=folder)}",
                    f"--screenshot={tall}", f"--window-size={WIDTH},{TALL}", page.as_uri(),
                )  # fmt: skip
                # the top (the Source, discovery, the tree), then from the Required findings
                image = QImage(str(tall))
                findings = name.replace("report", "report-findings")
                for file, top in ((name, 0), (findings, _heading_top(image))):
                    image.copy(0, top, WIDTH, HEIGHT).save(str(IMAGES / file))
                    print(f"screenshot {IMAGES / file}")
    finally:
        await demo.stop()
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
