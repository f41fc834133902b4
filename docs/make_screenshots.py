"""Regenerate docs/images/ (the user guide's screenshots) from the real window.

Usage: ``python3 docs/make_screenshots.py [--lang ja]``. Runs the self-test scenario on the embedded
demo with throw-away settings and store, then one screen per task of the guide. Uses the
display in ``DISPLAY`` (a real X server or Xvfb gives the desktop's fonts and frames),
else Qt's offscreen platform. With ``--lang ja`` the window speaks Japanese and the files
are named ``<screen>-ja.png`` (docs/user-guide.ja.md shows them); Japanese needs a CJK
font (Debian: ``fonts-noto-cjk``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

IMAGES = Path(__file__).resolve().parent / "images"


def main() -> int:
    env = dict(os.environ)
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
    command = [sys.executable, "-m", "explorer", "--self-test", "--screenshots", str(IMAGES)]
    command += sys.argv[1:]  # --lang ja
    return subprocess.run(command, env=env, check=False).returncode


if __name__ == "__main__":
    sys.exit(main())
