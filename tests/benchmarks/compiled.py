"""The environment the benchmarks run the explorer's commands in: this checkout first on
the path and its bytecode cached, as it is for an installed package, even where the shell
turns bytecode off (this machine sets ``PYTHONDONTWRITEBYTECODE``). A figure is then the
command's work, not the compiling of the package at every start."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def compiled_environment(pycache: Path) -> dict[str, str]:
    """``os.environ`` with this checkout first on the path (the working folder off it) and
    bytecode written to ``pycache`` (outside the tree, so the checkout stays clean)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    # ``python -m explorer`` would put the working folder first on the path, before
    # ``PYTHONPATH``: a copy's benchmark started from another checkout measured that one
    env["PYTHONSAFEPATH"] = "1"
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env
