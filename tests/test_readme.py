"""The README's two set-up commands are the project's contract with a fresh machine."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def command_after(marker: str) -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(rf"<!-- {marker} -->\s*```sh\n(.+?)\n```", text, re.S)
    assert match, f"README has no code block after <!-- {marker} -->"
    return match.group(1).strip()


def test_readme_has_exactly_two_setup_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    quick_start = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    assert quick_start.count("```sh") == 2
    assert "pip install" in command_after("run-command")
    assert "pytest" in command_after("test-command")


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    ci_lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert command_after("test-command") in ci_lines
