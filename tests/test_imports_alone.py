"""Every module of ``explorer`` imports on its own, first, in a clean interpreter.

A cycle between two modules (``findings`` needing ``codes`` needing ``findings``) only
breaks when one of them is imported before the other, which the rest of the suite, with
its fixed import order, never tries. A child interpreter imports each module in turn
after forgetting every ``explorer`` module imported before it, so each import starts from
nothing of ours; third-party packages stay loaded, which keeps the run to a few seconds.

Two children share the list, half each, so that one imports while the other waits on the
disk or the other test workers (the whole list is ~20 s of CPU). Forking a child per
module from one parent was measured and rejected: copying the parent's pages made it
cost more CPU (35 s against 20 s), not less.
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

CHILDREN = 2

_IMPORT_EACH = """
import gc, importlib, json, sys, traceback
# The forgotten modules are cycles of classes and functions: collecting them every hundred
# imports, not after every few hundred allocations, saves a fifth of the CPU; the imports
# themselves run the same either way.
gc.disable()
failed = {}
for count, name in enumerate(json.loads(sys.argv[1]), 1):
    for loaded in [m for m in sys.modules if m == "explorer" or m.startswith("explorer.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception:
        failed[name] = traceback.format_exc(limit=-3)
    if count % 100 == 0:
        gc.collect()
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
    shares = [names[start::CHILDREN] for start in range(CHILDREN)]
    assert sorted(name for share in shares for name in share) == sorted(names)
    children = [
        subprocess.Popen(
            [sys.executable, "-c", _IMPORT_EACH, json.dumps(share)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for share in shares
    ]
    failed: dict[str, str] = {}
    for child in children:
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err
        failed.update(json.loads(out.strip().splitlines()[-1]))
    assert failed == {}, "\n".join(f"{name}:\n{trace}" for name, trace in failed.items())
