#!/usr/bin/env bash
# Build the onedir bundle dist/resourcesync-explorer/ from a clean venv.
#
#   packaging/build.sh [--reuse-venv] [--archive] [--dist DIR] [--work DIR] [--venv DIR]
#
# The venv holds the project (non-editable, with PySide6-Essentials from its
# dependencies) and PyInstaller, nothing else: the hooks bundle whatever Qt
# bindings they find, so never build from an environment with full PySide6,
# PyQt5 or PyQt6 in it. pip's download cache makes a rebuild quick.
# --reuse-venv keeps an existing venv (skips the ~20 s install); --archive also
# packs the bundle as DIST/resourcesync-explorer-VERSION-SYSTEM-MACHINE.tar.gz.
# Prints the bundle's path on the last line.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VENV="$ROOT/build/venv"
DIST="$ROOT/dist"
WORK="$ROOT/build/pyinstaller"
REUSE=0
ARCHIVE=0

abspath() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }

while [ $# -gt 0 ]; do
  case "$1" in
    --reuse-venv) REUSE=1 ;;
    --archive) ARCHIVE=1 ;;
    --venv) VENV="$(abspath "$2")"; shift ;;
    --dist) DIST="$(abspath "$2")"; shift ;;
    --work) WORK="$(abspath "$2")"; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "build.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done

PYTHON="${PYTHON:-python3}"
export PIP_DISABLE_PIP_VERSION_CHECK=1

if [ "$REUSE" = 0 ] || [ ! -d "$VENV" ]; then
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV"
fi
if [ -x "$VENV/bin/python" ]; then
  VPY="$VENV/bin/python"
else
  VPY="$VENV/Scripts/python.exe"  # Windows (Git Bash)
fi

case "$(uname -s)" in
  Linux*) EXTRA=() ;;
  *) EXTRA=(pillow) ;;  # PyInstaller turns the PNG icon into .icns/.ico with Pillow
esac

# A non-editable install from a fresh copy of the sources: setuptools builds in
# <source>/build and never deletes files there, so building in the checkout would let
# a removed module live on in the bundle, and two builds at once would collide.
rm -rf "$WORK/src"
mkdir -p "$WORK/src"
cp -R "$ROOT/pyproject.toml" "$ROOT/README.md" "$ROOT/explorer" "$WORK/src/"
"$VPY" -m pip install --quiet "$WORK/src" "pyinstaller>=6.5" ${EXTRA[@]+"${EXTRA[@]}"}
if "$VPY" -m pip show --quiet PySide6-Addons >/dev/null 2>&1; then
  echo "build.sh: full PySide6 found in $VENV; the bundle must come from Essentials" >&2
  exit 1
fi

# Run from an empty folder: "python -m" puts the current folder on sys.path, and
# from the checkout PyInstaller would take explorer/ and its egg-info from there.
mkdir -p "$WORK/run"
cd "$WORK/run"
"$VPY" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$DIST" --workpath "$WORK" "$ROOT/packaging/explorer.spec"

if [ "$ARCHIVE" = 1 ]; then
  VERSION="$("$VPY" -c 'import explorer; print(explorer.__version__)')"
  PLATFORM="$(uname -s | tr '[:upper:]' '[:lower:]')-$(uname -m)"
  tar -C "$DIST" -czf "$DIST/resourcesync-explorer-$VERSION-$PLATFORM.tar.gz" resourcesync-explorer
  echo "archive: $DIST/resourcesync-explorer-$VERSION-$PLATFORM.tar.gz" >&2
fi

echo "$DIST/resourcesync-explorer"
