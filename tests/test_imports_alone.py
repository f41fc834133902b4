"""Every module of ``explorer`` imports on its own, first, in a clean interpreter.

A cycle between two modules (``findings`` needing ``codes`` needing ``findings``) only
breaks when one of them is imported before the other, which the rest of the suite, with
its fixed import order, never tries. One child interpreter imports each module in turn
after forgetting every ``explorer`` module imported before it, so each import starts from
nothing of ours; third-party packages stay loaded, which keeps the run to a few seconds.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "explorer"
SKIPPED = {"explorer.__main__", "explorer.core.codes.__main__"}
"""Entry points: importing them runs a command."""

_IMPORT_EACH = """
import importlib, json, sys, traceback
failed = {}
for name in json.loads(sys.argv[1]):
    for loaded in [m for m in sys.modules if m == "explorer" or m.startswith("explorer.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception:
        failed[name] = traceback.format_exc(limit=-3)
print(json.dumps(failed))
"""


def module_names() -> list[str]:
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if name not in SKIPPED:
            names.append(name)
    return names


def test_every_module_imports_alone() -> None:
    names = module_names()
    assert "explorer.core.findings" in names and "explorer.core.codes" in names
    env = {**os.environ, "PYTHONPATH": str(PACKAGE.parent), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", _IMPORT_EACH, json.dumps(names)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    failed = json.loads(done.stdout.strip().splitlines()[-1])
    assert failed == {}, "\n".join(f"{name}:\n{trace}" for name, trace in failed.items())
